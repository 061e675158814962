import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// `--out FILE` whose extension names no format is refused (exit 2) unless
/// `--format` says the file's format: written as text, `report.htlm` would
/// look like a page and hold a table. Every command whose `--out` is a
/// report file (`run`, `baseline show`, `compare`, `check`, `program`)
/// parses it through `OutputOptions`; `merge` writes results JSON only.
final class OutExtensionTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path(_ name: String) -> String { folder + "/" + name }

    private func outcome(_ format: String?, _ outs: [String], _ command: CommandName = .run) -> String {
        do {
            let targets = try OutputOptions.targets(
                formats: format, outs: outs, supported: OutputOptions.formats(of: command), command: command)
            return targets.map { "\($0.format.rawValue) \($0.path ?? "-")" }.joined(separator: ", ")
        } catch {
            return "\(error)"
        }
    }

    func testAnUnknownExtensionIsRefusedNamingItAndTheKnownOnes() {
        XCTAssertEqual(
            outcome(nil, ["report.htlm"]),
            "--out report.htlm: .htlm is not an extension run knows (.csv .htm .html .json .markdown .md .txt .xml); "
                + "rename the file, or give --format for it (--format text|json|markdown|junit|html|github-benchmark|bmf|csv)")
        // The known ones are those of the formats the command writes: compare writes no CSV.
        XCTAssertEqual(
            outcome(nil, ["r.json", "cmp.jsn"], .compare),
            "--out cmp.jsn: .jsn is not an extension compare knows (.htm .html .json .markdown .md .txt .xml); "
                + "rename the file, or give --format for it (--format text|json|markdown|junit|html)")
    }

    func testEveryReportCommandRefusesAnUnknownExtension() {
        for command in [CommandName.run, .baselineShow, .compare, .check, .program] {
            XCTAssertTrue(outcome(nil, ["out.jsonl"], command).hasPrefix("--out out.jsonl: .jsonl is not an extension"), command.rawValue)
        }
    }

    func testAnExplicitFormatOrNoExtensionStillWrites() {
        XCTAssertEqual(outcome("json", ["results.jsonl"]), "json results.jsonl", "--format says the format")
        XCTAssertEqual(outcome("json,html", ["a.data", "b.html"]), "json a.data, html b.html", "a format list pairs in order")
        XCTAssertEqual(outcome(nil, ["report"]), "text report", "no extension: text, as before")
        XCTAssertEqual(outcome(nil, ["out.d/report", ".hidden", "-"]), "text out.d/report, text .hidden, text -")
        XCTAssertEqual(outcome(nil, ["R.JSON", "p.htm"]), "json R.JSON, html p.htm", "known extensions in any case")
    }

    func testTheCommandRefusesBeforeAnythingRunsAndWritesNothing() throws {
        // 10 million frames: a refusal that came after the run would not come back at all.
        let status = FrameBenchCommand.main(["run", "plain-feed", "--frames", "10000000", "--out", path("results.jsn")])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    func testMergeRefusesAnOutNamingAnotherFormat() throws {
        let status = FrameBenchCommand.main(["merge", path("a.json"), "--out", path("merged.html")])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        XCTAssertEqual(
            "\(MergeCommand.checkOut("merged.html") ?? UsageError("accepted"))",
            "--out merged.html: its extension names html, but merge writes results JSON: name it .json (or any name without a report's extension)")
        XCTAssertNil(MergeCommand.checkOut("merged.json"))
        XCTAssertNil(MergeCommand.checkOut("merged.results"))
    }
}
