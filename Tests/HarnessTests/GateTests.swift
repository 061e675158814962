import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// The gate flags real regressions, in any phase, and does not cry wolf.
/// The slower variants add milliseconds a frame, many times a frame's own
/// time even under a sanitizer, so the verdicts do not depend on how busy
/// the machine is.
final class GateTests: XCTestCase {
    static func settings(
        _ injection: RegressionInjection = RegressionInjection(), frames: Int = 300, runs: Int = 1,
        backend: Backend = .framebench
    ) -> RunSettings {
        var settings = RunSettings(
            workload: PlainFeed.name, frames: frames,
            workloadSettings: WorkloadSettings(size: Size(cols: 60, rows: 12), seed: 5, feedItems: 10_000),
            backend: backend, term: "xterm-256color")
        settings.name = "gate-test"
        settings.injection = injection
        settings.repeats = runs
        return settings
    }

    private func document(
        _ injection: RegressionInjection = RegressionInjection(), frames: Int = 300, runs: Int = 1
    ) throws -> RunDocument {
        try SuiteRunner(benchmarks: [GateTests.settings(injection, frames: frames, runs: runs)]).run().document
    }

    /// Rounds as `compare-branches.sh` makes them: baseline and candidate back to back, `rounds` times.
    private func pairedRounds(_ candidate: RegressionInjection, rounds: Int = 8, frames: Int = 40) throws -> (RunDocument, RunDocument) {
        // The first run in a process also makes one-time allocations (caches, tables); rounds run in fresh processes.
        _ = try document(frames: frames)
        var baselines: [(String, RunDocument)] = []
        var candidates: [(String, RunDocument)] = []
        for round in 0..<rounds {
            let a = try document(frames: frames)
            let b = try document(candidate, frames: frames)
            baselines.append(("a\(round)", a))
            candidates.append(("b\(round)", b))
        }
        return (try RunDocument.pooled(baselines), try RunDocument.pooled(candidates))
    }

    private func paired() -> ComparisonOptions {
        var options = ComparisonOptions()
        options.paired = true
        return options
    }

    private func verdicts(_ report: ComparisonReport, _ metric: Metric) -> [Verdict] {
        report.rows.filter { $0.metric == metric }.map(\.verdict)
    }

    // MARK: The metric contract

    func testTheWholeFrameIsTheSumOfItsPhasesInBothLanes() throws {
        let result = try LaneRun.run(GateTests.settings(frames: 120, backend: .both))
        for lane in result.results {
            let frames = lane.samples[.frameTime]
            XCTAssertEqual(frames.count, 120 - 10)
            let phases = FramePhase.steps(of: lane.backend).map { lane.samples[Metric.time(of: $0)] }
            for index in frames.indices {
                let sum = phases.reduce(0) { $0 + $1[index] }
                // One clock pair spans the frame; the phases share clock reads, so they add up to it.
                XCTAssertGreaterThanOrEqual(frames[index] + 1, sum, "\(lane.backend) frame \(index)")
                XCTAssertEqual(frames[index], sum, accuracy: 1, "\(lane.backend) frame \(index)")
                XCTAssertGreaterThanOrEqual(frames[index], lane.samples[.renderTime][index])
            }
            let allocations = lane.samples[.allocations]
            let phaseAllocations = FramePhase.steps(of: lane.backend).map { lane.samples[Metric.allocations(of: $0).count] }
            for index in allocations.indices {
                XCTAssertGreaterThanOrEqual(allocations[index], phaseAllocations.reduce(0) { $0 + $1[index] })
            }
        }
        XCTAssertEqual(result.results.map(\.stage), ["diff+encode", "wnoutrefresh+doupdate"])
    }

    func testLateFramesAreJudgedOnTheWholeFrame() throws {
        // 3 ms in layout: the render stage stays fast, the frame misses a 2 ms budget.
        var settings = GateTests.settings(RegressionInjection(phase: .layout, delayNanoseconds: 3_000_000), frames: 40)
        settings.frameBudgetNanoseconds = 2_000_000
        let report = try XCTUnwrap(SuiteRunner(benchmarks: [settings]).run().document.scenarios.first)
        XCTAssertEqual(report.budget.framesOverBudget, 36)
        XCTAssertEqual(report.histogram.total, 36)
        XCTAssertLessThan(try XCTUnwrap(report.metrics[.renderTime]).p50, 2_000_000)
    }

    func testAFrameBudgetMustBePositiveWherEverItIsGiven() throws {
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "5", "--frame-budget", "0"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "5", "--frame-budget", "-3"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "5", "--frame-budget", "nan"]), 2)
        let directory = try temporaryDirectory()
        let suites = directory.appendingPathComponent("suites.json")
        try #"{"frame_budget_ns": 0, "suites": {"default": []}}"#.write(to: suites, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SuiteFile.load(suites.path)) { XCTAssertTrue("\($0)".contains("frame_budget_ns must be"), "\($0)") }
        try #"{"suites": {"default": [{"name": "x", "scenario": "plain-feed", "frame_budget_ms": -1}]}}"#
            .write(to: suites, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SuiteFile.load(suites.path)) { XCTAssertTrue("\($0)".contains("frame_budget_ms must be"), "\($0)") }
        var results = try JSONSerialization.jsonObject(with: JSONFile.encode(try document(frames: 30))) as! [String: Any]
        var scenarios = results["scenarios"] as! [[String: Any]]
        scenarios[0]["frame_budget_ns"] = 0
        results["scenarios"] = scenarios
        let file = directory.appendingPathComponent("results.json")
        try JSONSerialization.data(withJSONObject: results).write(to: file)
        XCTAssertThrowsError(try BaselineStore.read(file.path)) {
            XCTAssertTrue("\($0)".contains("scenarios[0].frame_budget_ns") && "\($0)".contains("0.0 is outside"), "\($0)")
        }
        XCTAssertEqual(FrameBenchCommand.main(["compare", file.path, file.path, "--format", "markdown", "--out", directory.appendingPathComponent("r.md").path]), 2)
    }

    func testSchemaOneFilesAreReadWithTheirTimingsNotComparable() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("old.json")
        try GateTests.schemaOneDocument.write(to: file, atomically: true, encoding: .utf8)
        let old = try BaselineStore.read(file.path)
        XCTAssertEqual(old.schemaVersion, 2)
        let scenario = try XCTUnwrap(old.scenarios.first)
        XCTAssertNil(scenario.metrics[.frameTime], "schema 1 timed the render stage: it must not pose as the whole frame")
        XCTAssertEqual(scenario.metrics[.renderTime]?.p50, 20_000)
        XCTAssertEqual(scenario.metrics[.renderAllocations]?.max, 0)
        XCTAssertNotNil(scenario.timingsNotComparable)
        let now = try document()
        let report = Comparison.compare(baseline: old, candidate: now)
        let render = try XCTUnwrap(report.rows.first { $0.metric == .renderTime })
        XCTAssertEqual(render.verdict, .notComparable)
        XCTAssertTrue(render.evidence.contains("schema-1"), render.evidence)
        for format in ["text", "markdown", "junit", "json"] {
            XCTAssertNotEqual(
                FrameBenchCommand.main(["compare", file.path, file.path, "--format", format, "--out", directory.appendingPathComponent("out.\(format)").path]), 2, format)
        }
    }

    // MARK: Every phase is judged

    func testTwoRunsOfTheSameBuildAgreeOnEveryDeterministicMetric() throws {
        _ = try document()  // one-time allocations of the first run in a process
        let report = Comparison.compare(baseline: try document(), candidate: try document())
        for metric in Metric.allCases where metric.kind == .output || (metric.kind == .allocation && AllocationSnapshot.isCounting) {
            guard BackendResult.metrics(of: .framebench).contains(metric) else { continue }
            XCTAssertEqual(Set(verdicts(report, metric)), [.unchanged], "\(metric)")
        }
        XCTAssertFalse(report.failed)
    }

    func testOneMoreAllocationInLayoutIsFlaggedInLayoutAndTheWholeFrame() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "allocations are not counted under a sanitizer")
        let report = Comparison.compare(
            baseline: try document(), candidate: try document(RegressionInjection(phase: .layout, allocationsPerFrame: 1)))
        XCTAssertTrue(verdicts(report, .layoutAllocations).contains(.worse))
        XCTAssertTrue(verdicts(report, .allocations).contains(.worse))
        XCTAssertEqual(Set(verdicts(report, .renderAllocations)), [.unchanged])
        XCTAssertTrue(report.failed)
        let row = try XCTUnwrap(report.rows.first { $0.metric == .layoutAllocations && $0.statistic == .mean })
        XCTAssertEqual(row.candidate - row.baseline, 1, accuracy: 1e-9)
        XCTAssertTrue(TextReport.failureSummary(report).contains("layout_allocations"))
    }

    func testMoreRepeatsDoNotTurnOffTheAllocationComparison() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "allocations are not counted under a sanitizer")
        let report = Comparison.compare(
            baseline: try document(), candidate: try document(RegressionInjection(allocationsPerFrame: 1), runs: 2))
        XCTAssertTrue(verdicts(report, .allocations).contains(.worse))
        XCTAssertTrue(report.failed)
        let moved = report.movedPhases(of: "gate-test [framebench]").map { $0.split(separator: " ")[0] }
        XCTAssertTrue(moved.contains("encode_allocations"), "the injected allocations are in encode: \(moved)")
        XCTAssertEqual(moved.count, Set(moved).count, "each metric named once though its mean and max both moved: \(moved)")
    }

    func testASlowerLayoutInPairedRoundsFailsTheGateAndNamesTheLayout() throws {
        let (baseline, candidate) = try pairedRounds(RegressionInjection(phase: .layout, delayNanoseconds: 2_000_000))
        let report = Comparison.compare(baseline: baseline, candidate: candidate, options: paired())
        XCTAssertEqual(verdicts(report, .layoutTime), [.worse])
        XCTAssertEqual(verdicts(report, .frameTime), [.worse])
        XCTAssertTrue(report.failed)
        XCTAssertTrue(report.movedPhases(of: "gate-test [framebench]").first?.hasPrefix("layout_ns") ?? false, "\(report.movedPhases(of: "gate-test [framebench]"))")
    }

    func testTheSameBuildInPairedRoundsPasses() throws {
        let (baseline, candidate) = try pairedRounds(RegressionInjection())
        let report = Comparison.compare(baseline: baseline, candidate: candidate, options: paired())
        XCTAssertFalse(report.rows.contains { $0.fails }, TextReport(colors: false).comparison(report, baselineName: "a"))
    }

    func testTooFewPairedRoundsCannotGate() throws {
        let (baseline, candidate) = try pairedRounds(RegressionInjection(phase: .layout, delayNanoseconds: 2_000_000), rounds: 3)
        let report = Comparison.compare(baseline: baseline, candidate: candidate, options: paired())
        let layout = try XCTUnwrap(report.rows.first { $0.metric == .layoutTime })
        XCTAssertEqual(layout.verdict, .notComparable)
        XCTAssertEqual(layout.timing?.test, .signFlipOnPairedRounds)
        XCTAssertEqual(layout.timing?.outcome, .notComparable(.tooFewSamples), layout.evidence)
        XCTAssertFalse(report.failed)
    }

    func testASlowerSingleRunIsReportedButCannotGate() throws {
        let report = Comparison.compare(
            baseline: try document(), candidate: try document(RegressionInjection(delayNanoseconds: 3_000_000)))
        let frame = try XCTUnwrap(report.rows.first { $0.metric == .frameTime })
        XCTAssertEqual(frame.verdict, .worse)
        XCTAssertFalse(frame.gates)
        XCTAssertEqual(frame.timing?.test, .mannWhitneyOnFrames, "the frames' own test stands in for too few runs")
        XCTAssertTrue(frame.evidence.contains("too few"), frame.evidence)
        XCTAssertFalse(report.failed)
    }

    func testUnpairedRunsGateOnTheirMediansFromFiveASide() throws {
        let report = Comparison.compare(
            baseline: try document(frames: 60, runs: 5),
            candidate: try document(RegressionInjection(delayNanoseconds: 3_000_000), frames: 60, runs: 5))
        let frame = try XCTUnwrap(report.rows.first { $0.metric == .frameTime })
        XCTAssertEqual(frame.timing?.test, .mannWhitneyOnRunMedians)
        XCTAssertEqual(frame.timing?.decision, .worse, frame.evidence)
        XCTAssertTrue(report.failed)
    }

    func testTimingAgainstAStoredBaselineReportsWithoutGatingUnlessAsked() throws {
        var options = ComparisonOptions()
        options.timingGates = false
        let report = Comparison.compare(
            baseline: try document(frames: 60, runs: 5),
            candidate: try document(RegressionInjection(delayNanoseconds: 3_000_000), frames: 60, runs: 5), options: options)
        XCTAssertEqual(verdicts(report, .frameTime), [.worse])
        XCTAssertFalse(report.failed)
    }

    func testTimingFromAnotherMachineIsNotComparableButAllocationsStillGate() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "allocations are not counted under a sanitizer")
        var baseline = try document()
        baseline.machine.cpu = "Some Other CPU"
        let report = Comparison.compare(
            baseline: baseline, candidate: try document(RegressionInjection(allocationsPerFrame: 2, delayNanoseconds: 3_000_000)))
        XCTAssertEqual(Set(report.rows.filter { $0.metric.isTiming }.map(\.verdict)), [.notComparable])
        XCTAssertTrue(report.rows.first { $0.metric == .frameTime }!.evidence.contains("cpu"))
        XCTAssertTrue(verdicts(report, .allocations).contains(.worse))
        XCTAssertTrue(report.failed)
    }

    func testDifferentFramesAreNotComparable() throws {
        let report = Comparison.compare(baseline: try document(frames: 300), candidate: try document(frames: 200))
        XCTAssertEqual(Set(report.rows.map(\.verdict)), [.notComparable])
        XCTAssertTrue(report.rows[0].evidence.contains("frames 300 vs 200"), report.rows[0].evidence)
        XCTAssertFalse(report.failed)
    }

    func testAllocationsNotMeasuredAreNeitherZeroNorCompared() throws {
        var candidate = try document()
        candidate.scenarios[0].unmeasured = Metric.allCases.filter { $0.kind == .allocation }
        for metric in candidate.scenarios[0].unmeasured { candidate.scenarios[0].metrics[metric] = nil }
        let report = Comparison.compare(baseline: try document(RegressionInjection(allocationsPerFrame: 5)), candidate: candidate)
        let rows = report.rows.filter { $0.metric.kind == .allocation }
        XCTAssertFalse(rows.isEmpty)
        XCTAssertEqual(Set(rows.map(\.verdict)), [.notComparable])
        XCTAssertTrue(rows.allSatisfy { $0.evidence.contains("not measured") })
        XCTAssertTrue(TextReport(colors: false).run(candidate).contains("not measured"))
        XCTAssertTrue(MarkdownReport.run(candidate).contains("not measured"))
        let budgets = BudgetFile(budgets: ["gate-test": [try BudgetFile.key("allocations_per_frame.max", benchmark: "gate-test", path: "t"): .absolute(0)]])
        XCTAssertEqual(Comparison.check(candidate.scenarios[0], budgets), [])
    }

    // MARK: Budgets

    func testBudgetsAbsoluteAndRelative() throws {
        let baseline = try document()
        let slower = try document(RegressionInjection(phase: .layout, delayNanoseconds: 2_000_000))
        let budgets = try BudgetFile([
            "gate-test": ["bytes_per_frame.mean": .number(1), "layout_ns.p50": .text("+10%"), "dirty_cells_per_frame.max": .number(1e9)]
        ])
        let checks = Comparison.check(slower.scenarios[0], budgets, baseline: baseline.scenarios[0])
        XCTAssertEqual(checks.count, 3)
        XCTAssertEqual(Set(checks.filter { !$0.holds }.map(\.limit)), ["bytes_per_frame.mean", "layout_ns.p50"])
        XCTAssertTrue(checks.first { $0.limit == "layout_ns.p50" }!.basis.contains("+10%"))
        // No baseline: a relative limit has nothing to be relative to.
        XCTAssertEqual(Comparison.check(slower.scenarios[0], budgets).map(\.limit).sorted(), ["bytes_per_frame.mean", "dirty_cells_per_frame.max"])
    }

    func testMisspeltBudgetsAreErrors() throws {
        let cases: [(String, String)] = [
            (#"{"budgets": {"gate-test": {"frame_tme_ns.p50": 1}}}"#, "unknown metric 'frame_tme_ns'"),
            (#"{"budgets": {"gate-test": {"frame_time_ns.p98": 1}}}"#, "unknown statistic 'p98'"),
            (#"{"budgets": {"gate-test": {"frame_time_ns.p50": "10%"}}}"#, "relative limit such as"),
            (#"{"budgets": {"gate-test": {"frame_time_ns.p50": -1}}}"#, "non-negative"),
            (#"{"budgets": {"gate-test": {"instructions_per_frame.stddev": 1}}}"#, "not stddev"),
            (#"{"budgets": {"gate-tset": {"frame_time_ns.p50": 1}}}"#, "no suite or result has a benchmark 'gate-tset'"),
        ]
        let directory = try temporaryDirectory()
        for (text, message) in cases {
            let file = directory.appendingPathComponent("budgets.json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try BudgetFile.load(file.path, knownBenchmarks: ["gate-test"])) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    func testCheckFailsWhenNoBudgetApplies() throws {
        let directory = try temporaryDirectory()
        let results = directory.appendingPathComponent("results.json")
        var run = try document(frames: 30)
        try JSONFile.encode(run).write(to: results)
        let budgets = directory.appendingPathComponent("budgets.json")
        try #"{"budgets": {"gate-test": {"bytes_per_frame.mean": 100000}}}"#.write(to: budgets, atomically: true, encoding: .utf8)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", results.path, "--budgets", budgets.path, "--quiet"]), 0)
        // A results file without metrics: the budget names it, yet nothing can be checked.
        run.scenarios[0].metrics = [:]
        run.scenarios[0].runs = []
        try JSONFile.encode(run).write(to: results)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", results.path, "--budgets", budgets.path, "--quiet"]), 1)
        // A misspelt benchmark is an error before anything runs.
        try #"{"budgets": {"gate-tset": {"bytes_per_frame.mean": 100000}}}"#.write(to: budgets, atomically: true, encoding: .utf8)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", results.path, "--budgets", budgets.path, "--quiet"]), 2)
    }

    // MARK: Pooling

    func testPoolingKeepsEveryRunAndEveryMetric() throws {
        let a = try document(frames: 100)
        let b = try document(frames: 100)
        let pooled = try RunDocument.pooled([("a", a), ("b", b)])
        let scenario = pooled.scenarios[0]
        XCTAssertEqual(scenario.frames(.frameTime).count, 180)
        XCTAssertEqual(scenario.frames(.layoutTime).count, 180)
        XCTAssertEqual(scenario.runs.count, 2)
        XCTAssertEqual(scenario.settings.repeats, 2)
        XCTAssertEqual(scenario.histogram.total, 180)
        XCTAssertEqual(scenario.metrics[.bytes]?.mean, a.scenarios[0].metrics[.bytes]?.mean)
        XCTAssertEqual(scenario.metrics[.bytes]?.max, a.scenarios[0].metrics[.bytes]?.max)
    }

    func testTrialsDrawnFromAPoolAreJudgedAsCompareJudgesTheirRounds() throws {
        let extra = RegressionInjection(phase: .layout, allocationsPerFrame: 1)
        var baseline: [(path: String, document: RunDocument)] = []
        var candidate: [(path: String, document: RunDocument)] = []
        for round in 0..<3 {
            baseline.append(("a\(round)", try document(frames: 30)))
            candidate.append(("b\(round)", try document(extra, frames: 30)))
        }
        let trials = [[0, 1, 2], [2, 0]]
        let outcomes = try GateTrials.judge(baseline: baseline, candidate: candidate, trials: trials, options: paired())
        XCTAssertEqual(outcomes.count, 2)
        for (outcome, rounds) in zip(outcomes, trials) {
            let report = Comparison.compare(
                baseline: try RunDocument.pooled(rounds.map { baseline[$0] }),
                candidate: try RunDocument.pooled(rounds.map { candidate[$0] }), options: paired())
            XCTAssertEqual(outcome.failed, report.failed)
            XCTAssertEqual(outcome.failing, report.rows.filter(\.fails))
            XCTAssertTrue(outcome.failing.contains { $0.metric == .layoutAllocations }, "\(outcome.failing)")
        }
        // A/A on allocation counts: exact, so nothing fails.
        let same = try GateTrials.judge(baseline: baseline, candidate: baseline, trials: trials, options: paired())
        XCTAssertFalse(same.contains { $0.failing.contains { $0.metric.kind == .allocation } })
        XCTAssertThrowsError(try GateTrials.judge(baseline: baseline, candidate: candidate, trials: [[0, 3]], options: paired())) {
            XCTAssertTrue("\($0)".contains("trial 1 names rounds [0, 3], the pool has 0...2"), "\($0)")
        }
    }

    func testPoolingMergesEveryMetricAndRefusesOtherMachinesAndFrames() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "allocations are not counted under a sanitizer")
        let a = try document(frames: 100)
        let b = try document(RegressionInjection(allocationsPerFrame: 1), frames: 100)
        let pooled = try RunDocument.pooled([("a.json", a), ("b.json", b)])
        let mean = try XCTUnwrap(pooled.scenarios[0].metrics[.allocations]).mean
        let expected = (a.scenarios[0].metrics[.allocations]!.mean + b.scenarios[0].metrics[.allocations]!.mean) / 2
        XCTAssertEqual(mean, expected, accuracy: 1e-9)
        var other = a
        other.machine.cpu = "Other"
        XCTAssertThrowsError(try RunDocument.pooled([("a.json", a), ("c.json", other)])) { error in
            XCTAssertTrue("\(error)".contains("c.json") && "\(error)".contains("cpu"), "\(error)")
        }
        let shorter = try document(frames: 90)
        XCTAssertThrowsError(try RunDocument.pooled([("a.json", a), ("d.json", shorter)])) { error in
            XCTAssertTrue("\(error)".contains("d.json") && "\(error)".contains("frames 100 vs 90"), "\(error)")
        }
    }

    // MARK: JUnit

    func testJUnitFailsExactlyTheRowsThatGate() throws {
        var report = ComparisonReport()
        report.rows = [
            MetricComparison(scenario: "s", metric: .layoutTime, statistic: .p50, baseline: 10, candidate: 20, verdict: .worse, evidence: "e", gates: false),
            MetricComparison(scenario: "s", metric: .frameTime, statistic: .p50, baseline: 10, candidate: 10, verdict: .unchanged, evidence: "e"),
            MetricComparison(scenario: "s", metric: .bytes, statistic: .mean, baseline: 1, candidate: 1, verdict: .unchanged, evidence: "exact"),
            MetricComparison(scenario: "s", metric: .bytes, statistic: .max, baseline: 1, candidate: 1, verdict: .unchanged, evidence: "exact"),
        ]
        XCTAssertFalse(report.failed)
        var xml = JUnitReport.report(report)
        XCTAssertTrue(xml.contains(#"tests="3" failures="0""#), xml)
        XCTAssertTrue(xml.contains("not gating"), xml)
        XCTAssertTrue(xml.contains(#"name="layout_ns" time="0.000000020""#), xml)
        report.rows[0].gates = true
        XCTAssertTrue(report.failed)
        xml = JUnitReport.report(report)
        XCTAssertTrue(xml.contains(#"failures="1""#), xml)
        XCTAssertEqual(xml.components(separatedBy: "<failure").count - 1, 1)
    }

    func testJUnitAndTheExitCodeAgreeOnRealRuns() throws {
        let directory = try temporaryDirectory()
        let a = directory.appendingPathComponent("a.json")
        let b = directory.appendingPathComponent("b.json")
        try JSONFile.encode(try document()).write(to: a)
        try JSONFile.encode(try document(RegressionInjection(delayNanoseconds: 3_000_000))).write(to: b)
        let out = directory.appendingPathComponent("report.xml")
        // One run a side: the slowdown is reported, it cannot gate, and JUnit says so.
        XCTAssertEqual(FrameBenchCommand.main(["compare", a.path, b.path, "--format", "junit", "--out", out.path]), 0)
        let xml = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"failures="0""#), xml)
        XCTAssertTrue(xml.contains("not gating"), xml)
    }

    // MARK: Support

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// A schema-1 results file as framebench wrote it before the whole-frame contract.
    static let schemaOneDocument = """
        {"schema_version": 1, "created": "2026-11-30T01:58:56Z",
         "git": {"commit": "12d6305ed64a4f153a0ccccc1bb8bae298d82353", "dirty": false},
         "machine": {"build": "release", "cores": 2, "cpu": "\(MachineFingerprint.current().cpu)", "os": "\(MachineFingerprint.current().os)", "swift": "\(MachineFingerprint.current().swift)"},
         "scenarios": [{"backend": "framebench", "name": "gate-test", "stage": "diff+encode",
           "budget": {"framesOverBudget": 0, "hitchTimeRatio": 0, "longestLateStreak": 0},
           "frame_budget_ns": 16666667, "frame_times_ns": [20000, 21000, 19000],
           "histogram": {"lowerBounds": [17782.8, 23713.7], "counts": [2, 1]},
           "metrics": {
             "frame_time_ns": {"p50": 20000, "p90": 21000, "p99": 21000, "p999": 21000, "max": 21000, "min": 19000, "mean": 20000, "stddev": 1000},
             "allocations_per_frame": {"p50": 0, "p90": 0, "p99": 0, "p999": 0, "max": 0, "min": 0, "mean": 0, "stddev": 0},
             "bytes_per_frame": {"p50": 100, "p90": 100, "p99": 100, "p999": 100, "max": 100, "min": 100, "mean": 100, "stddev": 0}},
           "peak_rss_bytes": 1000, "run_medians_ns": [20000],
           "settings": {"cols": 60, "rows": 12, "erase_and_repeat": true, "feed_items": 10000, "frames": 300, "repeats": 1,
             "scenario": "plain-feed", "script": "default", "scroll_regions": true, "seed": 5, "synchronized_output": false,
             "term": "xterm-256color", "warm_up_frames": 10}}]}
        """
}
