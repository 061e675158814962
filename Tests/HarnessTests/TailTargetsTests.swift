import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import FrameBenchCLI
@testable import Harness
@testable import Reports

/// The tail `framebench run` prints against the workload's targets: frames
/// that resize the terminal and frames the machine preempted are set apart,
/// the rest judged against p99, p99.9 and max, and the median frame against
/// ncurses' output stage.
final class TailTargetsTests: XCTestCase {
    func testResizedAndPreemptedFramesAreSetApart() throws {
        var samples = FrameSamples()
        samples[.frameTime] = [10, 900, 12, 4_000, 11, 700]
        samples.preemptions = [0, 0, 0, 3, 0, 1]
        samples.resizedFrames = [1, 5]
        let (times, resized, preempted) = try XCTUnwrap(samples.frameTimesApart())
        XCTAssertEqual(times, [10, 12, 11])
        XCTAssertEqual(resized, [900, 700], "a resized frame is shown as resized even when preempted too")
        XCTAssertEqual(preempted, 1)
    }

    func testPooledRunsKeepEachResizedFrameAtItsPlace() throws {
        var first = FrameSamples()
        first[.frameTime] = [1, 2, 3]
        first.resizedFrames = [2]
        var second = FrameSamples()
        second[.frameTime] = [4, 5]
        second.resizedFrames = [0]
        first.append(contentsOf: second)
        XCTAssertEqual(first.resizedFrames, [2, 3])
        let decoded = try JSONDecoder().decode(FrameSamples.self, from: JSONEncoder().encode(first))
        XCTAssertEqual(decoded.resizedFrames, [2, 3], "carried from the isolated child")
    }

    /// The frames our lane marks are the ones at which the scene, played on
    /// its own here, changes the grid's size.
    func testOurLaneMarksTheFramesThatResizeTheTerminal() throws {
        let size = Size(cols: 40, rows: 12)
        var settings = RunSettings(
            workload: "profile-feed", frames: 200,
            workloadSettings: WorkloadSettings(size: size, seed: 3, feedItems: 1_000, script: "resize"),
            backend: .framebench, term: "xterm-256color", warmUpFrames: 10, catalog: WorkloadFactory.catalog)
        settings.name = "tail-resize"
        let samples = try XCTUnwrap(LaneRun.run(settings).results.first).samples

        let workload = try WorkloadFactory.catalog.make("profile-feed", settings: settings.workloadSettings)
        var grid = Grid(size: size)
        var expected: [Int] = []
        var last: Size?
        for frame in 0..<settings.frames {  // the warm-up frames included
            try workload.update(frame: frame)
            workload.draw(frame: frame, into: &grid)
            if frame >= settings.warmUpFrames, let last, last != grid.size { expected.append(frame - settings.warmUpFrames) }
            last = grid.size
        }
        XCTAssertGreaterThanOrEqual(expected.count, 4, "the resize script resizes every 41 frames")
        XCTAssertEqual(samples.resizedFrames, expected)
    }

    func testTheReportJudgesTheTailAndShowsResizesApart() throws {
        var run = try PreemptedFramesTests.smallPlainFeedRun(named: "tail-report")
        var samples = run.results[0].samples
        samples[.frameTime] = samples[.frameTime].indices.map { $0 == 7 ? 2_000_000 : ($0 == 9 || $0 == 10 ? 300_000 : 1_000) }
        samples.preemptions = samples.preemptions.map { _ in 0 }
        samples.resizedFrames = [7]
        run.results[0].samples = samples
        let report = try XCTUnwrap(ReportBuilder.reports(for: run).first { $0.backend == .framebench })
        let line = try XCTUnwrap(TextReport.tailLines(report).first)
        XCTAssertTrue(line.contains("tail of \(samples.frames - 1) frames"), line)
        XCTAssertTrue(line.contains("max 300.0us (target 1.00ms: met)"), line)
        XCTAssertTrue(line.contains("NOT met"), "p99 300us is over the 250us target: \(line)")
        XCTAssertTrue(line.contains("apart: 1 resize frame (2.00ms)"), line)
        XCTAssertTrue(TextReport(colors: false).run(RunDocument.one(report)).contains(line), "in the scenario's section")

        // A results file carries the figures and each verdict; read back, the same verdict.
        let json = try JSONEncoder().encode(report)
        let tail = try XCTUnwrap((JSONSerialization.jsonObject(with: json) as? [String: Any])?["tail"] as? [String: Any])
        XCTAssertEqual(tail["p99_met"] as? Bool, false)
        XCTAssertEqual(tail["max_met"] as? Bool, true)
        XCTAssertEqual(tail["all_met"] as? Bool, false)
        XCTAssertEqual(tail["max_ns"] as? Double, 300_000)
        XCTAssertEqual((tail["resized"] as? [String: Any])?["count"] as? Int, 1)
        XCTAssertEqual((tail["targets"] as? [String: Any])?["p99_ns"] as? Double, 250_000)
        XCTAssertNil(tail["p50_ratio_met"], "no ncurses lane in this run")
        XCTAssertEqual(try JSONDecoder().decode(ScenarioReport.self, from: json).tail, report.tail)

        // Markdown and HTML show the same words.
        let figures = TailWords.figures(try XCTUnwrap(report.tail))
        XCTAssertTrue(MarkdownReport.run(RunDocument.one(report)).contains(figures))
        XCTAssertTrue(String(decoding: HTMLReport.run(RunDocument.one(report)), as: UTF8.self).contains("<p class=\"tail fail\">" + figures))
    }

    /// Frames as our lane records them: what the frame did, then its times.
    private func recorded(_ frames: [(time: UInt64, switches: Int, resized: Bool)], limit: Int) -> FrameSamples {
        var samples = FrameSamples()
        samples.frameLimit = limit
        for frame in frames {
            samples.noteFrame(switches: frame.switches, resized: frame.resized)
            samples.recordTimes(start: 0, updated: 0, drawn: 0, diffed: 0, encoded: 0, end: frame.time)
        }
        return samples
    }

    /// 3,000 frames, every 500th resized and every 97th preempted.
    private var manyFrames: [(time: UInt64, switches: Int, resized: Bool)] {
        (0..<3_000).map { (index: Int) -> (time: UInt64, switches: Int, resized: Bool) in
            let time = UInt64(1_000 + (index * 7_919) % 50_000)
            return (time, index % 97 == 0 ? 2 : 0, index % 500 == 250)
        }
    }

    /// Past the exact frame limit the tail is split as the frames come:
    /// the same frames apart as when every frame is kept, percentiles within
    /// the distribution's error.
    func testPastTheLimitTheTailIsSplitAsTheFramesCome() throws {
        let exact = try XCTUnwrap(recorded(manyFrames, limit: 10_000).tail())
        let samples = recorded(manyFrames, limit: 1_000)
        XCTAssertTrue(samples.isSummarized)
        XCTAssertNil(samples.frameTimesApart())
        let tail = try XCTUnwrap(samples.tail())
        XCTAssertFalse(exact.fromDistribution)
        XCTAssertTrue(tail.fromDistribution)
        XCTAssertEqual(exact.steadyFrames, 3_000 - 6 - 31)
        XCTAssertEqual(tail.steadyFrames, exact.steadyFrames)
        XCTAssertEqual(tail.resized, exact.resized)
        XCTAssertEqual(tail.preempted, 31)
        XCTAssertEqual(samples.resizedFrames, [250, 750, 1_250, 1_750, 2_250, 2_750])
        XCTAssertEqual(tail.steady.max, exact.steady.max)
        for (estimated, known) in [(tail.steady.p99, exact.steady.p99), (tail.steady.p999, exact.steady.p999)] {
            XCTAssertEqual(estimated, known, accuracy: known * FrameDistribution.relativeError)
        }
        let carried = try JSONDecoder().decode(FrameSamples.self, from: JSONEncoder().encode(samples))
        let handedOver = try XCTUnwrap(carried.tail(), "carried from the isolated child")
        XCTAssertEqual(handedOver.steadyFrames, tail.steadyFrames)
        XCTAssertEqual(handedOver.resized, tail.resized)
        XCTAssertEqual(handedOver.preempted, tail.preempted)
        XCTAssertEqual(handedOver.steady.p99, tail.steady.p99)
        XCTAssertEqual(handedOver.steady.max, tail.steady.max)

        let verdict = try XCTUnwrap(TailVerdict(tail, targets: TailTargets(), measuredFrames: 3_000, ratio: nil))
        XCTAssertTrue(TailWords.figures(verdict).contains("percentiles from a distribution, within 0.39%"), TailWords.figures(verdict))
    }

    /// Repeats pooled past the limit pool their tails: the same split as one run of all their frames.
    func testPooledRunsPastTheLimitPoolTheirTails() throws {
        let frames = manyFrames
        let exact = try XCTUnwrap(recorded(frames, limit: 10_000).tail())
        var pooled = recorded(Array(frames[..<700]), limit: 1_000)
        pooled.append(contentsOf: recorded(Array(frames[700..<1_900]), limit: 1_000))  // kept, then summarized
        pooled.append(contentsOf: recorded(Array(frames[1_900...]), limit: 1_000))  // summarized on both sides
        let tail = try XCTUnwrap(pooled.tail())
        XCTAssertTrue(tail.fromDistribution)
        XCTAssertEqual(tail.steadyFrames, exact.steadyFrames)
        XCTAssertEqual(tail.resized, exact.resized)
        XCTAssertEqual(tail.preempted, exact.preempted)
        XCTAssertEqual(tail.steady.max, exact.steady.max)
        XCTAssertEqual(tail.steady.p99, exact.steady.p99, accuracy: exact.steady.p99 * FrameDistribution.relativeError)
        XCTAssertEqual(pooled.resizedFrames, [250, 750, 1_250, 1_750, 2_250, 2_750])
    }

    /// Rounds merged into one file have no verdict: which of their frames
    /// resized or were preempted is not in the files. Merged across machines
    /// (timings dropped), none either.
    func testPooledRoundsAndTimelessMergesCarryNoVerdict() throws {
        let run = try PreemptedFramesTests.smallPlainFeedRun(named: "tail-rounds")
        var first = try XCTUnwrap(ReportBuilder.reports(for: run).first)
        XCTAssertNotNil(first.tail)
        XCTAssertNil(ResultsMerge.withoutTimings(first).tail)
        try first.pool(first, from: "round2.json", into: "round1.json")
        XCTAssertNil(first.tail)
    }

    func testPlainFeedsMedianTargetIsItsOwn() {
        XCTAssertEqual(WorkloadFactory.catalog.entries.first { $0.name == PlainFeed.name }?.tailTargets.p50RatioToNcursesOutput, 0.25)
        XCTAssertEqual(WorkloadFactory.catalog.entries.first { $0.name == "watcha-home" }?.tailTargets, TailTargets())
    }
}

extension RunDocument {
    /// A document of one scenario report, for the formats' tests.
    static func one(_ report: ScenarioReport) -> RunDocument {
        RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: "2026-12-07T00:00:00Z", machine: .current(),
            git: GitState(commit: "abc", dirty: false), suite: nil, scenarios: [report])
    }
}
