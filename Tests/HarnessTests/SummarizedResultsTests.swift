import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// Results files whose runs kept distributions rather than frames (runs past
/// `FrameSamples.exactFrameLimit`): read, reported, pooled and compared, and
/// refused when a distribution cannot be.
final class SummarizedResultsTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "framebench-summarized-\(getpid())"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A small real results file whose every run keeps distributions instead of frames.
    private func summarizedResults(_ name: String, change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let good = folder + "/good-\(name)"
        let run = ["run", "plain-feed", "--frames", "40", "--size", "20x5", "--term", "xterm-256color"]
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "json", "--out", good, "--force"]), 0)
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: good))) as? [String: Any])
        var scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        for index in scenarios.indices {
            var runs = try XCTUnwrap(scenarios[index]["runs"] as? [[String: Any]])
            for runIndex in runs.indices {
                let frames = try XCTUnwrap(runs[runIndex]["frames"] as? [String: [Int]])
                var distributions: [String: Any] = [:]
                for (metric, values) in frames {
                    let encoded = try JSONEncoder().encode(FrameDistribution(values.map(Double.init)))
                    distributions[metric] = try JSONSerialization.jsonObject(with: encoded)
                }
                runs[runIndex] = ["frames": [String: Any](), "distributions": distributions]
            }
            scenarios[index]["runs"] = runs
            scenarios[index]["summarized_frames"] = ["exact_frame_limit": 100_000, "relative_error": 1.0 / 256, "frames": 36]
        }
        object["scenarios"] = scenarios
        change(&object)
        let path = folder + "/" + name
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testASummarizedFileIsReadReportedAndComparedOnItsDistributions() throws {
        let document = try BaselineStore.read(try summarizedResults("summarized.json"))
        let scenario = try XCTUnwrap(document.scenarios.first)
        XCTAssertTrue(scenario.isSummarized(.frameTime))
        XCTAssertEqual(scenario.pooledDistribution(.frameTime)?.count, 36)
        XCTAssertNotNil(scenario.runMedians(.frameTime).first)
        let text = TextReport(colors: false).run(document)
        XCTAssertTrue(text.contains("percentiles from a log-bucketed distribution, within 0.39%"), text)

        let report = Comparison.compare(baseline: document, candidate: document)
        let frame = try XCTUnwrap(report.rows.first { $0.metric == .frameTime && $0.scenario == scenario.key })
        XCTAssertTrue(frame.evidence.contains("kept distributions, not frames"), frame.evidence)
        XCTAssertFalse(frame.gates)
    }

    func testPoolingSummarizedFilesMergesTheirDistributions() throws {
        let path = try summarizedResults("one.json")
        let document = try BaselineStore.read(path)
        let pooled = try RunDocument.pooled([(path, document), (path + "-again", document)])
        let scenario = try XCTUnwrap(pooled.scenarios.first)
        XCTAssertEqual(scenario.runs.count, 2)
        XCTAssertEqual(scenario.summarizedFrames?.frames, 72)
        let alone = try XCTUnwrap(document.scenarios.first?.pooledDistribution(.allocations))
        XCTAssertEqual(scenario.metrics[.allocations]?.max, alone.max)
        XCTAssertEqual(scenario.histogram.total, 72)
    }

    func testADistributionThatCannotBeIsRefusedNamingItsKeyPath() throws {
        let negative = try summarizedResults("negative.json") { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            var runs = scenarios[0]["runs"] as! [[String: Any]]
            var distributions = runs[0]["distributions"] as! [String: Any]
            var allocations = distributions[Metric.allocations.rawValue] as! [String: Any]
            allocations["min"] = -3
            distributions[Metric.allocations.rawValue] = allocations
            runs[0]["distributions"] = distributions
            scenarios[0]["runs"] = runs
            object["scenarios"] = scenarios
        }
        XCTAssertThrowsError(try BaselineStore.read(negative)) { error in
            XCTAssertTrue("\(error)".contains("runs[0].distributions.allocations_per_frame.min"), "\(error)")
            XCTAssertTrue("\(error)".contains("-3.0 is negative"), "\(error)")
        }
        let miscounted = try summarizedResults("miscounted.json") { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            var runs = scenarios[0]["runs"] as! [[String: Any]]
            var distributions = runs[0]["distributions"] as! [String: Any]
            var times = distributions[Metric.frameTime.rawValue] as! [String: Any]
            times["count"] = 999
            distributions[Metric.frameTime.rawValue] = times
            runs[0]["distributions"] = distributions
            scenarios[0]["runs"] = runs
            object["scenarios"] = scenarios
        }
        XCTAssertThrowsError(try BaselineStore.read(miscounted)) { error in
            XCTAssertTrue("\(error)".contains("distributions.frame_time_ns"), "\(error)")
            XCTAssertTrue("\(error)".contains("not count (999)"), "\(error)")
        }
    }
}
