import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// One measurement, many reports (`--out` again and again, or `--format
/// A,B`): which report each `--out` gets, every refusal before the run, and
/// every file from the same frames. And `run`'s JUnit: a case per benchmark.
final class ManyOutputsTests: XCTestCase {
    private var folder: String!
    private let small = ["run", "plain-feed", "--frames", "30", "--size", "20x5"]

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-many-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path(_ name: String) -> String { folder + "/" + name }

    private func targets(_ format: String?, _ outs: [String], _ command: CommandName = .run) throws -> [OutputOptions.Target] {
        try OutputOptions.targets(formats: format, outs: outs, supported: OutputOptions.formats(of: command), command: command)
    }

    private func refusal(_ format: String?, _ outs: [String], _ command: CommandName = .run) -> String {
        do {
            return "accepted: \(try targets(format, outs, command))"
        } catch {
            return "\(error)"
        }
    }

    // MARK: Which report each --out gets

    func testOneFormatAndOneOutWorkAsTheyAlwaysDid() throws {
        XCTAssertEqual(try targets(nil, []), [.init(format: .text, path: nil)])
        XCTAssertEqual(try targets("json", []), [.init(format: .json, path: nil)])
        XCTAssertEqual(try targets("json", ["r.txt"]), [.init(format: .json, path: "r.txt")], "an explicit --format wins over the extension")
        XCTAssertEqual(try targets("bmf", ["results.bmf.json"]), [.init(format: .bmf, path: "results.bmf.json")])
        XCTAssertEqual(try targets(nil, ["-"]), [.init(format: .text, path: nil)])
        XCTAssertEqual(try targets(nil, ["report"]), [.init(format: .text, path: "report")], "no extension: text, as before")
    }

    func testWithoutFormatEachOutTakesItsExtensionsFormat() throws {
        XCTAssertEqual(
            try targets(nil, ["r.json", "p.HTML", "s.md", "j.xml", "c.csv", "t.txt", "-"]),
            [
                .init(format: .json, path: "r.json"), .init(format: .html, path: "p.HTML"), .init(format: .markdown, path: "s.md"),
                .init(format: .junit, path: "j.xml"), .init(format: .csv, path: "c.csv"), .init(format: .text, path: "t.txt"),
                .init(format: .text, path: nil),
            ])
        XCTAssertEqual(ReportFormat.implied(byFileName: "dir.json/report"), nil, "a folder's extension is not the file's")
    }

    func testAFormatListPairsWithTheOutsInOrder() throws {
        XCTAssertEqual(
            try targets("json,html,text", ["a", "b.html", "-"]),
            [.init(format: .json, path: "a"), .init(format: .html, path: "b.html"), .init(format: .text, path: nil)])
    }

    func testAmbiguousOrImpossibleOutputsAreRefusedNamingWhatIsWrong() {
        XCTAssertEqual(
            refusal("json", ["a", "b"]),
            "--format json names one format for 2 --out files: give one format per --out (--format json,html) or leave --format out and each file's extension names its format")
        XCTAssertEqual(
            refusal("json,html", ["a.json"]),
            "--format json,html names 2 formats for 1 --out file: give one --out per format, in the same order (- for standard output)")
        XCTAssertEqual(
            refusal("json,html", ["a.html", "b.json"]),
            "--out a.html is paired with --format json but its extension names html: list the formats in the order of the --out files")
        XCTAssertEqual(refusal(nil, ["-", "-"]), "--out - is given twice: one report at most goes to standard output")
        XCTAssertEqual(
            refusal("json,xml", ["a", "b"]),
            "--format for run must be one of text, json, markdown, junit, html, github-benchmark, bmf, csv, not 'xml'")
        XCTAssertEqual(
            refusal(nil, ["r.csv"], .compare),
            "--out r.csv: its extension names csv, which compare does not write (it writes text, json, markdown, junit, html); give --format")
    }

    // MARK: An extension that names no format

    /// Written as text, `report.htlm` would look like a page and hold a table:
    /// refused unless `--format` says the file's format.
    func testAnUnknownExtensionIsRefusedNamingItAndTheKnownOnes() {
        XCTAssertEqual(
            refusal(nil, ["report.htlm"]),
            "--out report.htlm: .htlm is not an extension run knows (.csv .htm .html .json .markdown .md .txt .xml); "
                + "rename the file, or give --format for it (--format text|json|markdown|junit|html|github-benchmark|bmf|csv)")
        // The known ones are those of the formats the command writes: compare writes no CSV.
        XCTAssertEqual(
            refusal(nil, ["r.json", "cmp.jsn"], .compare),
            "--out cmp.jsn: .jsn is not an extension compare knows (.htm .html .json .markdown .md .txt .xml); "
                + "rename the file, or give --format for it (--format text|json|markdown|junit|html)")
        for command in [CommandName.run, .baselineShow, .compare, .check, .program] {
            XCTAssertTrue(refusal(nil, ["out.jsonl"], command).hasPrefix("--out out.jsonl: .jsonl is not an extension"), command.rawValue)
        }
    }

    func testAnExplicitFormatOrNoExtensionStillWrites() throws {
        XCTAssertEqual(try targets("json", ["results.jsonl"]), [.init(format: .json, path: "results.jsonl")], "--format says the format")
        XCTAssertEqual(
            try targets("json,html", ["a.data", "b.html"]), [.init(format: .json, path: "a.data"), .init(format: .html, path: "b.html")])
        XCTAssertEqual(
            try targets(nil, ["out.d/report", ".hidden", "P.HTM"]),
            [.init(format: .text, path: "out.d/report"), .init(format: .text, path: ".hidden"), .init(format: .html, path: "P.HTM")])
    }

    func testAnUnknownExtensionIsRefusedBeforeTheRunAndMergeRefusesAnotherFormatsName() throws {
        // 10 million frames: a refusal that came after the run would not come back at all.
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "10000000", "--out", path("results.jsn")]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["merge", path("a.json"), "--out", path("merged.html")]), 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        XCTAssertEqual(
            MergeCommand.checkOut("merged.html"),
            UsageError("--out merged.html: its extension names html, but merge writes results JSON: name it .json (or any name without a report's extension)"))
        XCTAssertNil(MergeCommand.checkOut("merged.json"))
        XCTAssertNil(MergeCommand.checkOut("merged.results"))
    }

    // MARK: One run, every report

    func testOneRunWritesEveryReportFromTheSameFrames() throws {
        let names = ["r.json", "p.html", "j.xml", "s.md", "c.csv", "t.txt"]
        XCTAssertEqual(FrameBenchCommand.main(small + ["--backend", "both"] + names.flatMap { ["--out", path($0)] }), 0)
        for name in names { XCTAssertTrue(FileManager.default.fileExists(atPath: path(name)), name) }
        let document = try BaselineStore.read(path("r.json"))
        XCTAssertEqual(document.scenarios.count, 2)
        let junit = try String(contentsOfFile: path("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"2\" failures=\"0\""), junit)
        for scenario in document.scenarios {
            // The JUnit case's time is the JSON's median frame: one measurement, not two.
            let seconds = String(format: "%.9f", try XCTUnwrap(scenario.metrics[.frameTime]).p50 / 1e9)
            XCTAssertTrue(junit.contains("name=\"frame budget [\(scenario.backend)]\" time=\"\(seconds)\""), "\(scenario.backend): \(junit)")
        }
        let csv = try ExportFormatTests.parseCSV(String(contentsOfFile: path("c.csv"), encoding: .utf8))
        XCTAssertEqual(Set(csv.dropFirst().map { $0[1] }), ["framebench", "ncurses"])
        XCTAssertTrue(try String(contentsOfFile: path("p.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(try String(contentsOfFile: path("s.md"), encoding: .utf8).contains("plain-feed-20x5"))
        XCTAssertTrue(try String(contentsOfFile: path("t.txt"), encoding: .utf8).contains("plain-feed-20x5 [ncurses]"))
    }

    func testEveryOutputIsCheckedBeforeTheRunAndNothingIsWrittenWhenOneIsRefused() throws {
        FileManager.default.createFile(atPath: path("exists.html"), contents: Data("old".utf8))
        // 10 million frames: a refusal that came after the run would not come back at all.
        let huge = ["run", "plain-feed", "--frames", "10000000"]
        XCTAssertEqual(FrameBenchCommand.main(huge + ["--out", path("new.json"), "--out", path("exists.html")]), 2)
        XCTAssertEqual(FrameBenchCommand.main(huge + ["--out", path("a.json"), "--out", folder + "/./a.json", "--force"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(huge + ["--out", path("a.json"), "--out", path("no/such/b.html")]), 2)
        XCTAssertEqual(FrameBenchCommand.main(huge + ["--format", "json", "--out", path("a"), "--out", path("b")]), 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["exists.html"])
        XCTAssertEqual(try String(contentsOfFile: path("exists.html"), encoding: .utf8), "old")
    }

    func testCompareAndCheckWriteEveryReportOfOneComparison() throws {
        // 12 frames: a comparison's bootstrap over 27 took 4 s in a debug build.
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "12", "--size", "20x5", "--out", path("a.json")]), 0)
        XCTAssertEqual(
            FrameBenchCommand.main(["compare", path("a.json"), path("a.json"), "--format", "json,junit", "--out", path("c.json"), "--out", path("c.xml")]), 0)
        let comparison = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("c.json")))) as? [String: Any])
        XCTAssertEqual(comparison["baseline"] as? String, path("a.json"))
        XCTAssertTrue(try String(contentsOfFile: path("c.xml"), encoding: .utf8).contains("failures=\"0\""))
        let budgets = path("budgets.json")
        try Data(#"{"budgets": {"plain-feed-20x5": {"bytes_per_frame.p50": 1}}}"#.utf8).write(to: URL(fileURLWithPath: budgets))
        XCTAssertEqual(
            FrameBenchCommand.main(["check", "--results", path("a.json"), "--budgets", budgets, "--out", path("k.md"), "--out", path("k.xml"), "--quiet"]), 1)
        XCTAssertTrue(try String(contentsOfFile: path("k.md"), encoding: .utf8).contains("bytes\\_per\\_frame.p50"))
        let junit = try String(contentsOfFile: path("k.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"1\" failures=\"1\""), junit)
    }

    // MARK: run's JUnit

    func testRunsJUnitHasACasePerBenchmarkFailingWhenItsFramesMissTheBudget() throws {
        XCTAssertEqual(FrameBenchCommand.main(small + ["--backend", "both", "--format", "junit", "--out", path("ok.xml")]), 0)
        let passing = try String(contentsOfFile: path("ok.xml"), encoding: .utf8)
        XCTAssertTrue(passing.contains("tests=\"2\" failures=\"0\" skipped=\"0\""), passing)
        XCTAssertTrue(passing.contains("frame budget 16.67ms: 0 of 27 frames over"), passing)

        // A budget of 1 µs: every frame is late, the hitch time ratio far over 10 ms/s.
        XCTAssertEqual(FrameBenchCommand.main(small + ["--frame-budget", "0.001", "--format", "junit", "--out", path("late.xml")]), 0)
        let failing = try String(contentsOfFile: path("late.xml"), encoding: .utf8)
        XCTAssertTrue(failing.contains("tests=\"1\" failures=\"1\""), failing)
        XCTAssertTrue(failing.contains("<failure message=\"frame budget 1.00us: 27 of 27 frames over, hitch time ratio"), failing)
        XCTAssertEqual(failing.components(separatedBy: "<testcase").count - 1, 1)
    }

    func testTheHitchTimeRatioLimitDecidesTheCase() throws {
        XCTAssertEqual(FrameBenchCommand.main(small + ["--out", path("a.json")]), 0)
        var document = try BaselineStore.read(path("a.json"))
        let budget = document.scenarios[0].budget
        for (ratio, fails) in [(10.0, false), (10.01, true)] {
            document.scenarios[0].budget = FrameBudgetReport(
                framesOverBudget: 3, hitchTimeRatio: ratio, longestLateStreak: budget.longestLateStreak)
            let text = JUnitReport.run(document, comparison: nil)
            XCTAssertEqual(text.contains("failures=\"1\""), fails, "\(ratio): \(text)")
        }
    }
}
