import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness

/// The gate flags real regressions and does not cry wolf. The slower
/// variants add 3 ms a frame, many times a frame's own time even under a
/// sanitizer, so the verdicts do not depend on how busy the machine is.
final class GateTests: XCTestCase {
    private func document(
        _ injection: RegressionInjection = RegressionInjection(), frames: Int = 300, runs: Int = 1
    ) throws -> RunDocument {
        var settings = RunSettings(
            workload: PlainFeed.name, frames: frames,
            workloadSettings: WorkloadSettings(size: Size(cols: 60, rows: 12), seed: 5, feedItems: 10_000),
            backend: .framebench, term: "xterm-256color")
        settings.name = "gate-test"
        settings.injection = injection
        settings.repeats = runs
        return try SuiteRunner(benchmarks: [settings]).run().document
    }

    private func verdicts(_ report: ComparisonReport, _ metric: Metric) -> [Verdict] {
        report.rows.filter { $0.metric == metric }.map(\.verdict)
    }

    func testTwoRunsOfTheSameBuildAgreeOnEveryDeterministicMetric() throws {
        let report = Comparison.compare(baseline: try document(), candidate: try document())
        for metric in [Metric.allocations, .bytes, .dirtyCells, .dirtyRows, .dirtyRects, .scrollOperations] {
            XCTAssertEqual(Set(verdicts(report, metric)), [.unchanged], "\(metric)")
        }
    }

    func testOneMoreAllocationPerFrameIsFlaggedAndFailsTheGate() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "allocations are not counted under a sanitizer")
        let report = Comparison.compare(
            baseline: try document(), candidate: try document(RegressionInjection(allocationsPerFrame: 1)))
        XCTAssertTrue(verdicts(report, .allocations).contains(.worse))
        XCTAssertTrue(report.failed)
        let row = try XCTUnwrap(report.rows.first { $0.metric == .allocations && $0.statistic == "mean" })
        XCTAssertEqual(row.candidate - row.baseline, 1, accuracy: 1e-9)
    }

    func testADeliberatelySlowerRenderStageIsFlaggedWhenEachSideHasEnoughRuns() throws {
        let report = Comparison.compare(
            baseline: try document(frames: 60, runs: 5),
            candidate: try document(RegressionInjection(delayNanoseconds: 3_000_000), frames: 60, runs: 5))
        XCTAssertEqual(verdicts(report, .frameTime), [.worse])
        XCTAssertTrue(report.failed)
        XCTAssertTrue(report.rows[0].evidence.contains("run medians agree"), report.rows[0].evidence)
    }

    func testASlowerSingleRunIsReportedButCannotGate() throws {
        let report = Comparison.compare(
            baseline: try document(), candidate: try document(RegressionInjection(delayNanoseconds: 3_000_000)))
        XCTAssertEqual(verdicts(report, .frameTime), [.worse])
        XCTAssertFalse(report.failed)
        XCTAssertTrue(report.rows[0].evidence.contains("too few"), report.rows[0].evidence)
    }

    func testRunMediansThatOverlapOverruleTheFrames() {
        var row = MetricComparison(
            scenario: "s", metric: .frameTime, statistic: "p50", baseline: 10, candidate: 11, verdict: .worse, evidence: "")
        Comparison.judgeRuns(&row, [10, 12, 9, 11, 13], [11, 10, 12, 9, 14])
        XCTAssertEqual(row.verdict, .unchanged)
        var separated = MetricComparison(
            scenario: "s", metric: .frameTime, statistic: "p50", baseline: 10, candidate: 20, verdict: .worse, evidence: "")
        Comparison.judgeRuns(&separated, [10, 11, 10.5, 9.5, 10.2], [20, 21, 19, 22, 20.5])
        XCTAssertEqual(separated.verdict, .worse)
    }

    func testTimingAgainstAStoredBaselineReportsWithoutGatingUnlessAsked() throws {
        let baseline = try document()
        let slower = try document(RegressionInjection(delayNanoseconds: 3_000_000))
        let reported = Comparison.compare(baseline: baseline, candidate: slower, timingGates: false)
        XCTAssertEqual(verdicts(reported, .frameTime), [.worse])
        XCTAssertFalse(reported.failed)
    }

    func testTimingFromAnotherMachineIsNotComparableButDeterministicMetricsStillGate() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "allocations are not counted under a sanitizer")
        var baseline = try document()
        baseline.machine.cpu = "Some Other CPU"
        let report = Comparison.compare(
            baseline: baseline, candidate: try document(RegressionInjection(allocationsPerFrame: 2, delayNanoseconds: 3_000_000)))
        XCTAssertEqual(verdicts(report, .frameTime), [.notComparable])
        XCTAssertTrue(verdicts(report, .allocations).contains(.worse))
        XCTAssertTrue(report.failed)
    }

    func testDifferentSettingsAreNotComparable() throws {
        let baseline = try document(frames: 300)
        let candidate = try document(frames: 200)
        let report = Comparison.compare(baseline: baseline, candidate: candidate)
        XCTAssertEqual(Set(report.rows.map(\.verdict)), [.notComparable])
        XCTAssertFalse(report.failed)
    }

    func testBudgetsFailTheGateWhenExceeded() throws {
        let run = try document()
        let budgets = BudgetFile(budgets: ["gate-test": ["bytes_per_frame.mean": 1, "allocations_per_frame.max": 1_000_000]])
        let checks = run.scenarios.flatMap { Comparison.check($0, budgets) }
        XCTAssertEqual(checks.count, 2)
        XCTAssertEqual(checks.filter { !$0.holds }.map(\.limit), ["bytes_per_frame.mean"])
    }

    func testPoolingCombinesFramesOfSeveralRuns() throws {
        let a = try document(frames: 100)
        let b = try document(frames: 100)
        let pooled = RunDocument.pooled([a, b])
        XCTAssertEqual(pooled.scenarios[0].frameTimesNanoseconds.count, 180)
        XCTAssertEqual(pooled.scenarios[0].settings.repeats, 2)
        XCTAssertEqual(pooled.scenarios[0].histogram.total, 180)
        XCTAssertEqual(pooled.scenarios[0].runMediansNanoseconds.count, 2)
    }
}
