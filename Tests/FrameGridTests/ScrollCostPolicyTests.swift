import XCTest

@testable import FrameGrid

/// The rules that decide when a block move pays, stated one by one.
final class ScrollCostPolicyTests: XCTestCase {
    func testMoreVotesWinAndATieGoesToTheSmallerShift() {
        XCTAssertTrue(ScrollCostPolicy.prefers(shift: 5, votes: 3, over: 1, votes: 2))
        XCTAssertFalse(ScrollCostPolicy.prefers(shift: 1, votes: 2, over: 5, votes: 3))
        XCTAssertTrue(ScrollCostPolicy.prefers(shift: -1, votes: 3, over: 2, votes: 3))
        XCTAssertFalse(ScrollCostPolicy.prefers(shift: 2, votes: 3, over: -1, votes: 3))
        XCTAssertFalse(
            ScrollCostPolicy.prefers(shift: -2, votes: 3, over: 2, votes: 3),
            "equal shifts keep the first")
        XCTAssertTrue(
            ScrollCostPolicy.prefers(shift: 4, votes: 1, over: 0, votes: 0), "any vote beats none")
    }

    func testOnlyARowThatChangedInPlaceSavesARepaint() {
        XCTAssertTrue(ScrollCostPolicy.savesRepaint(rowEqualInPlace: false))
        XCTAssertFalse(ScrollCostPolicy.savesRepaint(rowEqualInPlace: true))
    }

    func testAnExposedRowCostsARepaintOnlyWhenItWasRightAndIsNotBlank() {
        XCTAssertTrue(
            ScrollCostPolicy.exposedRowCostsRepaint(rowEqualInPlace: true, nextRowIsErased: false))
        XCTAssertFalse(
            ScrollCostPolicy.exposedRowCostsRepaint(rowEqualInPlace: true, nextRowIsErased: true))
        XCTAssertFalse(
            ScrollCostPolicy.exposedRowCostsRepaint(rowEqualInPlace: false, nextRowIsErased: false))
        XCTAssertFalse(
            ScrollCostPolicy.exposedRowCostsRepaint(rowEqualInPlace: false, nextRowIsErased: true))
    }

    func testAMovePaysOnlyWhenItSavesMoreRowsThanItLoses() {
        XCTAssertTrue(ScrollCostPolicy.regionPays(savedRows: 2, lostRows: 1))
        XCTAssertFalse(ScrollCostPolicy.regionPays(savedRows: 1, lostRows: 1))
        XCTAssertFalse(ScrollCostPolicy.regionPays(savedRows: 0, lostRows: 0))
    }

    func testAFurtherMoveMustSaveMoreCellsThanItsSequencesCost() {
        XCTAssertEqual(ScrollCostPolicy.furtherMoveMinimumSavedCells, 24)
        XCTAssertFalse(ScrollCostPolicy.furtherMovePays(savedCells: 24))
        XCTAssertTrue(ScrollCostPolicy.furtherMovePays(savedCells: 25))
        XCTAssertFalse(ScrollCostPolicy.furtherMovePays(savedCells: -3))
    }

    func testFallbackShiftsTryTheLastShiftThenOneRowEachWayOnce() {
        XCTAssertTrue(ScrollCostPolicy.fallbackShifts(lastShift: 0) == (0, 1, -1))
        XCTAssertTrue(ScrollCostPolicy.fallbackShifts(lastShift: 3) == (3, 1, -1))
        XCTAssertTrue(ScrollCostPolicy.fallbackShifts(lastShift: -4) == (-4, 1, -1))
        XCTAssertTrue(ScrollCostPolicy.fallbackShifts(lastShift: 1) == (1, 0, -1))
        XCTAssertTrue(ScrollCostPolicy.fallbackShifts(lastShift: -1) == (-1, 1, 0))
    }

    private func grid(_ lines: [String]) -> Grid {
        var grid = Grid(cols: 6, rows: lines.count)
        for (y, line) in lines.enumerated() { grid.write(line, x: 0, y: y) }
        return grid
    }

    /// The rule applied by the differ: moving rows 2-3 up to rows 0-1 saves
    /// two repaints but blanks rows 2-3, which were right and are not blank:
    /// two lost for two saved does not pay.
    func testADifferRefusesAScrollThatBlanksAsManyRightRowsAsItSaves() {
        let shown = grid(["a", "b", "c", "d", "e", "f", "g", "h"])
        let next = grid(["c", "d", "c", "d", "e", "f", "g", "h"])
        let diff = FrameDiffer().diff(shown, next)
        XCTAssertTrue(diff.scrolls.isEmpty)
        XCTAssertEqual(
            diff.spans, [DirtySpan(row: 0, start: 0, end: 1), DirtySpan(row: 1, start: 0, end: 1)])
    }

    /// One more saved row than blanked: the same move pays.
    func testADifferTakesAScrollThatSavesOneRowMoreThanItBlanks() {
        let shown = grid(["a", "b", "c", "d", "e", "f", "g", "h"])
        let next = grid(["c", "d", "e", "d", "e", "f", "g", "h"])
        let diff = FrameDiffer().diff(shown, next)
        XCTAssertEqual(Array(diff.scrolls), [ScrollRegionMove(top: 0, bottom: 4, amount: 2)])
        XCTAssertEqual(
            diff.spans, [DirtySpan(row: 3, start: 0, end: 1), DirtySpan(row: 4, start: 0, end: 1)])
    }
}
