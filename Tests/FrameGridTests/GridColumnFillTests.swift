import XCTest

@testable import FrameGrid

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

    /// A box's two sides filled a column at a time give what putting them row
    /// by row, left then right, gives, wherever they meet (1 to 3 columns apart).
    func testTwoSidesFilledAColumnAtATimeEqualPuttingThemRowByRow() {
        let underlays = ["", "한글한글한글한글", " 한글한글한글한글", "a🎉b🎉c🎉d🎉"]
        let left = Cell(cluster: "│", style: Style(foreground: .green))!
        let right = Cell(cluster: "┃", style: Style(foreground: .red))!
        let clip = Rect(x: 0, y: 0, width: 12, height: 4)
        for underlay in underlays {
            for x in 0..<10 {
                for gap in 1...3 {
                    for keeping in [false, true] {
                        var expected = Grid(cols: 12, rows: 4)
                        for y in 0..<4 { expected.write(underlay, x: 0, y: y, style: Style(background: .palette(UInt8(y + 1)))) }
                        var actual = expected
                        for y in 0..<4 {
                            for (cell, column) in [(left, x), (right, x + gap)] where column < 12 {
                                var copy = cell
                                if keeping { copy.background = expected[column, y].background }
                                expected.put(copy, x: column, y: y)
                            }
                        }
                        actual.fill(column: x, rows: 0..<4, with: left, keepingBackgrounds: keeping, clip: clip)
                        actual.fill(column: x + gap, rows: 0..<4, with: right, keepingBackgrounds: keeping, clip: clip)
                        for y in 0..<4 {
                            for column in 0..<12 {
                                XCTAssertEqual(actual[column, y], expected[column, y], "\(underlay) x \(x) gap \(gap) (\(column), \(y))")
                            }
                        }
                    }
                }
            }
        }
    }
}
