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
