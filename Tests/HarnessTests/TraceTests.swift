import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
import Reports
@testable import FrameBenchCLI

/// The trace follows the Chrome JSON trace format: every event has the
/// fields its phase needs, phases nest inside their frame, each track's
/// timestamps only grow, and a long run stays bounded by the stated rule.
final class TraceTests: XCTestCase {
    private func events(_ bytes: [UInt8]) throws -> (events: [[String: Any]], other: [String: Any]) {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
        return (events, try XCTUnwrap(object["otherData"] as? [String: Any]))
    }

    private func bothLanes() throws -> RunDocument {
        var settings = GateTests.settings(frames: 120, backend: .both)
        settings.frameBudgetNanoseconds = 1  // every frame late: markers for all
        return try SuiteRunner(benchmarks: [settings]).run().document
    }

    func testEveryEventHasTheFieldsOfItsPhase() throws {
        let (events, _) = try events(ChromeTrace.render(try bothLanes()))
        XCTAssertFalse(events.isEmpty)
        for event in events {
            let phase = try XCTUnwrap(event["ph"] as? String)
            XCTAssertNotNil(event["name"] as? String, "\(event)")
            XCTAssertNotNil(event["pid"] as? Int, "\(event)")
            switch phase {
            case "M": XCTAssertNotNil(event["args"] as? [String: Any])
            case "X":
                XCTAssertNotNil(event["tid"] as? Int)
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(event["ts"] as? Double), 0)
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(event["dur"] as? Double), 0)
            case "C":
                let args = try XCTUnwrap(event["args"] as? [String: Any])
                XCTAssertNotNil(args["value"] as? Int, "\(event)")
                XCTAssertNotNil(event["ts"] as? Double)
            case "i":
                XCTAssertEqual(event["s"] as? String, "t")
                XCTAssertNotNil(event["ts"] as? Double)
            default: XCTFail("unexpected phase \(phase)")
            }
        }
    }

    func testPhasesNestInsideTheirFrameOnEachLanesOwnTrack() throws {
        let document = try bothLanes()
        let (events, _) = try events(ChromeTrace.render(document))
        let slices = events.filter { $0["ph"] as? String == "X" }
        var frames = 0
        for tid in [1, 2] {
            let track = slices.filter { $0["tid"] as? Int == tid }
            let expected = tid == 1 ? ["update", "layout", "diff", "encode", "write"] : ["update", "layout", "transfer", "render"]
            var current: (start: Double, end: Double)?
            var phases: [String] = []
            for slice in track {
                let start = slice["ts"] as! Double
                let end = start + (slice["dur"] as! Double)
                if slice["name"] as? String == "frame" {
                    if current != nil { XCTAssertEqual(phases, expected, "track \(tid)") }
                    current = (start, end)
                    phases = []
                    frames += 1
                } else {
                    let frame = try XCTUnwrap(current, "a phase before any frame")
                    // Microseconds with three decimals: exact to the nanosecond, so compare with a hair of slack.
                    XCTAssertGreaterThanOrEqual(start, frame.start - 1e-6)
                    XCTAssertLessThanOrEqual(end, frame.end + 1e-6, "\(slice)")
                    phases.append(slice["name"] as! String)
                }
            }
            XCTAssertEqual(phases, expected, "track \(tid)")
        }
        XCTAssertEqual(frames, 2 * (120 - 10))
        // Each lane has its own named track.
        let names = events.filter { $0["name"] as? String == "thread_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        XCTAssertEqual(Set(names), ["framebench frames", "ncurses frames"])
    }

    func testTimestampsOnEachTrackNeverGoBack() throws {
        let (events, _) = try events(ChromeTrace.render(try bothLanes()))
        var last: [String: Double] = [:]
        var late = 0
        for event in events where event["ph"] as? String != "M" {
            // Counters are tracks of their own, one per name.
            let track = event["ph"] as? String == "C"
                ? "C \(event["pid"]!) \(event["name"]!)" : "\(event["pid"]!) \(event["tid"]!)"
            let ts = event["ts"] as! Double
            XCTAssertGreaterThanOrEqual(ts, last[track] ?? 0, "\(event)")
            last[track] = ts
            if event["name"] as? String == "late frame" { late += 1 }
        }
        XCTAssertEqual(late, 2 * 110, "a budget of 1 ns makes every frame late")
    }

    func testCountersCarryEachFramesBytesCellsAllocationsAndScrollMoves() throws {
        let document = try bothLanes()
        let (events, _) = try events(ChromeTrace.render(document))
        let report = document.scenarios.first { $0.backend == .framebench }!
        let bytes = events.filter { $0["ph"] as? String == "C" && $0["name"] as? String == "bytes" }
            .map { ($0["args"] as! [String: Any])["value"] as! Int }
        XCTAssertEqual(bytes, report.frames(.bytes).map { Int($0) })
        for name in ["dirty cells", "allocations", "scroll moves", "bytes (ncurses)"] {
            XCTAssertEqual(events.filter { $0["name"] as? String == name }.count, 110, name)
        }
    }

    func testScriptEventsAreMarkedAtTheirFrames() throws {
        var settings = RunSettings(
            workload: "profile-feed", frames: 90,
            workloadSettings: WorkloadSettings(size: Size(cols: 60, rows: 20), seed: 3, feedItems: 500, script: "filters"),
            catalog: WorkloadFactory.catalog)
        settings.name = "filters"
        let document = try SuiteRunner(benchmarks: [settings]).run().document
        let markers = ScriptEvents.markers(for: document.scenarios[0].settings)
        XCTAssertTrue(markers.contains { $0.name.hasPrefix("filter switch") }, "\(markers)")
        let (events, _) = try events(ChromeTrace.render(document, markers: ["filters": markers]))
        let marked = events.filter { $0["tid"] as? Int == 3 && $0["ph"] as? String == "i" }
        let measured = markers.filter { $0.frame >= document.scenarios[0].settings.warmUpFrames }
        XCTAssertEqual(marked.map { $0["name"] as! String }, measured.map(\.name))
        XCTAssertFalse(marked.isEmpty)
    }

    func testTheCostliestViewOfAFrameRidesOnItsLayoutSlice() throws {
        let document = try bothLanes()
        let key = document.scenarios[0].key
        let views = [key: [12: FrameViewCost(path: "Root/\"Row\"", nanoseconds: 1_234_567, allocations: 3)]]
        let (events, _) = try events(ChromeTrace.render(document, views: views))
        let layouts = events.filter { $0["name"] as? String == "layout" && $0["tid"] as? Int == 1 }
        let args = layouts.compactMap { $0["args"] as? [String: Any] }.filter { $0["top_view"] != nil }
        XCTAssertEqual(args.count, 1)
        XCTAssertEqual(args.first?["top_view"] as? String, "Root/\"Row\"")
        XCTAssertEqual(args.first?["top_view_self_ms"] as? Double, 1.234)
    }

    /// 100,000 frames with every 97th late: the trace keeps the slowest frame of each window and says so.
    func testAHundredThousandFrameRunStaysBoundedByTheStatedRule() throws {
        let count = 100_000
        let times = (0..<count).map { $0 % 97 == 0 ? 20_000_000 : 1_000_000 + $0 % 13 }
        var frames: [Metric: [Int]] = [.frameTime: times]
        for phase in FramePhase.steps(of: .framebench) {
            frames[Metric.time(of: phase)] = times.map { phase == .layout ? $0 - 4 : 1 }
        }
        frames[.bytes] = Array(repeating: 10, count: count)
        let document = RunDocument(
            schemaVersion: 2, created: "now", machine: .current(), git: GitState(commit: "c", dirty: false),
            suite: nil, scenarios: [synthetic(frames, count: count)])
        let bytes = try ChromeTrace.render(document)
        XCTAssertLessThan(bytes.count, 8_000_000)
        let (events, other) = try events(bytes)
        let lane = try XCTUnwrap((other["lanes"] as? [[String: Any]])?.first)
        XCTAssertEqual(lane["frames"] as? Int, count)
        XCTAssertEqual(lane["stride"] as? Int, 10)
        XCTAssertEqual(lane["frames_in_trace"] as? Int, 10_000)
        XCTAssertEqual(lane["late_frames"] as? Int, (count + 96) / 97)
        XCTAssertTrue((other["decimation"] as? String)?.contains("slowest frame of each window") == true)
        // Every late frame is the slowest of its window of 10, so each one is drawn.
        let drawn = events.filter { $0["name"] as? String == "frame" }
        XCTAssertEqual(drawn.filter { $0["dur"] as? Double == 20_000 }.count, (count + 96) / 97)
    }

    func testALiveSessionsFramesBecomeATraceWithEveryFrame() throws {
        var summary = LiveSession.Summary()
        for frame in 0..<30 {
            summary.layoutNanoseconds.append(Double(1_000 + frame))
            summary.diffNanoseconds.append(200)
            summary.renderNanoseconds.append(500)
            summary.writeNanoseconds.append(frame == 7 ? 30_000_000 : 100)
            summary.bytes.append(50)
            summary.dirtyCells.append(10)
            summary.allocations.append(0)
        }
        let options = LiveSession.Options(
            workload: "profile-feed", workloadSettings: WorkloadSettings(size: Size(cols: 80, rows: 24)), term: "xterm")
        let (events, other) = try events(LiveTrace.render(summary, options: options))
        let frames = events.filter { $0["name"] as? String == "frame" }
        XCTAssertEqual(frames.count, 30)
        XCTAssertEqual(frames[0]["dur"] as? Double, 1.6)  // 1,000 + 500 + 100 ns
        XCTAssertEqual(events.filter { $0["name"] as? String == "encode" }.first?["dur"] as? Double, 0.3)
        let late = events.filter { $0["name"] as? String == "late frame" }
        XCTAssertEqual(late.count, 1)
        XCTAssertEqual((late.first?["args"] as? [String: Any])?["frame"] as? Int, 7)
        XCTAssertEqual((other["lanes"] as? [[String: Any]])?.first?["frames"] as? Int, 30)
    }

    private func synthetic(_ frames: [Metric: [Int]], count: Int) -> ScenarioReport {
        let settings = ScenarioSettings(
            scenario: "plain-feed", script: "default", frames: count + 10, cols: 80, rows: 24, feedItems: 10, seed: 1,
            term: "xterm", warmUpFrames: 10, repeats: 1, synchronizedOutput: false, scrollRegions: true,
            eraseAndRepeat: true)
        let times = frames[.frameTime]!.map(Double.init)
        return ScenarioReport(
            name: "long", backend: .framebench, stage: "diff+encode", settings: settings,
            metrics: [.frameTime: Summary(times)], histogram: Histogram(values: times),
            budget: FrameBudget.evaluate(frameTimes: times, budget: 16_670_000), frameBudgetNanoseconds: 16_670_000,
            runs: [RunSamples(frames: frames)], peakResidentBytes: 0)
    }

    func testARecordingsFramesBecomeATraceWithEveryFrameAndItsScriptEvents() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RunSettings(
            workload: "profile-feed", frames: 120,
            workloadSettings: WorkloadSettings(size: Size(cols: 80, rows: 24), seed: 1, feedItems: 10_000),
            backend: .framebench, term: "xterm-256color", catalog: WorkloadFactory.catalog)
        settings.script = "filters"
        let outcome = try Recording.recordFrames(Recording.Options(settings: settings, directory: directory))
        let recorded = try Data(contentsOf: directory.appendingPathComponent("stream.bin"))
        XCTAssertEqual(outcome.bytes, recorded.count)
        // The frames' bytes are the stream but for what prepares the terminal (cursor hidden) before frame 0.
        let framed = Int(outcome.frames[.bytes].reduce(0, +))
        XCTAssertGreaterThan(framed, 0)
        XCTAssertLessThanOrEqual(recorded.count - framed, 64)
        XCTAssertGreaterThanOrEqual(recorded.count - framed, 0)
        let (events, other) = try events(RecordTrace.render(outcome, settings: settings))
        let frames = events.filter { $0["name"] as? String == "frame" }
        XCTAssertEqual(frames.count, 120, "a recording has no warm-up: every frame is on the trace")
        XCTAssertEqual((frames.first?["args"] as? [String: Any])?["frame"] as? Int, 0)
        for phase in ["update", "layout", "diff", "encode", "write"] {
            XCTAssertEqual(events.filter { $0["name"] as? String == phase }.count, 120, phase)
        }
        XCTAssertTrue(events.contains { ($0["name"] as? String)?.hasPrefix("filter switch") == true }, "script events")
        XCTAssertEqual((other["lanes"] as? [[String: Any]])?.first?["frames"] as? Int, 120)
    }
}
