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

/// `fill(column:rows:with:keepingBackgrounds:clip:)` puts what `put` at each
/// row in turn puts: over wide characters cut at either side, under any clip.
final class GridColumnFillTests: XCTestCase {
    func testAColumnFillEqualsPuttingEachCell() {
        let underlays = ["", "한글한글한글한글", " 한글한글한글한글", "ab🎉cd🎉ef"]
        let clips = [
            Rect(x: 0, y: 0, width: 16, height: 6), Rect(x: 2, y: 1, width: 5, height: 3),
            Rect(x: -4, y: -2, width: 40, height: 40), Rect(x: 9, y: 0, width: 2, height: 6),
        ]
        let side = Cell(cluster: "│", style: Style(foreground: .green))!
        for underlay in underlays {
            for clip in clips {
                for x in -1...16 {
                    for keeping in [false, true] {
                        var expected = Grid(cols: 16, rows: 6)
                        for y in 0..<6 {
                            expected.fill(Rect(x: 0, y: y, width: 16, height: 1), style: Style(background: .palette(UInt8(y))))
                            expected.write(underlay, x: 0, y: y, style: Style(background: .blue))
                        }
                        var actual = expected
                        for y in 1..<5 where clip.contains(x: x, y: y) {
                            var cell = side
                            if keeping && x >= 0 && x < 16 { cell.background = expected[x, y].background }
                            expected.put(cell, x: x, y: y)
                        }
                        actual.fill(column: x, rows: 1..<5, with: side, keepingBackgrounds: keeping, clip: clip)
                        for y in 0..<6 {
                            for column in 0..<16 {
                                XCTAssertEqual(actual[column, y], expected[column, y], "\(underlay) x \(x) clip \(clip) (\(column), \(y))")
                            }
                        }
                    }
                }
            }
        }
    }
}
