import FrameGrid
import Foundation
import Layout
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Per-view layout cost: every measured frame with view work gets its costliest view, the
/// costs nest inside the layout phase, and the probe is gone afterwards.
final class ViewProfilerTests: XCTestCase {
    private func settings(frames: Int = 60, script: String = "tour") -> RunSettings {
        var settings = RunSettings(
            workload: "profile-feed", frames: frames,
            workloadSettings: WorkloadSettings(size: Size(cols: 80, rows: 24), seed: 2, feedItems: 2_000, script: script),
            catalog: WorkloadFactory.catalog)
        settings.name = "profile-feed-80x24"
        return settings
    }

    func testEveryMeasuredFrameNamesItsCostliestViewInsideTheLayoutPhase() throws {
        var settings = settings()
        let profiler = ViewProfiler(warmUpFrames: settings.warmUpFrames)
        settings.viewProfiler = profiler
        let document = try SuiteRunner(benchmarks: [settings]).run().document
        XCTAssertNil(LayoutProbes.current, "the probe is removed after each frame")
        let report = profiler.report()
        let measured = Array(settings.warmUpFrames..<settings.frames)
        // A frame in which no view did any work (its host skipped layout and
        // copied its last frame) has no costliest view, and changed no cell.
        let named = report.frames.keys.sorted()
        XCTAssertTrue(Set(named).isSubset(of: measured), "\(named)")
        XCTAssertGreaterThan(named.count, measured.count / 2)
        let dirtyCells = document.scenarios[0].frames(.dirtyCells)
        for (offset, frame) in measured.enumerated() where report.frames[frame] == nil {
            XCTAssertEqual(dirtyCells[offset], 0, "frame \(frame) named no view but changed cells")
        }
        XCTAssertGreaterThan(report.paths.count, 10)
        // Paths start at the host's root node and name node types.
        let roots = Set(report.paths.map { $0.name.split(separator: "/").first! })
        XCTAssertEqual(roots.count, 1, "\(roots)")
        // A frame's costliest view's own time is part of that frame's layout phase.
        let layout = document.scenarios[0].frames(.layoutTime)
        for (offset, frame) in measured.enumerated() {
            guard let view = report.frames[frame] else { continue }
            XCTAssertLessThanOrEqual(Double(view.nanoseconds), layout[offset], "frame \(frame): \(view.path)")
            XCTAssertTrue(report.paths.contains { $0.name == view.path })
        }
        // Types aggregate their paths.
        XCTAssertEqual(
            report.types.reduce(0) { $0 + $1.selfNanoseconds }, report.paths.reduce(0) { $0 + $1.selfNanoseconds })
        XCTAssertEqual(report.types.reduce(0) { $0 + $1.calls }, report.paths.reduce(0) { $0 + $1.calls })
        let table = report.text(
            title: "profile-feed", count: 5,
            frameTimes: measured.enumerated().map { ($1, document.scenarios[0].frames(.frameTime)[$0]) })
        XCTAssertTrue(table.contains("by view type"))
        XCTAssertTrue(table.contains("slowest frames and the view that cost each the most"))
    }

    func testAProfiledRunLeavesNothingBehind() throws {
        let before = try SuiteRunner(benchmarks: [settings(script: "steady")]).run().document.scenarios[0]
        var profiled = settings(script: "steady")
        profiled.viewProfiler = ViewProfiler(warmUpFrames: profiled.warmUpFrames)
        _ = try SuiteRunner(benchmarks: [profiled]).run()
        XCTAssertNil(LayoutProbes.current)
        let after = try SuiteRunner(benchmarks: [settings(script: "steady")]).run().document.scenarios[0]
        XCTAssertEqual(after.frames(.allocations), before.frames(.allocations))
    }

    func testQuarterOctaveBinsHoldTheirValues() {
        for value: UInt64 in [0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 1_000, 65_535, 1_000_000, 123_456_789] {
            let bin = ViewProfiler.bin(value)
            XCTAssertGreaterThanOrEqual(ViewProfiler.upperEdge(bin), value, "\(value)")
            if bin > 0 { XCTAssertLessThan(ViewProfiler.upperEdge(bin - 1), value, "\(value)") }
        }
        var row = ViewCostRow(name: "x")
        for value in 1...100 { row.frameHistogram[ViewProfiler.bin(UInt64(value * 1_000))] += 1 }
        XCTAssertEqual(Double(row.frameP99), 99_000, accuracy: 99_000 * 0.2)
    }
}

/// In release builds (what `.ci/run` runs with `--filter AllocationTests`),
/// profiling views allocates nothing in measured frames: once its paths are
/// known (in warm-up) the probe only reads clocks and counters.
final class ViewProfilerAllocationTests: XCTestCase {
    func testProfilingAddsNoAllocationsToMeasuredFrames() throws {
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        func settings() -> RunSettings {
            var settings = RunSettings(
                workload: "profile-feed", frames: 60,
                workloadSettings: WorkloadSettings(size: Size(cols: 80, rows: 24), seed: 2, feedItems: 2_000, script: "steady"),
            catalog: WorkloadFactory.catalog)
            settings.name = "profile-feed-80x24"
            return settings
        }
        let plain = try SuiteRunner(benchmarks: [settings()]).run().document.scenarios[0]
        var profiled = settings()
        profiled.viewProfiler = ViewProfiler(warmUpFrames: profiled.warmUpFrames)
        let during = try SuiteRunner(benchmarks: [profiled]).run().document.scenarios[0]
        XCTAssertEqual(during.frames(.layoutAllocations), plain.frames(.layoutAllocations))
    }
}
