import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// The harness under hostile and careless use (issue 34): outputs that
/// collide, numbers out of range, control characters on a terminal, gates
/// that compare nothing or one run as many, results files with impossible
/// values, and the commit of the package measured.
final class HostileInputTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path(_ name: String) -> String { folder + "/" + name }

    private static let small = ["plain-feed", "--frames", "20", "--size", "20x5", "--term", "xterm-256color"]

    /// A small real results file.
    private func results(_ name: String) -> String {
        let out = path(name)
        XCTAssertEqual(FrameBenchCommand.main(["run"] + Self.small + ["--format", "json", "--out", out]), 0)
        return out
    }

    /// `good` with `change` applied to its JSON object, written as `name`.
    private func altered(_ good: String, _ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: good))) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            XCTAssertTrue(error is UsageError, "\(error)")
            return "\(error)"
        }
    }

    // MARK: - Item 2: outputs

    func testTwoOutputsNamingOneFileAreRefusedBeforeTheRunNamingBothOptions() throws {
        let same = path("same.json")
        // 10 million frames would take hours: the refusal comes first.
        let code = FrameBenchCommand.main(
            ["run", "plain-feed", "--frames", "10000000", "--size", "20x5", "--format", "json", "--out", same, "--trace", same, "--force"])
        XCTAssertEqual(code, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: same))
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "same.json")
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        let overlaps: [[OutputOverlap.Output]] = [
            [.init(option: "--out", path: same), .init(option: "--trace", path: path("sub/../same.json"))],
            [.init(option: "--out", path: path("link.json")), .init(option: "--trace", path: same)],
            [.init(option: "--out", path: path("rec"), isFolder: true), .init(option: "--trace", path: path("rec/stream.bin"))],
            [.init(option: "--out", path: path("rec"), isFolder: true), .init(option: "--trace", path: path("./rec"))],
        ]
        for outputs in overlaps {
            let text = message { try OutputOverlap.check(outputs) }
            XCTAssertTrue(text.contains("--out") && text.contains("--trace"), text)
        }
        XCTAssertNoThrow(try OutputOverlap.check([.init(option: "--out", path: same), .init(option: "--trace", path: path("trace.json"))]))
        XCTAssertNoThrow(try OutputOverlap.check([.init(option: "--out", path: "-"), .init(option: "--trace", path: "-")]))
        XCTAssertNoThrow(
            try OutputOverlap.check([.init(option: "--out", path: path("rec"), isFolder: true), .init(option: "--trace", path: path("record.json"))]),
            "a name that only starts like the folder's is outside it")
    }

    func testRecordRefusesATraceInsideItsFolderAndSaysNothingWasRecorded() {
        let code = FrameBenchCommand.main(
            ["record"] + Self.small + ["--out", path("rec"), "--trace", path("rec/stream.bin"), "--force"])
        XCTAssertEqual(code, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("rec/stream.bin")))
    }

    // MARK: - Item 3: numbers

    func testNumbersOutsideTheirRangeAreErrorsNamingThemNotCrashes() throws {
        for budget in ["1e303", "1e-320", "inf", "0x10", "1e400"] {
            XCTAssertEqual(FrameBenchCommand.main(["run"] + Self.small + ["--frame-budget", budget]), 2, budget)
        }
        let suites = path("suites.json")
        try #"{"suites": {"default": [{"name": "x", "scenario": "plain-feed", "frame_budget_ms": 1e303}]}}"#
            .write(toFile: suites, atomically: true, encoding: .utf8)
        XCTAssertTrue(message { _ = try SuiteFile.load(suites) }.contains("frame_budget_ms"))
        try #"{"frame_budget_ns": 1e-300, "suites": {"default": []}}"#.write(toFile: suites, atomically: true, encoding: .utf8)
        XCTAssertTrue(message { _ = try SuiteFile.load(suites) }.contains("frame_budget_ns"))
        try #"{"suites": {"default": [{"name": "x", "scenario": "plain-feed", "feed": -5}]}}"#
            .write(toFile: suites, atomically: true, encoding: .utf8)
        XCTAssertTrue(message { _ = try SuiteFile.load(suites) }.contains("feed must be"))

        let budgets = path("budgets.json")
        try #"{"budgets": {"x": {"bytes_per_frame.mean": 1e400}}}"#.write(toFile: budgets, atomically: true, encoding: .utf8)
        let huge = message { _ = try BudgetFile.load(budgets) }
        XCTAssertTrue(huge.contains("budgets.x.bytes_per_frame.mean") && huge.contains("1e400"), huge)
        XCTAssertFalse(huge.contains("Expected to decode"), huge)
        try #"{"budgets": {"x": {"bytes_per_frame.mean": "+0x10%"}}}"#.write(toFile: budgets, atomically: true, encoding: .utf8)
        XCTAssertTrue(message { _ = try BudgetFile.load(budgets) }.contains("+0x10%"))

        XCTAssertEqual(DecimalNumber.parse("16.67"), 16.67)
        XCTAssertEqual(DecimalNumber.parse(".5"), 0.5)
        XCTAssertEqual(DecimalNumber.parse("1e3"), 1000)
        for refused in ["0x10", "inf", "nan", "1e400", "", "+", "1.2.3", "1e", " 1", "1_000"] {
            XCTAssertNil(DecimalNumber.parse(refused), refused)
        }
        XCTAssertNil(DecimalNumber.parse("+5", allowsSign: false))
        XCTAssertThrowsError(try FrameBudget.nanoseconds(fromMilliseconds: 1e303, what: "--frame-budget"))
        XCTAssertEqual(try FrameBudget.nanoseconds(fromMilliseconds: 16, what: "--frame-budget"), 16_000_000)
    }

    // MARK: - Item 4: CSV on a terminal

    func testCSVForATerminalEscapesControlCharactersAndAFileKeepsThemQuoted() throws {
        var document = try BaselineStore.read(results("plain.json"))
        document.scenarios[0].name = "evil\u{1b}[2J\u{07},\"x\"\u{9b}31m"
        let terminal = CSVExport.text(document, escapesControls: true)
        XCTAssertFalse(terminal.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{07}" || $0 == "\u{9b}" })
        XCTAssertTrue(terminal.contains(#""evil\u{1b}[2J\u{7},""x""\u{9b}31m""#), terminal)
        let file = CSVExport.text(document)
        XCTAssertTrue(file.contains("\"evil\u{1b}[2J\u{07},\"\"x\"\"\u{9b}31m\""), "the file form keeps the name, quoted")
    }

    // MARK: - Item 5: gates

    func testCompareOfNothingFailsNamingWhyAsCheckDoes() throws {
        let a = results("a.json")
        let other = try altered(a, "other.json") { object in
            object["scenarios"] = (object["scenarios"] as! [[String: Any]]).map { var s = $0; s["name"] = "other"; return s }
        }
        let none = try altered(a, "none.json") { $0["scenarios"] = [] }
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, a]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, other]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, none]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["compare", none, a, "--format", "junit", "--out", path("r.xml")]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", none, "--budgets", try budgetsFile()]), 1)

        let documents = (try BaselineStore.read(a), try BaselineStore.read(other), try BaselineStore.read(none))
        let share = Comparison.compare(baseline: documents.0, candidate: documents.1)
        XCTAssertTrue(
            share.nothingCompared(baseline: documents.0, candidate: documents.1, baselineName: "a.json", candidateName: "other.json")?
                .contains("share no benchmark") == true)
        let empty = Comparison.compare(baseline: documents.0, candidate: documents.2)
        XCTAssertTrue(
            empty.nothingCompared(baseline: documents.0, candidate: documents.2, baselineName: "a.json", candidateName: "none.json")?
                .contains("none.json holds no results") == true)
        let same = Comparison.compare(baseline: documents.0, candidate: documents.0)
        XCTAssertNil(same.nothingCompared(baseline: documents.0, candidate: documents.0, baselineName: "a", candidateName: "a"))
    }

    private func budgetsFile() throws -> String {
        try #"{"budgets": {}}"#.write(toFile: path("budgets.json"), atomically: true, encoding: .utf8)
        return path("budgets.json")
    }

    func testOneRunGivenTwiceOnASideOrToMergeIsRefused() throws {
        let g = results("g.json")
        let h = results("h.json")
        try FileManager.default.copyItem(atPath: g, toPath: path("copy.json"))
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: g)
        XCTAssertEqual(FrameBenchCommand.main(["compare", Array(repeating: g, count: 5).joined(separator: ","), Array(repeating: h, count: 5).joined(separator: ",")]), 2)
        XCTAssertTrue(message { _ = try RunDocument.read(pooling: "\(g),\(path("copy.json"))") }.contains("same bytes"))
        XCTAssertTrue(message { _ = try RunDocument.read(pooling: "\(g),\(path("link.json"))") }.contains("same file"))
        XCTAssertEqual(FrameBenchCommand.main(["merge", "--rounds", g, g, "--out", path("m.json")]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["merge", "--rounds", g, path("copy.json"), "--out", path("m.json")]), 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("m.json")))
        XCTAssertEqual(FrameBenchCommand.main(["merge", "--rounds", g, h, "--out", path("m.json")]), 0, "two runs are two rounds")
    }

    // MARK: - Item 6: the results reader

    func testTheResultsReaderNamesTheKeyPathAndTheValue() throws {
        let good = results("good.json")
        let text = try String(contentsOfFile: good, encoding: .utf8)
        let frames = try XCTUnwrap(text.range(of: #""frames":20"#))
        let textCases: [(String, String, [String])] = [
            ("nan", #""frames":NaN"#, ["NaN", "settings.frames"]),
            ("infinity", #""frames":Infinity"#, ["Infinity", "settings.frames"]),
            ("digits", #""frames":99999999999999999999"#, ["99999999999999999999", "scenarios[0].settings.frames"]),
            ("fraction", #""frames":20.5"#, ["20.5", "scenarios[0].settings.frames", "whole number"]),
            ("hex", #""frames":0x14"#, ["0x14", "settings.frames"]),
        ]
        for (name, replacement, expected) in textCases {
            try text.replacingCharacters(in: frames, with: replacement).write(toFile: path(name), atomically: true, encoding: .utf8)
            let error = message { _ = try BaselineStore.read(path(name)) }
            for part in expected + [path(name)] { XCTAssertTrue(error.contains(part), "\(name): \(error)") }
            XCTAssertFalse(error.contains("number e on line"), error)
        }
        try (text + " trailing").write(toFile: path("trailing"), atomically: true, encoding: .utf8)
        XCTAssertTrue(message { _ = try BaselineStore.read(path("trailing")) }.contains("text after the end of the JSON value: 'trailing'"))

        let valueCases: [(String, (inout [String: Any]) -> Void, [String])] = [
            ("negcount", { Self.edit(&$0) { $0["settings"] = (($0["settings"] as! [String: Any]).merging(["frames": -20]) { $1 }) } }, ["settings.frames", "-20"]),
            ("negmemory", { Self.edit(&$0) { $0["peak_rss_bytes"] = -1 } }, ["peak_rss_bytes", "-1"]),
            ("backend", { Self.edit(&$0) { $0["backend"] = "nope" } }, ["backend", "'nope'"]),
            ("duplicate", { $0["scenarios"] = ($0["scenarios"] as! [Any]) + ($0["scenarios"] as! [Any]) }, ["scenarios[1]", "scenarios[0]", "only once"]),
            ("budget", { Self.edit(&$0) { $0["frame_budget_ns"] = 1e303 } }, ["frame_budget_ns", "1e+303"]),
        ]
        for (name, change, expected) in valueCases {
            let file = try altered(good, name, change)
            let error = message { _ = try BaselineStore.read(file) }
            for part in expected { XCTAssertTrue(error.contains(part), "\(name): \(error)") }
        }
    }

    private static func edit(_ object: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        var scenarios = object["scenarios"] as! [[String: Any]]
        change(&scenarios[0])
        object["scenarios"] = scenarios
    }

    func testTheScanFindsSyntaxErrorsWithLineAndColumnAndRepeatedKeys() {
        func problem(_ text: String) -> JSONScan.Problem? { JSONScan.problem(in: text) }
        XCTAssertNil(problem(#"{"a": [1, -2.5e3, "x\u00e9\n", true, null], "b": {}}"#))
        XCTAssertEqual(problem("{\"a\": [1,\n 2,, 3]}"), .init(path: "a[2]", message: "expected a value, found ', 3]}'", line: 2, column: 4))
        XCTAssertEqual(problem(#"{"a": 1, "a": 2}"#)?.message, "the key \"a\" appears twice in one object")
        XCTAssertEqual(problem(#"{"a": +1}"#)?.path, "a")
        XCTAssertEqual(problem(#"{"a": 01}"#)?.path, "a")
        XCTAssertEqual(problem(#"{"a": "x"} x"#)?.message, "text after the end of the JSON value: 'x'")
        XCTAssertEqual(problem("")?.message, "the file is empty: no JSON value")
        XCTAssertEqual(problem(#"{"a": "unterminated}"#)?.message, "a string that never ends (no closing quote)")
        XCTAssertEqual(problem(#"{"a": -Infinity}"#)?.isSyntax, false)
    }

    func testAFolderOrAFIFOGivenAsAFileIsNamedAsOne() throws {
        try FileManager.default.createDirectory(atPath: path("dir"), withIntermediateDirectories: true)
        XCTAssertTrue(message { _ = try InputFile.read(path("dir"), what: "results file") }.contains("is a folder"))
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        let fifo = message { _ = try BaselineStore.read(path("fifo")) }
        XCTAssertTrue(fifo.contains("FIFO") && !fifo.contains("permission"), fifo)
        XCTAssertTrue(message { _ = try InputFile.read(path("missing"), what: "results file") }.contains("no such file"))
    }

    // MARK: - Item 8: git identity

    func testResultsRecordThePackagesCommitNotTheCurrentFolders() throws {
        let package = path("package")
        try FileManager.default.createDirectory(atPath: package + "/Benchmarks", withIntermediateDirectories: true)
        try #"{"suites": {"default": []}}"#.write(toFile: package + "/Benchmarks/suites.json", atomically: true, encoding: .utf8)
        try "// package".write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        func git(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", package, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard (try? git("init", "-q")) != nil else { throw XCTSkip("no git") }
        _ = try git("add", "-A")
        _ = try git("commit", "-qm", "x")
        let commit = try git("rev-parse", "HEAD")
        XCTAssertEqual(commit.count, 40)
        let previous = GitState.packageFolder
        defer { GitState.packageFolder = previous }
        let out = path("r.json")
        XCTAssertEqual(FrameBenchCommand.main(["--package-path", package, "run"] + Self.small + ["--format", "json", "--out", out]), 0)
        let document = try BaselineStore.read(out)
        XCTAssertEqual(document.git.commit, commit)
        XCTAssertEqual(document.git.dirty, false)
    }
}
