import CAllocationCounter
import FrameGrid
import Workloads
import XCTest

@testable import TerminalOutput

/// Deterministic counts: a steady run allocates nothing in diff and encode.
final class AllocationTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(fb_allocation_counter_compiled_in() == 1, "the counter is compiled out under a sanitizer")
    }

    private func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = fb_allocation_counts_now().allocations
        try body()
        return fb_allocation_counts_now().allocations - before
    }

    func testTheCounterSeesAllocations() {
        XCTAssertEqual(fb_allocation_counter_active(), 1)
        let counted = allocations {
            let array = [Int](repeating: 1, count: 1000)
            XCTAssertEqual(array.count, 1000)
        }
        XCTAssertGreaterThanOrEqual(counted, 1)
    }

    func testDiffAndEncodeAllocateNothingInASteadyScroll() throws {
        // Unoptimized builds heap-allocate inside the standard library's
        // stack-allocation helpers; the guarantee is for release builds,
        // which .ci/run tests with `swift test -c release --filter AllocationTests`.
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        let size = Size(cols: 200, rows: 50)
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        let workload = try PlainFeed(settings: WorkloadSettings(size: size, seed: 3, feedItems: 10_000))
        let sink = CountingSink()
        var grid = Grid(size: size)
        var total: UInt64 = 0
        for index in 0..<300 {
            workload.draw(frame: index, into: &grid)
            let counted = try allocations {
                let diff = renderer.diff(grid)
                renderer.encode(diff, grid)
            }
            try renderer.write(to: sink)
            renderer.commit(swapping: &grid)
            if index >= 20 { total += counted }
        }
        XCTAssertEqual(total, 0, "allocations in diff+encode over 280 steady frames")
    }

    func testDiffAndEncodeAllocateNothingWithSeveralMovesPerFrame() throws {
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        // Two panes and a sliding bar, each moving on its own: frames with two or three moves.
        let cols = 100
        let rows = 30
        func frame(_ index: Int) -> Grid {
            var grid = Grid(cols: cols, rows: rows)
            let barTop = 24 + [0, 1, 2, 3, 2, 1][index % 6]
            for y in 0..<12 {
                grid.write("left pane \(index + y) " + String(repeating: "abcdefgh", count: 12), x: 0, y: y)
            }
            grid.write(String(repeating: "=", count: cols), x: 0, y: 12)
            for y in 13..<barTop {
                grid.write("right pane \(2 * index + y) " + String(repeating: "ijklmnop", count: 12), x: 0, y: y)
            }
            for (row, line) in ["+" + String(repeating: "-", count: cols - 2) + "+", "| address bar", "+" + String(repeating: "-", count: cols - 2) + "+"].enumerated() where barTop + row < rows {
                grid.write(line, x: 0, y: barTop + row, style: Style(background: .palette(236)))
            }
            return grid
        }
        let frames = (0..<60).map(frame)
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        let sink = CountingSink()
        var total: UInt64 = 0
        var multiple = 0
        for (index, grid) in frames.enumerated() {
            let counted = try allocations {
                let diff = renderer.diff(grid)
                if diff.scrolls.count > 1 { multiple += 1 }
                renderer.encode(diff, grid)
            }
            try renderer.write(to: sink)
            renderer.commit(grid)
            if index >= 10 { total += counted }
        }
        XCTAssertGreaterThan(multiple, 30)
        XCTAssertEqual(total, 0, "allocations in diff+encode over 50 frames with several moves each")
    }

    func testUnchangedFrameAllocatesNothingAndEmitsNothing() throws {
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        var grid = Grid(cols: 80, rows: 24)
        grid.write("hello 한글", x: 0, y: 0)
        try renderer.render(grid, to: CountingSink())
        _ = renderer.diff(grid)
        var emitted = 0
        let counted = allocations {
            for _ in 0..<100 {
                let diff = renderer.diff(grid)
                renderer.encode(diff, grid)
                emitted += renderer.encoder.output.count
            }
        }
        XCTAssertEqual(counted, 0)
        XCTAssertEqual(emitted, 0)
    }
}
