import XCTest

@testable import FrameGrid

/// A line's cells made apart from a grid (`Grid.writeCells`) and copied in
/// (`Grid.paste`) give the grid exactly what writing the line there does:
/// the same cells, a fresh stamp, and the same repairs of wide characters
/// cut at both edges.
final class GridPasteTests: XCTestCase {
    private let lines = [
        "", "a", "hello world", "안녕하세요", "a한b글c", "🎉🚀✨", "e\u{301}te\u{301}", "ab\u{200F}cd",
        "ctl\u{1B}[2Jx", "tab\there", "\u{301}mark first", "x\u{7F}y\u{9B}z", "🇰🇷🇯🇵", "👩‍👩‍👧‍👦 family",
    ]
    /// What lies under the text: wide characters, so every cut at an edge shows.
    private let underlays = ["", "한글한글한글한글한글", " 한글한글한글한글한글", "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"]

    func testPastingALinesCellsEqualsWritingTheLine() throws {
        let style = Style(foreground: .red, background: .blue, attributes: [.bold])
        var room = [Cell](repeating: .erased, count: 256)
        for text in lines {
            let range = 0..<text.utf8.count
            let columns = room.withUnsafeMutableBufferPointer { buffer in
                Grid.writeCells(of: text, utf8: range, style: style, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(2 * range.count)]))
            }
            guard let columns else {
                XCTAssertTrue(text.contains("👩‍👩‍👧‍👦"), "only clusters needing the arena are refused: \(text)")
                continue
            }
            for underlay in underlays {
                for x in 0...(max(0, 20 - columns)) {
                    var written = Grid(cols: 20, rows: 2)
                    written.write(underlay, x: 0, y: 1)
                    var pasted = written
                    let end = written.write(text, utf8: range, x: x, y: 1, style: style)
                    XCTAssertEqual(end - x, columns, "columns of \(text)")
                    let stampBefore = pasted.stamp(ofRow: 1)
                    room.withUnsafeBufferPointer { pasted.paste(UnsafeBufferPointer(rebasing: $0[0..<columns]), x: x, y: 1) }
                    XCTAssertNotEqual(pasted.stamp(ofRow: 1), stampBefore, "a pasted row gets a fresh stamp")
                    for column in 0..<20 {
                        XCTAssertEqual(pasted[column, 1], written[column, 1], "\(text) over \(underlay) at \(x), column \(column)")
                    }
                }
            }
        }
    }

    func testALineNeedingTheArenaIsNotKeptApart() {
        let text = "👩‍👩‍👧‍👦"
        var room = [Cell](repeating: .erased, count: 2 * text.utf8.count)
        let columns = room.withUnsafeMutableBufferPointer {
            Grid.writeCells(of: text, utf8: 0..<text.utf8.count, style: .plain, into: $0)
        }
        XCTAssertNil(columns)
    }
}
