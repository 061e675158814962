import Foundation
import XCTest

@testable import FrameBenchCLI
@testable import Harness

/// Results keyed by `Metric`: written under the metric names, byte for byte
/// as the string-keyed results were, and a name no metric has refused as the
/// file is read, naming the key, the benchmark and the file.
final class MetricKeysTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-metric-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Each metric's storage index is its place in `allCases`, and the tag it is read from is one byte.
    func testEveryMetricsIndexIsItsPlaceInAllCases() {
        XCTAssertEqual(MemoryLayout<Metric>.size, 1)
        for (place, metric) in Metric.allCases.enumerated() { XCTAssertEqual(metric.index, place, metric.rawValue) }
        XCTAssertEqual(Set(Metric.allCases.map(\.index)).count, Metric.allCases.count)
    }

    /// A small run of both lanes, as `framebench run` writes it.
    private func results() throws -> (path: String, json: [String: Any]) {
        let path = folder.appendingPathComponent("results.json").path
        let arguments = ["run", "plain-feed", "--size", "20x6", "--frames", "12", "--backend", "both", "--format", "json", "--quiet", "--out", path]
        XCTAssertEqual(FrameBenchCommand.main(arguments), 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        return (path, json)
    }

    /// `json` with its first scenario changed by `change`, written to a file of its own.
    private func altered(_ json: [String: Any], _ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        var json = json
        var scenarios = json["scenarios"] as! [[String: Any]]
        change(&scenarios[0])
        json["scenarios"] = scenarios
        let path = folder.appendingPathComponent("\(name).json").path
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func refusal(_ path: String) -> String {
        do {
            _ = try BaselineStore.read(path)
            return "read without an error"
        } catch {
            return "\(error)"
        }
    }

    func testMetricKeyedObjectsEncodeAsTheStringKeyedObjectsDid() throws {
        let summaries = Dictionary(uniqueKeysWithValues: Metric.allCases.enumerated().map { ($1, Summary([Double($0), 1, 2])) })
        let named = Dictionary(uniqueKeysWithValues: summaries.map { ($0.key.rawValue, $0.value) })
        XCTAssertEqual(try JSONFile.encode(summaries, compact: true), try JSONFile.encode(named, compact: true))
        XCTAssertEqual(try JSONFile.encode(summaries), try JSONFile.encode(named), "pretty-printed too")
        let frames = RunSamples(frames: [.frameTime: [3, 1], .bytes: [7, 7], .layoutAllocations: [0, 2]])
        XCTAssertEqual(
            String(decoding: try JSONFile.encode(frames, compact: true), as: UTF8.self),
            #"{"frames":{"bytes_per_frame":[7,7],"frame_time_ns":[3,1],"layout_allocations":[0,2]}}"#)
    }

    func testAResultsFileReadsAndWritesBackByteForByte() throws {
        let (path, _) = try results()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // The command ends the file with a line end, as it ends every output.
        XCTAssertEqual(try JSONFile.encode(try BaselineStore.read(path), compact: true) + Data("\n".utf8), original)
    }

    func testANameNoMetricHasIsRefusedNamingTheKeyTheBenchmarkAndTheFile() throws {
        let (_, json) = try results()
        let benchmark = "plain-feed-20x6 [framebench]"
        func renamed(_ object: Any?, _ from: String, _ to: String) -> [String: Any] {
            var object = object as! [String: Any]
            object[to] = object.removeValue(forKey: from)
            return object
        }
        let metrics = try altered(json, "metrics") { $0["metrics"] = renamed($0["metrics"], "frame_time_ns", "frame_tme_ns") }
        XCTAssertEqual(
            refusal(metrics),
            "results file \(metrics): scenarios[0].metrics.frame_tme_ns (\(benchmark)): unknown metric 'frame_tme_ns'")
        XCTAssertEqual(FrameBenchCommand.main(["baseline", "show", metrics]), 2)

        let frames = try altered(json, "frames") { scenario in
            var runs = scenario["runs"] as! [[String: Any]]
            runs[0]["frames"] = renamed(runs[0]["frames"], "bytes_per_frame", "bytes_per_frme")
            scenario["runs"] = runs
        }
        XCTAssertEqual(
            refusal(frames),
            "results file \(frames): scenarios[0].runs[0].frames.bytes_per_frme (\(benchmark)): 'bytes_per_frme' is not a per-frame metric")

        let instructions = try altered(json, "instructions") { $0["instructions"] = ["bytes_per_frame": 1.0] }
        XCTAssertEqual(
            refusal(instructions),
            "results file \(instructions): scenarios[0].instructions.bytes_per_frame (\(benchmark)): 'bytes_per_frame' is not an instruction metric")

        // Carried through unread before metrics were typed; refused now.
        let distribution = try altered(json, "distribution") { scenario in
            let summary = (scenario["metrics"] as! [String: Any])["bytes_per_frame"]!
            scenario["instruction_distribution"] = ["instructions_per_frame": summary, "instructions_per_frme": summary]
        }
        XCTAssertEqual(
            refusal(distribution),
            "results file \(distribution): scenarios[0].instruction_distribution.instructions_per_frme (\(benchmark)): 'instructions_per_frme' is not an instruction metric")
        let unmeasured = try altered(json, "unmeasured") { $0["unmeasured"] = ["allocations_per_frame", "alocations_per_frame"] }
        XCTAssertEqual(
            refusal(unmeasured),
            "results file \(unmeasured): scenarios[0].unmeasured[1] (\(benchmark)): unknown metric 'alocations_per_frame'")
        XCTAssertEqual(FrameBenchCommand.main(["baseline", "show", unmeasured]), 2)
    }

    /// The backend is read as one: a name framebench never writes is refused with the file, the key
    /// and the benchmark (as validation refused it when the backend was a string), and results-diff's
    /// `--backend` filter refuses such a name rather than matching nothing.
    func testABackendNoResultHasIsRefusedAsTheFileIsReadAndAsAFilter() throws {
        let (path, json) = try results()
        let misspelt = try altered(json, "backend") { $0["backend"] = "framebnech" }
        XCTAssertEqual(
            refusal(misspelt),
            "results file \(misspelt): scenarios[0].backend (plain-feed-20x6 [framebnech]): unknown backend 'framebnech' (framebench writes framebench, ncurses, program)")
        XCTAssertEqual(FrameBenchCommand.main(["baseline", "show", misspelt]), 2)
        let document = try BaselineStore.read(path)
        XCTAssertEqual(document.scenarios.map(\.backend), [.framebench, .ncurses])
        XCTAssertEqual(document.scenarios.map(\.backend.lane), [.framebench, .ncurses])
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", path, path, "--backend", "ncurses"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", path, path, "--backend", "ncurse"]), 2)
    }

    func testChildSamplesRefuseANameNoMetricHas() {
        XCTAssertThrowsError(
            try JSONDecoder().decode(FrameSamples.self, from: Data(#"{"frames": {"frame_time_ns": [1], "frame_tme_ns": [2]}}"#.utf8))
        ) { XCTAssertEqual("\($0)", "frames.frame_tme_ns: unknown metric 'frame_tme_ns'") }
    }

    func testTheCountedChildsReportKeysItsLanes() throws {
        let report = CountedRun.ChildReport(measuredFrames: [.framebench: 300, .ncurses: 299])
        let json = String(decoding: try JSONFile.encode(report, compact: true), as: UTF8.self)
        XCTAssertEqual(json, #"{"measured_frames":{"framebench":300,"ncurses":299}}"#)
        XCTAssertEqual(try JSONDecoder().decode(CountedRun.ChildReport.self, from: Data(json.utf8)).measuredFrames, report.measuredFrames)
    }
}
