import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// Frames during which the machine preempted the process are counted apart,
/// so a hitch of ours can be told from the machine's.
final class PreemptedFramesTests: XCTestCase {
    func testFramesWithAnInvoluntarySwitchAreLeftOutOfTheOthersTimes() throws {
        var samples = FrameSamples()
        samples[.frameTime] = [10, 4_000_000, 12, 11, 3_000_000]
        samples.preemptions = [0, 2, 0, 0, 1]
        let (times, preempted) = try XCTUnwrap(samples.frameTimesNotPreempted())
        XCTAssertEqual(preempted, 2)
        XCTAssertEqual(times, [10, 12, 11])
    }

    func testWithoutCountsEveryFrameIsKept() throws {
        var samples = FrameSamples()
        samples[.frameTime] = [10, 20]
        XCTAssertEqual(try XCTUnwrap(samples.frameTimesNotPreempted()).preempted, 0)
        XCTAssertEqual(try XCTUnwrap(samples.frameTimesNotPreempted()).times, [10, 20])
    }

    func testOurLaneCountsEveryMeasuredFrameAndTheIsolatedChildCarriesThem() throws {
        var settings = RunSettings(
            workload: PlainFeed.name, frames: 40,
            workloadSettings: WorkloadSettings(size: Size(cols: 40, rows: 10), seed: 3, feedItems: 1_000),
            backend: .framebench, term: "xterm-256color", catalog: WorkloadFactory.catalog)
        settings.name = "preempted"
        let result = try LaneRun.run(settings)
        let samples = try XCTUnwrap(result.results.first).samples
        XCTAssertEqual(samples.preemptions.count, samples.frames, "one count per measured frame")
        XCTAssertTrue(samples.preemptions.allSatisfy { $0 >= 0 })

        let child = try JSONDecoder().decode(
            IsolatedRun.ChildResult.self, from: Data(try IsolatedRun.runAsChild(settings).utf8))
        let carried = try IsolatedRun.result(of: child, settings: settings)
        XCTAssertEqual(try XCTUnwrap(carried.results.first).samples.preemptions.count, samples.frames)
    }

    /// A 30-frame run of our lane on a 30 x 8 plain-feed, as `framebench run` makes it (its samples for tests to change).
    static func smallPlainFeedRun(named name: String) throws -> RunResult {
        var settings = RunSettings(
            workload: PlainFeed.name, frames: 30,
            workloadSettings: WorkloadSettings(size: Size(cols: 30, rows: 8), seed: 3, feedItems: 1_000),
            backend: .framebench, term: "xterm-256color", catalog: WorkloadFactory.catalog)
        settings.name = name
        return try LaneRun.run(settings)
    }

    func testTheTextReportSaysHowManyFramesWerePreempted() throws {
        var run = try PreemptedFramesTests.smallPlainFeedRun(named: "preempted-report")
        var samples = run.results[0].samples
        samples.preemptions = samples.preemptions.indices.map { $0 == 3 ? 1 : 0 }
        run.results[0].samples = samples
        // Our lane's count stands in its tail line, not among the lanes' lines.
        let report = try XCTUnwrap(ReportBuilder.reports(for: run).first)
        let lines = TextReport.tailLines(report)
        XCTAssertTrue(
            lines.contains { $0.contains("1 of \(samples.frames) frames preempted by the machine") }, "\(lines)")
        let others = TextReport(colors: false).peerSummary(run)
        XCTAssertFalse(others.contains { $0.contains("frames preempted") }, "\(others)")
    }
}
