import Foundation
import XCTest

@testable import Harness
@testable import Reports

/// Every format is an `Exporter` reached through `ReportFormat`: each renders
/// a run, the exports and the trace refuse a comparison by name, a run shows
/// its stored comparison in the formats that say so, and the trace's times
/// are its nanoseconds in microseconds exactly.
final class ExporterTests: XCTestCase {
    private static let document: RunDocument = {
        try! SuiteRunner(benchmarks: [GateTests.settings(frames: 40, backend: .both)], suiteName: "exporters").run().document
    }()

    /// Made once: a comparison's statistics take a while in a debug build.
    private static let compared: ComparedRuns = {
        let report = Comparison.compare(baseline: document, candidate: document)
        return ComparedRuns(report: report, baselineName: "stored-one", baseline: document, candidate: document)
    }()

    private func text(_ format: ReportFormat, _ subject: ReportSubject, _ options: ExportOptions = ExportOptions()) throws -> String {
        String(decoding: try format.render(subject, options: options), as: UTF8.self)
    }

    func testEveryFormatRendersARunThroughItsExporter() throws {
        for format in ReportFormat.allCases {
            let rendered = try text(format, .run(Self.document))
            XCTAssertFalse(rendered.isEmpty, format.rawValue)
        }
        let json = try ReportFormat.json.render(.run(Self.document))
        XCTAssertEqual(try JSONDecoder().decode(RunDocument.self, from: Data(json)).scenarios.count, 2)
        XCTAssertTrue(try text(.csv, .run(Self.document)).hasPrefix(CSVExport.header.joined(separator: ",") + "\r\n"))
        XCTAssertTrue(try text(.csv, .run(Self.document)).hasSuffix("\r"), "the last LF is the command's line end")
        XCTAssertTrue(try text(.html, .run(Self.document)).hasPrefix("<!DOCTYPE html>"))
    }

    func testTheExportsAndTheTraceRefuseAComparisonNamingTheFormat() throws {
        for format in [ReportFormat.githubBenchmark, .bmf, .csv] {
            XCTAssertThrowsError(try format.render(.comparison(Self.compared))) { error in
                XCTAssertEqual(
                    (error as? UsageError)?.description, "--format \(format.rawValue) exports a run's results, not a comparison")
            }
        }
        XCTAssertThrowsError(try TraceExporter().render(.comparison(Self.compared), options: ExportOptions()))
        for format in [ReportFormat.text, .json, .markdown, .junit, .html] {
            XCTAssertFalse(try text(format, .comparison(Self.compared)).isEmpty, format.rawValue)
        }
    }

    func testARunShowsItsStoredComparisonOnlyInTheFormatsThatSayTheyDo() throws {
        let stored = ReportSubject.run(Self.document, stored: Self.compared)
        for format in ReportFormat.allCases {
            let alone = try text(format, .run(Self.document))
            let with = try text(format, stored)
            if format.showsStoredComparison {
                XCTAssertNotEqual(alone, with, format.rawValue)
            } else {
                XCTAssertEqual(alone, with, format.rawValue)
            }
        }
        XCTAssertTrue(try text(.markdown, stored).contains("## framebench compared with stored-one"))
    }

    func testQuietLeavesARunsTablesOutButNotItsComparison() throws {
        var options = ExportOptions()
        options.omitsRunTables = true
        XCTAssertEqual(try text(.text, .run(Self.document), options), "")
        let quiet = try text(.text, .run(Self.document, stored: Self.compared), options)
        XCTAssertTrue(quiet.hasPrefix("\n"), "the comparison alone, after the empty tables")
        XCTAssertTrue(quiet.contains("stored-one"))
    }

    func testTraceTimesAreTheNanosecondsInMicrosecondsExactly() throws {
        let times = [1_234_567, 7, 1_000_001]
        let settings = ScenarioSettings(
            scenario: "plain-feed", script: "default", frames: 3, cols: 80, rows: 24, feedItems: 10, seed: 1, term: "xterm",
            warmUpFrames: 0, synchronizedOutput: false)
        let report = ScenarioReport(
            name: "exact", backend: .framebench, stage: "diff+encode", settings: settings, metrics: [:],
            histogram: Histogram(values: times.map(Double.init)),
            budget: FrameBudget.evaluate(frameTimes: times.map(Double.init), budget: 1_000_000),
            frameBudgetNanoseconds: 1_000_000, runs: [RunSamples(frames: [.frameTime: times])],
            peakResidentBytes: 0)
        let bytes = try ChromeTrace.render([report], commit: nil, created: "now")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let events = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
        let frames = events.filter { $0["name"] as? String == "frame" }
        XCTAssertEqual(frames.map { $0["ts"] as? Double }, [0, 1234.567, 1234.574])
        XCTAssertEqual(frames.map { $0["dur"] as? Double }, [1234.567, 0.007, 1000.001])
        let late = events.filter { $0["name"] as? String == "late frame" }.compactMap { $0["args"] as? [String: Any] }
        XCTAssertEqual(late.map { $0["frame_ms"] as? Double }, [1.234, 1.0])
        XCTAssertEqual(late.map { $0["over_budget_ms"] as? Double }, [0.234, 0])
        XCTAssertEqual((object["otherData"] as? [String: Any])?["commit"] as? String, "unknown")
        XCTAssertEqual(bytes.last, UInt8(ascii: "\n"))
    }
}
