import XCTest

@testable import FrameGrid

final class GridScrollTests: XCTestCase {
    /// A grid whose row `y` reads `label(y)`, each row with its own stamp.
    private func labelled(cols: Int, rows: Int, _ label: (Int) -> String) -> Grid {
        var grid = Grid(cols: cols, rows: rows)
        for y in 0..<rows { grid.write(label(y), x: 0, y: y) }
        return grid
    }

    /// What `scroll(rows:by:)` should leave, worked out on the rows' text and stamps.
    private func expected(
        _ lines: [String], _ stamps: [UInt64], band: Range<Int>, shift: Int
    ) -> (lines: [String], stamps: [UInt64?]) {
        var newLines = lines
        var newStamps: [UInt64?] = stamps
        for y in band {
            let from = y + shift
            if band.contains(from) {
                newLines[y] = lines[from]
                newStamps[y] = stamps[from]
            } else {
                newLines[y] = ""
                newStamps[y] = nil  // fresh
            }
        }
        return (newLines, newStamps)
    }

    func testScrollsOfRandomBandsMatchRowsMovedOneByOneAndKeepTheirStamps() {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for round in 0..<300 {
            let rows = 2 + next(14)
            let cols = 3 + next(6)
            var grid = labelled(cols: cols, rows: rows) { "r\(round % 10)\($0)" }
            // Several scrolls in a row, so the ring's origin wanders and wraps.
            for step in 0..<4 {
                let lower = next(rows)
                let upper = lower + 1 + next(rows - lower)
                let band = lower..<upper
                let shift = next(2 * band.count + 1) - band.count
                let lines = grid.lines
                let stamps = (0..<rows).map { grid.stamp(ofRow: $0) }
                let before = RowStamp.latest
                grid.scroll(rows: band, by: shift)
                let want = expected(lines, stamps, band: band, shift: shift)
                XCTAssertEqual(grid.lines, want.lines, "round \(round) step \(step) band \(band) shift \(shift)")
                for y in 0..<rows {
                    if let stamp = want.stamps[y] {
                        XCTAssertEqual(grid.stamp(ofRow: y), stamp, "round \(round) row \(y) keeps its stamp")
                    } else {
                        XCTAssertGreaterThan(grid.stamp(ofRow: y), before, "round \(round) row \(y) entered")
                    }
                }
                // Writing after the turn lands in the row asked for.
                let row = next(rows)
                grid.write("w\(step)", x: 0, y: row)
                XCTAssertTrue(grid.lines[row].hasPrefix("w\(step)"), "round \(round): write to row \(row)")
            }
        }
    }

    func testAOneRowScrollBetweenAHeaderAndAFooterMovesThreeRowsAtAnyHeight() {
        for rows in [24, 50, 100] {
            var grid = labelled(cols: 10, rows: rows) { "row \($0)" }
            let moved = grid.scroll(rows: 1..<(rows - 1), by: 1)
            XCTAssertEqual(moved, 3, "\(rows) rows: header and footer copied back, one row entered")
            XCTAssertEqual(grid.lines.first, "row 0")
            XCTAssertEqual(grid.lines[1], "row 2")
            XCTAssertEqual(grid.lines[rows - 2], "")
            XCTAssertEqual(grid.lines.last, "row \(rows - 1)")
        }
    }

    func testASmallBandInATallGridIsCopiedAlongNotTurned() {
        var grid = labelled(cols: 6, rows: 40) { "row \($0)" }
        XCTAssertEqual(grid.scroll(rows: 10..<14, by: -1), 4, "three rows copied down, one entered")
        XCTAssertEqual(Array(grid.lines[9...14]), ["row 9", "", "row 10", "row 11", "row 12", "row 14"])
    }

    func testChangedRowsCopiedFromAGridThatScrolledAreTheRowsThatEntered() {
        let rows = 60
        var source = labelled(cols: 12, rows: rows) { "line \($0)" }
        var target = source
        for step in 1...5 {
            source.scroll(rows: 1..<(rows - 1), by: 1)
            source.write("new \(step)", x: 0, y: rows - 2)
            XCTAssertEqual(target.copyChangedRows(from: source), 3, "step \(step): the new row, header and footer")
            XCTAssertEqual(target.lines, source.lines)
            for y in 0..<rows { XCTAssertEqual(target.stamp(ofRow: y), source.stamp(ofRow: y)) }
        }
    }

    func testBandsAndClearsAcrossTheRingsWrapReadAndWriteTheRowsAsShown() {
        var grid = labelled(cols: 5, rows: 6) { "b\($0)" }
        grid.scroll(rows: 0..<6, by: 4)  // rows 0 and 1 now stored last, rows 2... first
        grid.write("x", x: 0, y: 1)
        let lines = grid.lines
        let band = UnsafeMutablePointer<Cell>.allocate(capacity: 5 * 4)
        defer { band.deallocate() }
        grid.copyRows(0..<4, to: band)
        XCTAssertTrue(grid.rows(0..<4, equalCellsAt: band))
        var other = Grid(cols: 5, rows: 6)
        other.scroll(rows: 0..<6, by: 3)
        other.pasteRows(1..<5, from: band)
        XCTAssertEqual(Array(other.lines[1..<5]), Array(lines[0..<4]))
        grid.clear(rows: 1..<5)
        XCTAssertEqual(grid.lines, [lines[0], "", "", "", "", lines[5]])
        grid.fill(Rect(x: 1, y: 0, width: 2, height: 6), with: Cell.blank(.plain))
        XCTAssertEqual(grid.lines.count, 6)
    }
}
