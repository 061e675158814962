import XCTest

@testable import FrameGrid

/// `Grid.write(_:utf8:...)` draws a line of a longer text by its byte
/// offsets: it must draw exactly what writing that line as a substring does,
/// including where the bytes after the line would join its last cluster.
final class GridLineWriteTests: XCTestCase {
    /// Draws `text`'s bytes `range` both ways, at several origins and clips, and compares the cells.
    private func assertLineDrawsAsSubstring(_ text: String, _ range: Range<Int>, file: StaticString = #filePath, line: UInt = #line) {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        for x in [-3, -1, 0, 2] {
            for clip in [nil, Rect(x: 1, y: 0, width: 5, height: 1), Rect(x: 0, y: 0, width: 3, height: 1)] {
                var expected = Grid(cols: 12, rows: 1)
                var actual = Grid(cols: 12, rows: 1)
                // Something under the text, so cut wide characters show.
                expected.write("한글한글한글", x: 0, y: 0)
                actual.write("한글한글한글", x: 0, y: 0)
                let expectedEnd = expected.write(text[start..<end], x: x, y: 0, style: .plain, clip: clip)
                let actualEnd = actual.write(text, utf8: range, x: x, y: 0, style: .plain, clip: clip)
                XCTAssertEqual(actualEnd, expectedEnd, "x \(x), clip \(String(describing: clip))", file: file, line: line)
                XCTAssertEqual(actual.lines, expected.lines, "x \(x), clip \(String(describing: clip))", file: file, line: line)
                for column in 0..<12 {
                    XCTAssertEqual(actual[column, 0], expected[column, 0], "column \(column), x \(x)", file: file, line: line)
                }
            }
        }
    }

    func testALineOfASCIIDrawsAsItsSubstring() {
        assertLineDrawsAsSubstring("hello world again", 6..<11)
    }

    func testALineEndingBeforeACombiningMarkDoesNotTakeTheMark() {
        // The line ends after "e"; the mark after it belongs to the next line's bytes.
        let text = "abe\u{301}cd"
        assertLineDrawsAsSubstring(text, 0..<3)
        assertLineDrawsAsSubstring(text, 3..<text.utf8.count)
    }

    func testALineOfWideAndJoinedClustersDrawsAsItsSubstring() {
        let text = "x한글😀👨\u{200D}👩y"
        assertLineDrawsAsSubstring(text, 1..<text.utf8.count - 1)
        assertLineDrawsAsSubstring(text, 0..<7)
    }

    func testAnEmptyLineDrawsNothing() {
        var grid = Grid(cols: 4, rows: 1)
        XCTAssertEqual(grid.write("abc", utf8: 1..<1, x: 2, y: 0), 2)
        XCTAssertEqual(grid.lines, [""])
    }
}
