import XCTest

@testable import FrameGrid

final class RowComparisonTests: XCTestCase {
    /// Every width from one cell to 200, with one cell changed at each
    /// column in turn (glyph or style only): a difference anywhere is seen,
    /// and equal rows are equal.
    func testRowsEqualFindsADifferenceInAnyCellOfAnyWidth() {
        for cols in [1, 2, 3, 7, 8, 9, 10, 16, 17, 31, 80, 120, 133, 200] {
            var shown = Grid(cols: cols, rows: 2)
            for x in 0..<cols { shown.write(String(UnicodeScalar(UInt8(97 + x % 26))), x: x, y: 1) }
            let same = shown
            XCTAssertTrue(RowComparison.rowsEqual(shown, 1, same, 1), "\(cols) columns")
            XCTAssertTrue(RowComparison.rowsEqual(shown, 0, same, 0), "\(cols) columns")
            for x in 0..<cols {
                var changed = shown
                changed.write("#", x: x, y: 1)
                XCTAssertFalse(RowComparison.rowsEqual(shown, 1, changed, 1), "\(cols) columns, column \(x)")
                var restyled = shown
                restyled.write(changed.string(of: shown[x, 1].glyph), x: x, y: 1, style: Style(attributes: .bold))
                XCTAssertFalse(
                    RowComparison.rowsEqual(shown, 1, restyled, 1), "style only, \(cols) columns, column \(x)")
            }
        }
    }
}
