import CAllocationCounter
import FrameGrid
import TerminalOutput
import Workloads
import XCTest

/// plain-feed drawn over the grid it drew last scrolls that grid's page and
/// writes only the rows that enter: the same frames as drawing every row,
/// for the rows that enter, at any screen height.
final class PlainFeedScrollTests: XCTestCase {
    private func feed(_ size: Size) throws -> PlainFeed {
        try PlainFeed(settings: WorkloadSettings(size: size, seed: 11, feedItems: 5_000))
    }

    /// Every cell of two grids, compared as terminals show them.
    private func assertSameCells(_ got: Grid, _ want: Grid, _ message: String) {
        XCTAssertEqual(got.lines, want.lines, message)
        for y in 0..<want.rows {
            for x in 0..<want.cols where got[x, y] != want[x, y] || got.string(of: got[x, y].glyph) != want.string(of: want[x, y].glyph) {
                XCTFail("\(message): cell \(x),\(y) differs")
                return
            }
        }
    }

    func testFramesDrawnOverTheLastOneEqualFramesDrawnWholeThroughStepsJumpsAndBackwards() throws {
        let size = Size(cols: 44, rows: 12)
        let scrolled = try feed(size)
        let reference = try feed(size)
        var grid = Grid(size: size)
        // Steady steps, a step of three, steps back, a jump past the page, no move.
        let indices = Array(0..<40) + [43, 44, 42, 41, 41, 200, 201, 202, 195] + Array(196..<230)
        for index in indices {
            scrolled.draw(frame: index, into: &grid)
            var whole = Grid(size: size)
            reference.draw(frame: index, into: &whole)
            assertSameCells(grid, whole, "frame \(index)")
        }
    }

    func testASteadyScrollWritesOneRowCopiesThreeAndDiffsAsOneMoveAtAnyHeight() throws {
        for size in [Size(cols: 80, rows: 24), Size(cols: 80, rows: 100)] {
            let workload = try feed(size)
            let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
            let sink = CountingSink()
            var grid = Grid(size: size)
            var shown = Grid(size: size)
            for index in 0..<30 {
                let before = RowStamp.latest
                workload.draw(frame: index, into: &grid)
                let written = (0..<size.rows).filter { grid.stamp(ofRow: $0) > before }.count
                let copied = shown.copyChangedRows(from: grid)
                let diff = renderer.diff(grid)
                if index >= 2 {
                    XCTAssertEqual(written, 1, "\(size) frame \(index): rows written")
                    XCTAssertEqual(copied, 3, "\(size) frame \(index): rows copied to a kept copy")
                    XCTAssertEqual(diff.scrolls.count, 1, "\(size) frame \(index): one move")
                    XCTAssertEqual(diff.rowsTouched, 1, "\(size) frame \(index): only the entering row painted")
                }
                renderer.encode(diff, grid)
                try renderer.write(to: sink)
                renderer.commit(grid)
            }
        }
    }

    func testAGridItDidNotDrawIsDrawnWhole() throws {
        let size = Size(cols: 30, rows: 8)
        let workload = try feed(size)
        var grid = Grid(size: size)
        workload.draw(frame: 5, into: &grid)
        grid.write("scribble", x: 0, y: 3)  // the grid no longer holds frame 5
        workload.draw(frame: 6, into: &grid)
        var whole = Grid(size: size)
        try feed(size).draw(frame: 6, into: &whole)
        assertSameCells(grid, whole, "frame 6 over a changed grid")
    }
}

/// Release-only (CI's `swift test -c release --filter AllocationTests` runs it).
final class PlainFeedScrollAllocationTests: XCTestCase {
    func testASteadyScrollAllocatesNothingInDrawingDiffEncodeAndCommit() throws {
        try XCTSkipUnless(fb_allocation_counter_compiled_in() == 1, "the counter is compiled out under a sanitizer")
        // Unoptimized builds allocate in the standard library's stack helpers (see AllocationTests).
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        let size = Size(cols: 200, rows: 50)
        let workload = try PlainFeed(settings: WorkloadSettings(size: size, seed: 11, feedItems: 5_000))
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        let sink = CountingSink()
        var grid = Grid(size: size)
        var total: UInt64 = 0
        for index in 0..<300 {
            workload.update(frame: index)  // items are made here, as in the harness's update phase
            let before = fb_allocation_counts_now().allocations
            workload.draw(frame: index, into: &grid)
            let diff = renderer.diff(grid)
            renderer.encode(diff, grid)
            try renderer.write(to: sink)
            renderer.commit(grid)
            if index >= 20 { total += fb_allocation_counts_now().allocations - before }
        }
        XCTAssertEqual(total, 0, "allocations in draw, diff, encode, write and commit over 280 scrolled frames")
    }
}
