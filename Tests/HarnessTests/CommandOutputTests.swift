import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// What the reporting commands write: each format only where it applies,
/// exports that their readers take, headers on lists, colour by the
/// no-color.org rule, and a gate's reason even under `--quiet`.
final class CommandOutputTests: XCTestCase {
    private var folder: URL!
    private static let baselinePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Results/amd-epyc-2c-release.json")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs framebench with `descriptor` (1 or 2) sent to a file; returns the exit code and what was written.
    private func capturing(_ descriptor: Int32, _ arguments: [String]) throws -> (Int32, String) {
        let path = folder.appendingPathComponent("captured-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let saved = dup(descriptor)
        let target = open(path, O_WRONLY)
        dup2(target, descriptor)
        close(target)
        let code = FrameBenchCommand.main(arguments)
        dup2(saved, descriptor)
        close(saved)
        return (code, try String(contentsOfFile: path, encoding: .utf8))
    }

    private func usageError(_ arguments: [String], command: CommandName) -> String? {
        do {
            _ = try OutputOptions(ParsedArguments(arguments, command: command))
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: Formats

    func testEachCommandTakesTheFormatsItsDeclarationListsAndRefusesTheOthers() {
        XCTAssertEqual(OutputOptions.formats(of: .run), OutputOptions.Format.allCases)
        XCTAssertEqual(OutputOptions.formats(of: .compare), [.text, .json, .markdown, .junit, .html])
        XCTAssertEqual(OutputOptions.formats(of: .check), [.text, .json, .markdown, .junit, .html])
        XCTAssertFalse(OutputOptions.formats(of: .baselineShow).contains(.junit))
        XCTAssertEqual(
            usageError(["--format", "junit"], command: .baselineShow),
            "--format for baseline show must be one of text, json, markdown, html, github-benchmark, bmf, csv, not 'junit'")
        XCTAssertEqual(
            usageError(["--format", "csv"], command: .compare),
            "--format for compare must be one of text, json, markdown, junit, html, not 'csv'")
        XCTAssertNil(usageError(["--format", "bmf"], command: .run))
        XCTAssertEqual(FrameBenchCommand.main(["baseline", "show", "no-such-baseline", "--format", "junit"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--format", "github-benchmark"]), 2, "refused before the suite runs")
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "5", "--format", "xml"]), 2)
    }

    func testRunWritesEachExportAsItsReaderExpects() throws {
        let run = ["run", "plain-feed", "--frames", "30", "--size", "20x5", "--backend", "both"]
        let csv = folder.appendingPathComponent("results.csv").path
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "csv", "--out", csv]), 0)
        let records = try ExportFormatTests.parseCSV(String(contentsOfFile: csv, encoding: .utf8))
        XCTAssertEqual(records.first, CSVExport.header)
        XCTAssertEqual(Set(records.dropFirst().map { $0[1] }), ["framebench", "ncurses"])

        let bmf = folder.appendingPathComponent("results.bmf.json").path
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "bmf", "--out", bmf]), 0)
        let benchmarks = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bmf))) as? [String: [String: [String: Double]]])
        XCTAssertEqual(Set(benchmarks.keys), ["plain-feed-20x5 [framebench]", "plain-feed-20x5 [ncurses]"])
        XCTAssertNotNil(benchmarks["plain-feed-20x5 [framebench]"]?["frame_time_ns"]?["value"])

        let chart = folder.appendingPathComponent("chart.json").path
        XCTAssertEqual(FrameBenchCommand.main(run + ["--format", "github-benchmark", "--out", chart]), 0)
        let entries = try JSONDecoder().decode([GitHubBenchmark.Entry].self, from: Data(contentsOf: URL(fileURLWithPath: chart)))
        XCTAssertTrue(entries.contains { $0.name == "plain-feed-20x5 [ncurses] bytes_per_frame mean" && $0.unit == "bytes" })
    }

    // MARK: Lists and colour

    func testBaselineListHasAHeaderAboveItsColumns() throws {
        let results = folder.appendingPathComponent("Results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.baselinePath, to: results.appendingPathComponent("mine.json"))
        let benchmarks = folder.appendingPathComponent("Benchmarks")
        try FileManager.default.createDirectory(at: benchmarks, withIntermediateDirectories: true)
        try Data(#"{"suites": {}}"#.utf8).write(to: benchmarks.appendingPathComponent("suites.json"))
        let (code, text) = try capturing(STDOUT_FILENO, ["baseline", "list", "--package-path", folder.path])
        XCTAssertEqual(code, 0, text)
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 2 else { return XCTFail("a header and one baseline: \(text)") }
        XCTAssertEqual(lines[0].split(separator: " ").map(String.init), ["name", "created", "machine", "commit", "results"])
        XCTAssertTrue(lines[1].hasPrefix("mine "))
        XCTAssertEqual(lines[0].range(of: "created")?.lowerBound.utf16Offset(in: lines[0]), lines[1].range(of: "2026-")?.lowerBound.utf16Offset(in: lines[1]), "aligned")
    }

    func testColourFollowsNoColorAndTermDumb() {
        XCTAssertTrue(ColorPolicy.allowsColor(isTerminal: true, environment: ["TERM": "xterm-256color"]))
        XCTAssertTrue(ColorPolicy.allowsColor(isTerminal: true, environment: ["NO_COLOR": ""]), "set but empty: colour stays")
        XCTAssertFalse(ColorPolicy.allowsColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertFalse(ColorPolicy.allowsColor(isTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertFalse(ColorPolicy.allowsColor(isTerminal: false, environment: [:]))
        XCTAssertFalse(ColorPolicy.allowsEscapes(environment: ["TERM": "dumb"]))
        XCTAssertTrue(ColorPolicy.allowsEscapes(environment: ["TERM": "xterm"]))
    }

    // MARK: --quiet

    func testQuietCompareStillSaysWhyItFailed() throws {
        var baseline = try BaselineStore.read(Self.baselinePath.path)
        baseline.scenarios = Array(baseline.scenarios.prefix(1))
        var candidate = baseline
        candidate.scenarios[0].metrics[.allocations]?.mean += 5
        candidate.scenarios[0].metrics[.allocations]?.max += 5
        let a = folder.appendingPathComponent("a.json").path
        let b = folder.appendingPathComponent("b.json").path
        try JSONFile.encode(baseline).write(to: URL(fileURLWithPath: a))
        try JSONFile.encode(candidate).write(to: URL(fileURLWithPath: b))
        let (code, errors) = try capturing(STDERR_FILENO, ["compare", a, b, "--quiet"])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(errors.contains("compare: FAILED: "), errors)
        XCTAssertTrue(errors.contains(Metric.allocations.rawValue), errors)
        let (quietStdout, output) = try capturing(STDOUT_FILENO, ["compare", a, b, "--quiet"])
        XCTAssertEqual(quietStdout, 1)
        XCTAssertEqual(output, "", "the report itself stays quiet")
    }
}
