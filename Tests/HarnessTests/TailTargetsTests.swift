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
        let line = try XCTUnwrap(TextReport(colors: false).tailLines(run).first)
        XCTAssertTrue(line.contains("tail of \(samples.frames - 1) frames"), line)
        XCTAssertTrue(line.contains("max 300.0us (target 1.00ms: met)"), line)
        XCTAssertTrue(line.contains("NOT met"), "p99 300us is over the 250us target: \(line)")
        XCTAssertTrue(line.contains("apart: 1 resize frame (2.00ms)"), line)
    }

    func testPlainFeedsMedianTargetIsItsOwn() {
        XCTAssertEqual(WorkloadFactory.catalog.entries.first { $0.name == PlainFeed.name }?.tailTargets.p50RatioToNcursesOutput, 0.25)
        XCTAssertEqual(WorkloadFactory.catalog.entries.first { $0.name == "watcha-home" }?.tailTargets, TailTargets())
    }
}
