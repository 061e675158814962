import Foundation
import XCTest

@testable import Harness
@testable import ProgramDriver
import Reports
@testable import FrameBenchCLI

/// Program entries in ordinary suites: run beside scenes, saved as
/// baselines, checked against budgets and compared, their mistakes named.
final class ProgramSuiteTests: XCTestCase {
    private var package: URL!

    override func setUpWithError() throws {
        package = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-program-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Benchmarks"), withIntermediateDirectories: true)
        // A program that answers every key with the same 9 bytes ("key" at row 2): deterministic output.
        let app = package.appendingPathComponent("app.sh").path
        try "#!/bin/sh\nstty raw -echo\nprintf 'ready'\nwhile :; do dd bs=1 count=1 2>/dev/null >/dev/null; printf '\\033[2;1Hkey'; done\n"
            .write(toFile: app, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: package)
    }

    private var suitesPath: String { package.appendingPathComponent("Benchmarks/suites.json").path }

    /// A suites file of `entries` (JSON objects) under suite "s".
    private func suites(_ entries: String...) throws {
        try #"{"suites": {"s": [\#(entries.joined(separator: ", "))]}}"#.write(
            toFile: suitesPath, atomically: true, encoding: .utf8)
    }

    private let scene = #"{"name": "feed", "scenario": "plain-feed", "size": "40x10", "frames": 30, "term": "xterm-256color"}"#
    private let program = #"{"name": "app", "program": ["{root}/app.sh"], "keys": "j x3", "size": "30x5", "gap_ms": 40, "repeats": 2}"#

    private func main(_ arguments: [String]) -> Int32 {
        FrameBenchCommand.main(arguments + ["--package-path", package.path])
    }

    // MARK: Running

    func testASuiteMixingASceneAndAProgramRunsBothInItsOrder() throws {
        try suites(program, scene)
        let entries = try SuiteFile.load(suitesPath).entries(of: "s", path: suitesPath, root: package.path)
        XCTAssertEqual(entries.map(\.name), ["app", "feed"])
        let (document, _) = try SuiteRunner(entries: entries, suiteName: "s").run()
        XCTAssertEqual(document.scenarios.map(\.key), ["app [program]", "feed [framebench]"])
        let app = document.scenarios[0]
        // {root} replaced where it runs, kept where results name it (so two checkouts compare).
        XCTAssertEqual(app.program?.command, ["\(package.path)/app.sh"])
        XCTAssertEqual(app.settings.scenario, "{root}/app.sh")
        XCTAssertEqual(app.runs.count, 2, "repeats: 2")
        XCTAssertEqual(app.runs.map { $0[.bytes] }, [[9, 9, 9], [9, 9, 9]])
        XCTAssertEqual(app.program?.inputs, [3, 3])
        XCTAssertEqual(app.unmeasured, [.allocations, .allocatedBytes])
        XCTAssertNil(app.metrics[.allocations], "not measured is not zero")
        XCTAssertTrue(app.instructions.isEmpty)
        XCTAssertEqual(document.scenarios[1].histogram.total, 27, "the scene's 30 frames, 3 of them warm-up")
        XCTAssertEqual(document.failedProgramRuns, [])
        // The text report shows the program's runs as `program` does.
        let text = TextReport(colors: false).run(document)
        XCTAssertTrue(text.contains("app [program]  program: {root}/app.sh, 30x5"), text)
        XCTAssertNotNil(text.range(of: "allocations_per_frame +not measured", options: .regularExpression), text)
        XCTAssertTrue(text.contains("run 2: completed"), text)
        XCTAssertTrue(text.contains("3 inputs, 3 answered, 0 unanswered (1.0 frames per input)"), text)
        // Every report and export takes the mix.
        let markdown = MarkdownReport.run(document)
        XCTAssertTrue(markdown.contains("| app | program |") && markdown.contains("not measured"), markdown)
        XCTAssertTrue(String(decoding: HTMLReport.run(document), as: UTF8.self).contains("app [program]"))
        let csv = CSVExport.rows(document).filter { $0[0] == "app" }
        XCTAssertTrue(csv.contains { $0[4] == "bytes_per_frame" && $0[7] == "9" })
        XCTAssertFalse(csv.contains { $0[4].hasPrefix("alloc") }, "not measured is not exported as a figure")
        let comparison = Comparison.compare(baseline: document, candidate: document)
        XCTAssertFalse(comparison.failed)
        let junit = JUnitReport.report(comparison)
        XCTAssertTrue(junit.contains("allocations_per_frame") && junit.contains("not measured"), junit)
        XCTAssertTrue(try ComparisonJSON.encode(comparison, baselineName: "self").contains("\"baseline\" : null"))
        // Rounds pooled (compare --paired A1,A2 B1,B2; merge --rounds) keep every run's figures.
        let pooled = try RunDocument.pooled([("a", document), ("b", document)]).scenarios[0]
        XCTAssertEqual(pooled.runs.count, 4)
        XCTAssertEqual(pooled.program?.outcomes.count, 4)
        XCTAssertEqual(pooled.program?.inputs, [3, 3, 3, 3])
        XCTAssertEqual(pooled.settings.frames, 3, "a program's frames setting is its script's inputs, not the frames it cut")
    }

    func testRunSuiteRunsSceneAndProgramEntriesAndTheCommandLineReachesThePrograms() throws {
        try suites(scene, program)
        let out = package.appendingPathComponent("run.json").path
        XCTAssertEqual(main(["run", "--suite", "s", "--repeat", "1", "--format", "json", "--out", out]), 0)
        let document: RunDocument = try JSONFile.read(out, what: "results")
        XCTAssertEqual(document.scenarios.map(\.key), ["feed [framebench]", "app [program]"])
        XCTAssertEqual(document.scenarios[1].runs.count, 1, "--repeat applies to program entries")
        // A program entry runs by its name too, with `run`'s options that apply to programs.
        XCTAssertEqual(main(["run", "app", "--size", "20x4", "--format", "json", "--out", out, "--force"]), 0)
        let one: RunDocument = try JSONFile.read(out, what: "results")
        XCTAssertEqual(one.scenarios.map(\.key), ["app [program]"])
        XCTAssertEqual([one.scenarios[0].settings.cols, one.scenarios[0].settings.rows], [20, 4])
    }

    func testAProgramThatExitsEarlyFailsTheRunWithOneAfterItsReport() throws {
        try suites(#"{"name": "quitter", "program": ["sh", "-c", "printf hi; sleep 0.2"], "keys": "wait 100ms; j x5"}"#)
        let out = package.appendingPathComponent("run.json").path
        XCTAssertEqual(main(["run", "--suite", "s", "--format", "json", "--out", out]), 1)
        let document: RunDocument = try JSONFile.read(out, what: "results")
        XCTAssertTrue(document.failedProgramRuns[0].hasPrefix("program quitter run 1: exited before the script ended"))
        XCTAssertEqual(main(["baseline", "save", "--suite", "s"]), 1, "no baseline of a run that failed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: package.appendingPathComponent("Results").path))
    }

    func testShardsSplitProgramEntriesWithTheScenesEachOnce() throws {
        try suites(scene, program, #"{"name": "app2", "program": ["true"], "keys": "wait 2s; j x100"}"#)
        let entries = try SuiteFile.load(suitesPath).entries(of: "s", path: suitesPath, root: package.path)
        var ran: [String] = []
        for index in 1...2 {
            var runner = SuiteRunner(entries: entries, suiteName: "s")
            runner.restrict(to: try Shard(parsing: "\(index)/2"))
            XCTAssertEqual(runner.shardRecord?.suiteBenchmarks, ["feed", "app", "app2"])
            ran += runner.entries.map(\.name)
        }
        XCTAssertEqual(ran.sorted(), ["app", "app2", "feed"])
    }

    // MARK: Baselines, budgets, comparisons

    func testBaselineSaveAndCheckOnAProgramEntry() throws {
        try suites(scene, program)
        try #"{"budgets": {"app": {"bytes_per_frame.mean": 9, "frame_time_ns.p50": 5000000000}}}"#.write(
            toFile: package.appendingPathComponent("Benchmarks/budgets.json").path, atomically: true, encoding: .utf8)
        XCTAssertEqual(main(["baseline", "save", "--suite", "s", "--name", "mine"]), 0)
        let saved = try BaselineStore(directory: package.appendingPathComponent("Results").path).load("mine")
        XCTAssertEqual(saved.scenarios.map(\.key), ["feed [framebench]", "app [program]"])
        let out = package.appendingPathComponent("check.json").path
        XCTAssertEqual(main(["check", "--suite", "s", "--baseline", "mine", "--format", "json", "--out", out]), 0)
        let check = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as! [String: Any]
        let rows = (check["comparisons"] as! [[String: Any]]).filter { $0["scenario"] as? String == "app [program]" }
        func row(_ metric: String) -> [String: Any]? { rows.first { $0["metric"] as? String == metric } }
        // Two runs a side that agree frame by frame: the program's output is exact and gates.
        XCTAssertEqual(row("bytes_per_frame")?["verdict"] as? String, "unchanged")
        XCTAssertEqual(row("bytes_per_frame")?["gates"] as? Bool, true)
        // Not measured: one row, no figure (null), never 0, never gating.
        let allocations = rows.filter { $0["metric"] as? String == "allocations_per_frame" }
        XCTAssertEqual(allocations.count, 1)
        XCTAssertTrue(allocations[0]["baseline"] is NSNull)
        XCTAssertEqual(allocations[0]["gates"] as? Bool, false)
        XCTAssertFalse(rows.contains { ($0["metric"] as! String).contains("instructions") || ($0["metric"] as! String) == "layout_ns" })
        let budgets = (check["budgets"] as! [[String: Any]]).filter { $0["scenario"] as? String == "app [program]" }
        XCTAssertEqual(budgets.map { $0["limit"] as! String }.sorted(), ["bytes_per_frame.mean", "frame_time_ns.p50"])
        XCTAssertEqual(budgets.map { $0["holds"] as! Bool }, [true, true])
        // A budget the program breaks fails the check; a budget on what a program does not measure is bad input.
        let tight = package.appendingPathComponent("tight.json").path
        try #"{"budgets": {"app": {"bytes_per_frame.max": 8}}}"#.write(toFile: tight, atomically: true, encoding: .utf8)
        XCTAssertEqual(main(["check", "--suite", "s", "--filter", "app", "--budgets", tight, "--quiet"]), 1)
        try #"{"budgets": {"app": {"layout_ns.p50": 1}}}"#.write(toFile: tight, atomically: true, encoding: .utf8)
        XCTAssertEqual(main(["check", "--suite", "s", "--budgets", tight, "--quiet"]), 2)
        XCTAssertThrowsError(try BudgetFile.load(tight).checkProgramMetrics(["app"], path: "t")) { error in
            XCTAssertTrue("\(error)".contains("'app' runs a program, which has no layout_ns"), "\(error)")
        }
    }
    func testCheckFailsOnADoubtfulProgramFigureWhereRunOnlyReportsIt() throws {
        let budgets = package.appendingPathComponent("loose.json").path
        try #"{"budgets": {"app": {"frame_time_ns.p50": 5000000000}}}"#.write(toFile: budgets, atomically: true, encoding: .utf8)
        try suites(#"{"name": "app", "program": ["{root}/app.sh"], "keys": "j x3", "size": "30x5", "gap_ms": 40, "repeats": 1}"#)
        XCTAssertEqual(main(["check", "--suite", "s", "--budgets", budgets, "--quiet"]), 0)
        // The program does not redraw on a resize: the resize goes unanswered, a doubt.
        try suites(#"{"name": "app", "program": ["{root}/app.sh"], "keys": "j x2; resize 31x5", "size": "30x5", "gap_ms": 40, "repeats": 1}"#)
        XCTAssertEqual(main(["run", "--suite", "s", "--quiet"]), 0)
        XCTAssertEqual(main(["check", "--suite", "s", "--budgets", budgets, "--quiet"]), 1)
    }

    func testAProgramsOutputCountsGateOnlyWhenEachSidesRunsAgree() throws {
        func report(_ bytes: [[Int]]) -> ScenarioReport {
            let settings = ProgramSettings(command: ["p"], cols: 10, rows: 2, term: "xterm", script: KeyScript(steps: [], source: ""))
            var frame = ProgramFrame(index: 0, input: 0, inputTime: 0, firstByteTime: 500, completeTime: 1_000)
            frame.bytes = 9
            let run = ProgramRun(
                settings: settings, frames: [frame], outcome: .completed, exit: nil, inputs: 1, timeToFirstFrame: 1_000,
                peakResidentBytes: 0, cpuNanoseconds: 0, usesSynchronizedUpdates: false)
            var report = ProgramReport.scenario(name: "p", runs: [run])
            report.runs = bytes.map { RunSamples(frames: [.bytes: $0, .frameTime: $0.map { _ in 1_000 }]) }
            report.metrics[.bytes] = Summary(bytes.flatMap { $0 }.map(Double.init))
            return report
        }
        func bytesRow(_ old: [[Int]], _ new: [[Int]]) -> MetricComparison {
            Comparison.compare(report(old), report(new), machineDifference: nil, options: ComparisonOptions())
                .first { $0.metric == .bytes && $0.statistic == .mean }!
        }
        let agreeing = bytesRow([[9, 9], [9, 9]], [[9, 12], [9, 12]])
        XCTAssertEqual(agreeing.verdict, .worse)
        XCTAssertTrue(agreeing.fails, "runs that agree: the program is deterministic here, its counts gate")
        let varying = bytesRow([[9, 9], [9, 9]], [[9, 12], [9, 9]])
        XCTAssertFalse(varying.gates)
        XCTAssertTrue(varying.evidence.contains("the candidate's runs differ from each other"), varying.evidence)
        let single = bytesRow([[9, 9]], [[9, 12]])
        XCTAssertFalse(single.gates)
        XCTAssertTrue(single.evidence.contains("1 run of the baseline"), single.evidence)
    }

    // MARK: Mistakes

    func testAProgramEntrysKeyScriptFileIsReadWhereItRunsAndItsMistakesNamed() throws {
        try suites(#"{"name": "a", "program": ["{root}/app.sh", "{bin}"], "script": "a.keys", "gap_ms": 40}"#)
        let keys = package.appendingPathComponent("a.keys").path
        try "j x0\n".write(toFile: keys, atomically: true, encoding: .utf8)
        // Loading (list, check's names) reads no key script file; running reads and parses it.
        let loaded = try SuiteFile.load(suitesPath)
        XCTAssertThrowsError(try loaded.entries(of: "s", path: suitesPath, root: package.path, bin: "/b")) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(suitesPath): benchmark 'a': key script a.keys: "), "\(error)")
        }
        try "j x2\nwait 10ms\n".write(toFile: keys, atomically: true, encoding: .utf8)
        guard case .program(let program) = try loaded.entries(of: "s", path: suitesPath, root: package.path, bin: "/b")[0]
        else { return XCTFail("a program entry") }
        XCTAssertEqual(program.settings.script.oneLine, "j x2; wait 10ms")
        XCTAssertEqual(program.settings.command, ["\(package.path)/app.sh", "/b"])
        XCTAssertEqual(program.declaredCommand, ["{root}/app.sh", "{bin}"])
        XCTAssertEqual(program.settings.quiescenceGap, 40_000_000)
        // A file decoded without `load` is checked by the same parse when its entries are asked for.
        let decoded: SuiteFile = try JSONFile.read(suitesPath, what: "suites file")
        guard case .program(let same) = try decoded.entries(of: "s", path: suitesPath, root: package.path, bin: "/b")[0]
        else { return XCTFail("a program entry") }
        XCTAssertEqual(same.settings.script.oneLine, program.settings.script.oneLine)
        XCTAssertEqual(same.settings.command, program.settings.command)
    }

    func testMistakesInProgramEntriesAreNamedAndExitTwo() throws {
        let cases: [(entry: String, message: String)] = [
            (#"{"name": "a", "program": ["x"], "keys": "j", "frmaes": 3}"#, "benchmark 'a': unknown key 'frmaes'"),
            (#"{"name": "a", "program": ["x"], "keys": "j", "script": "k.keys"}"#, "gives both \"keys\" and \"script\""),
            (#"{"name": "a", "program": ["x"]}"#, "runs a program but types nothing"),
            (#"{"name": "a", "program": ["x"], "keys": "j", "seed": 3}"#, "\"seed\" is for scene entries"),
            (#"{"name": "a", "scenario": "plain-feed", "keys": "j"}"#, "\"keys\" is for program entries"),
            (#"{"name": "a", "scenario": "plain-feed", "program": ["x"]}"#, "gives both \"scenario\" and \"program\""),
            (#"{"name": "a", "size": "80x24"}"#, "needs \"scenario\""),
            (#"{"name": "a", "program": [], "keys": "j"}"#, "\"program\" must name a command"),
            (#"{"name": "a", "program": ["x"], "keys": "j x0"}"#, "benchmark 'a': keys:"),
            (#"{"name": "a", "program": ["x"], "keys": "j", "gap_ms": 0}"#, "gap_ms must be a whole number from 1 to 60000, not '0'"),
            (#"{"name": "a", "program": ["x"], "keys": "j", "start_timeout_ms": 0}"#, "start_timeout_ms must be a whole number from 1 to 600000, not '0'"),
            (#"{"name": "a", "scenario": "plain-feed", "start_timeout_ms": 50}"#, "\"start_timeout_ms\" is for program entries"),
            (#"{"name": "a", "program": ["x"], "keys": "wait 99999999999s"}"#, "durations are at most 3600s"),
            (#"{"name": "a", "program": ["x"], "keys": "j", "size": "2000x10"}"#, "at most 1000x1000"),
            (#"{"name": "a", "program": ["x"], "script": "missing.keys"}"#, "cannot read its key script"),
        ]
        for (entry, message) in cases {
            try suites(entry)
            var error: Error?
            do {
                _ = try SuiteFile.load(suitesPath).entries(of: "s", path: suitesPath, root: package.path)
            } catch let caught { error = caught }
            XCTAssertTrue(error.map { "\($0)".contains(message) } ?? false, "\(entry): \(error.map { "\($0)" } ?? "no error")")
            XCTAssertTrue(error.map { "\($0)".hasPrefix(suitesPath) } ?? false, "names the file: \(String(describing: error))")
            XCTAssertEqual(main(["run", "--suite", "s"]), 2, entry)
        }
        // A scene entry's misspelt key is the same error (it was silently ignored).
        try suites(#"{"name": "a", "scenario": "plain-feed", "frmaes": 3}"#)
        XCTAssertEqual(main(["check", "--suite", "s"]), 2)
        XCTAssertEqual(main(["baseline", "save", "--suite", "s"]), 2)
    }

    func testProgramSuiteRunsTheProgramEntriesOfASuite() throws {
        try suites(scene, program)
        let out = package.appendingPathComponent("program.json").path
        XCTAssertEqual(main(["program", "--suite", "s", "--repeat", "1", "--keys", "j x2", "--format", "json", "--out", out]), 0)
        let document: RunDocument = try JSONFile.read(out, what: "results")
        XCTAssertEqual(document.scenarios.map(\.key), ["app [program]"], "scene entries are left to run --suite")
        XCTAssertEqual(document.scenarios[0].runs.map { $0[.bytes] }, [[9, 9]], "--keys over the declared keys")
        try suites(scene)
        XCTAssertEqual(main(["program", "--suite", "s"]), 2, "a suite without programs")
    }
}
