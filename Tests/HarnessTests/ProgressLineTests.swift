import Foundation
import FrameGrid
import Workloads
import XCTest

@testable import Harness
@testable import Reports

/// The progress line says which benchmark runs, how many frames are done
/// and how long the rest should take; on a dumb terminal it writes no escapes.
final class ProgressLineTests: XCTestCase {
    private func progress(_ name: String, runs: Int, frames: Int, seconds: Double) -> SuiteProgress {
        SuiteProgress(
            benchmark: name, runsDone: runs, runsTotal: 4, framesDone: frames, framesTotal: 400, elapsedSeconds: seconds)
    }

    func testTheTimeLeftIsThePaceSoFarOverTheFramesLeft() {
        XCTAssertNil(progress("a", runs: 0, frames: 0, seconds: 0.5).estimatedSecondsLeft, "no pace before a run ends")
        XCTAssertEqual(try XCTUnwrap(progress("a", runs: 1, frames: 100, seconds: 2).estimatedSecondsLeft), 6, accuracy: 1e-9)
        XCTAssertEqual(ProgressLine.duration(6), "6s")
        XCTAssertEqual(ProgressLine.duration(185), "3m05s")
        XCTAssertEqual(ProgressLine.duration(3720), "1h02m")
    }

    func testTheLineNamesTheBenchmarkFramesAndTimeLeftAndEscapesAHostileName() {
        var line = ProgressLine(allowsEscapes: true)
        let text = line.render(progress("plain-feed\u{1B}[2J", runs: 1, frames: 100, seconds: 2))
        XCTAssertTrue(text.hasPrefix("\r\u{1B}[K"))
        XCTAssertTrue(text.contains("1/4 runs, 100/400 frames, about 6s left"), text)
        XCTAssertFalse(text.dropFirst(4).contains("\u{1B}"), "the name's escape is shown, not obeyed")
        XCTAssertEqual(line.render(progress("", runs: 4, frames: 400, seconds: 8)), "\r\u{1B}[K", "cleared at the end")
    }

    func testADumbTerminalGetsNoEscapesAndShorterLinesBlankTheRest() {
        var line = ProgressLine(allowsEscapes: false)
        let first = line.render(progress("a-long-benchmark-name", runs: 0, frames: 0, seconds: 0))
        let second = line.render(progress("b", runs: 1, frames: 100, seconds: 2))
        let last = line.render(progress("", runs: 4, frames: 400, seconds: 8))
        for text in [first, second, last] {
            XCTAssertFalse(text.contains("\u{1B}"), text)
            XCTAssertFalse(text.contains("█"), "plain ASCII bar")
        }
        XCTAssertTrue(first.contains("estimating time left"))
        XCTAssertGreaterThanOrEqual(second.count, first.count, "the old line is overwritten to its end")
        let secondText = second.dropFirst().reversed().drop { $0 == " " }.count
        XCTAssertEqual(last, "\r" + String(repeating: " ", count: secondText) + "\r", "blanked, cursor back at the start")
    }

    func testTheSuiteReportsEachRunAndTheFramesDoneThenFinishes() throws {
        var seen: [SuiteProgress] = []
        var one = RunSettings(workload: PlainFeed.name, frames: 20, workloadSettings: WorkloadSettings(size: Size(cols: 20, rows: 6)))
        one.repeats = 2
        one.name = "one"
        var two = RunSettings(workload: PlainFeed.name, frames: 30, workloadSettings: WorkloadSettings(size: Size(cols: 20, rows: 6)))
        two.name = "two"
        var runner = SuiteRunner(benchmarks: [one, two])
        runner.progress = { seen.append($0) }
        _ = try runner.run()
        XCTAssertEqual(seen.map(\.benchmark), ["one", "two", "one", ""], "interleaved: A B A, then done")
        XCTAssertEqual(seen.map(\.framesDone), [0, 20, 50, 70])
        XCTAssertTrue(seen.allSatisfy { $0.framesTotal == 70 && $0.runsTotal == 3 })
        XCTAssertTrue(try XCTUnwrap(seen.last).isFinished)
        XCTAssertEqual(seen.map(\.elapsedSeconds), seen.map(\.elapsedSeconds).sorted())
    }

    func testAChildsReporterWritesAtMostTenLinesASecondAndTheListenerHearsTheLast() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let heard = Heard()
        let listener = try XCTUnwrap(ChildProgress.Listener(in: folder, onFrames: { heard.add($0) }))
        setenv(ChildProgress.environmentName, listener.path, 1)
        defer { unsetenv(ChildProgress.environmentName) }
        var reporter = ChildProgress.Reporter()
        reporter.report(framesDone: 50)
        reporter.report(framesDone: 100)  // within 100 ms of the last line: not written
        usleep(120_000)
        reporter.report(framesDone: 12_345)
        listener.drain()
        listener.stop()
        XCTAssertEqual(heard.counts, [50, 12_345])
        XCTAssertFalse(FileManager.default.fileExists(atPath: listener.path), "the FIFO goes with the listener")

        unsetenv(ChildProgress.environmentName)
        var silent = ChildProgress.Reporter()
        silent.report(framesDone: 1)  // no FIFO named: nothing to do, and no crash
    }

    func testAnIsolatedRunMovesTheProgressLineWhileItsChildRuns() throws {
        _ = try CountedRun.executable()
        var settings = RunSettings(workload: PlainFeed.name, frames: 600, workloadSettings: WorkloadSettings(size: Size(cols: 20, rows: 6)))
        settings.name = "long"
        let heard = Heard()
        var runner = SuiteRunner(benchmarks: [settings])
        runner.isolation = .processPerRun
        runner.progress = { heard.add($0.framesDone) }
        _ = try runner.run()
        let counts = heard.counts
        XCTAssertEqual(counts.first, 0)
        XCTAssertEqual(counts.last, 600)
        let during = counts.dropFirst().dropLast()
        XCTAssertFalse(during.isEmpty, "no line while the child ran: \(counts)")
        XCTAssertTrue(during.allSatisfy { $0 > 0 && $0 <= 600 && $0 % LaneRun.blockLength == 0 }, "the child reports whole blocks, its last one too: \(counts)")
        XCTAssertEqual(counts, counts.sorted(), "frames done only grow")
    }
}

/// Counts heard on another thread.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [Int] = []
    func add(_ count: Int) { lock.withLock { heard.append(count) } }
    var counts: [Int] { lock.withLock { heard } }
}
