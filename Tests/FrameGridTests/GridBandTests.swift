import XCTest

@testable import FrameGrid

/// Whole rows copied out of a grid and back in (`Grid.copyRows`,
/// `pasteRows`), and what tells a band's rows apart without reading them:
/// rows as the last `clear` left them, rows written since a stamp.
final class GridBandTests: XCTestCase {
    func testRowsAreAsClearedUntilAWriteOrACopyFromAnotherGrid() {
        var grid = Grid(cols: 6, rows: 4)
        XCTAssertFalse(grid.rowsAreAsCleared(0..<4), "a new grid claims nothing")
        let blue = Style(background: .blue)
        grid.clear(blue)
        XCTAssertTrue(grid.rowsAreAsCleared(0..<4))
        XCTAssertEqual(grid.clearedBlank, Cell.blank(blue))
        grid.write("x", x: 2, y: 1, style: .plain, clip: grid.bounds)
        XCTAssertTrue(grid.rowsAreAsCleared(0..<1))
        XCTAssertFalse(grid.rowsAreAsCleared(0..<2))
        XCTAssertTrue(grid.rowsAreAsCleared(2..<4))

        // Rows copied in keep the source's stamps, which may be older than this grid's clear.
        var source = Grid(cols: 6, rows: 4)
        source.write("older", x: 0, y: 3, style: .plain, clip: source.bounds)
        grid.clear()
        XCTAssertTrue(grid.rowsAreAsCleared(0..<4))
        grid.copyChangedRows(from: source)
        XCTAssertFalse(grid.rowsAreAsCleared(0..<1))
        XCTAssertEqual(grid.line(3), "older ")
    }

    func testPastedRowsAreTheCopiedCellsWithFreshStamps() {
        var grid = Grid(cols: 5, rows: 4)
        grid.clear()
        grid.write("ab漢", x: 0, y: 1, style: Style(foreground: .red), clip: grid.bounds)
        grid.write("cd", x: 3, y: 2, style: .plain, clip: grid.bounds)
        let band = UnsafeMutablePointer<Cell>.allocate(capacity: 10)
        defer { band.deallocate() }
        grid.copyRows(1..<3, to: band)
        XCTAssertTrue(grid.rows(1..<3, equalCellsAt: band))
        XCTAssertFalse(grid.rows(0..<2, equalCellsAt: band))

        var other = Grid(cols: 5, rows: 4)
        other.clear(Style(background: .green))
        let stamps = (0..<4).map { other.stamp(ofRow: $0) }
        let before = RowStamp.latest
        other.pasteRows(2..<4, from: band)
        XCTAssertEqual(other.lines, ["", "", "ab漢", "   cd"])
        XCTAssertEqual(other[0, 2].style.foreground, .red)
        XCTAssertEqual(other[2, 2].width, 2)
        XCTAssertEqual(other[0, 1].style.background, .green)
        XCTAssertEqual(other.stamp(ofRow: 1), stamps[1])
        XCTAssertGreaterThan(other.stamp(ofRow: 2), before)
        XCTAssertFalse(other.rowsAreAsCleared(2..<3))
        XCTAssertTrue(other.rowsWritten(since: before, outside: 0..<2))
        XCTAssertFalse(other.rowsWritten(since: before, outside: 2..<4))
    }

    func testRowsUsingTheArenaAreTold() {
        var grid = Grid(cols: 8, rows: 3)
        grid.clear()
        grid.write("👨‍👩‍👧‍👦", x: 0, y: 1, style: .plain, clip: grid.bounds)
        XCTAssertFalse(grid.rowsUseArena(0..<1))
        XCTAssertTrue(grid.rowsUseArena(0..<2))
        XCTAssertTrue(grid.rowsUseArena(1..<3))
        XCTAssertFalse(grid.rowsUseArena(2..<3))
    }
}
