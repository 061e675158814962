import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// The command line explains itself from one declaration per option: every
/// command's help, the global help, the command list in docs/commands.md (and the README's names) and the errors.
final class CommandHelpTests: XCTestCase {
    /// The package this test file is in.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testEveryCommandAnswersHelpAndDashHAndHelpCommandWithExitZero() {
        for name in CommandName.allCases {
            let words = name.rawValue.split(separator: " ").map(String.init)
            XCTAssertEqual(FrameBenchCommand.main(words + ["--help"]), 0, name.rawValue)
            XCTAssertEqual(FrameBenchCommand.main(words + ["-h"]), 0, name.rawValue)
            XCTAssertEqual(FrameBenchCommand.main(["help"] + words), 0, name.rawValue)
        }
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "nonsense", "-h"]), 0, "help wins over bad values")
        XCTAssertEqual(FrameBenchCommand.main(["baseline", "--help"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["--help"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["help"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["help", "nonsense"]), 2)
    }

    func testEachCommandsHelpListsItsOwnOptionsAndNoOthers() {
        for name in CommandName.allCases {
            let help = HelpText.command(name)
            let own = OptionDeclaration.taken(by: name)
            for option in own where option.isListed && option.name != "help" {
                XCTAssertTrue(help.contains(option.synopsis), "\(name.rawValue) --help lacks \(option.synopsis)")
            }
            // The option rows: lines that start with the option (after the indent).
            let listed = Set(
                help.split(separator: "\n").compactMap { line -> String? in
                    let trimmed = line.drop { $0 == " " }
                    guard line.hasPrefix("  "), trimmed.hasPrefix("--") else { return nil }
                    return String(trimmed.dropFirst(2).prefix { $0 != " " })
                })
            XCTAssertEqual(listed, Set(own.filter { $0.isListed && $0.name != "help" }.map(\.name)), name.rawValue)
            XCTAssertFalse(help.contains("--counted-child"), "internal options are never listed")
        }
        XCTAssertTrue(HelpText.command(.run).contains("--inject-allocations N"), "the gate's injections are documented")
        XCTAssertTrue(HelpText.command(.run).contains("(default: \(RunDefaults.frames))"))
        XCTAssertTrue(HelpText.command(.record).contains("(default: \(RunDefaults.recordFrames))"))
    }

    func testNoCommandDeclaresAnOptionTwice() {
        for name in CommandName.allCases {
            let names = OptionDeclaration.taken(by: name).map(\.name)
            XCTAssertEqual(names.count, Set(names).count, name.rawValue)
        }
        XCTAssertEqual(Set(CommandDeclaration.all.map(\.name)), Set(CommandName.allCases))
    }

    func testHelpRunExplainsRunNotEverything() {
        let help = HelpText.command(.run)
        XCTAssertTrue(help.hasPrefix("usage: framebench run [SCENARIO|BENCHMARK...] [OPTIONS]"), help)
        XCTAssertFalse(help.contains("--paired"))
        XCTAssertFalse(help.contains("--github-benchmark"))
    }

    func testUnknownOptionNamesItAndListsOnlyTheCommandsPublicOptions() {
        XCTAssertThrowsError(try ParsedArguments(["--bogus"], command: .list)) { error in
            XCTAssertEqual("\(error)", "unknown option --bogus for list (list takes: --format text|json, --package-path DIR, --help)")
        }
        XCTAssertThrowsError(try ParsedArguments(["plain-feed", "--paired"], command: .run)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("unknown option --paired for run (framebench run --help lists its "), message)
            XCTAssertFalse(message.contains("--size"), "run's options are many: the error points to its help rather than listing them: \(message)")
            let listed = OptionDeclaration.taken(by: .run).filter(\.isListed).count
            XCTAssertTrue(message.contains("lists its \(listed) options"), "only the public options are counted: \(message)")
            XCTAssertFalse(message.contains("counted-child"), message)
        }
        XCTAssertThrowsError(try ParsedArguments(["-x"], command: .check)) { XCTAssertTrue("\($0)".contains("unknown option -x for check")) }
        XCTAssertThrowsError(try ParsedArguments(["--frames"], command: .run)) { error in
            XCTAssertEqual("\(error)", "--frames needs a value (N)")
        }
        XCTAssertThrowsError(try ParsedArguments(["--sync=yes"], command: .run)) { XCTAssertTrue("\($0)".contains("--sync=yes")) }
        XCTAssertEqual(FrameBenchCommand.main(["run", "--help-me"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--frames", "5"]), 2)
    }

    func testVersionPrintsVersionCommitAndConfiguration() throws {
        XCTAssertEqual(FrameBenchCommand.main(["--version"]), 0)
        let lines = BuildInfo.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0], "framebench \(BuildInfo.version)")
        XCTAssertEqual(lines[2], "build debug", "the tests run a debug build")
        // The commit recorded at build time is this checkout's (or "unknown" without git).
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", Self.packageRoot.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if git.terminationStatus == 0 {
            XCTAssertTrue(lines[1].hasPrefix("commit \(head)"), "\(lines[1]) vs HEAD \(head)")
        } else {
            XCTAssertEqual(lines[1], "commit unknown")
        }
    }

    func testTheCommandsPageListsTheCommandsExactlyAsHelpPrintsThem() throws {
        let page = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let section = try XCTUnwrap(page.range(of: "## All commands\n"), "docs/commands.md has an All commands section")
        let rest = page[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```\n"))
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "\n```"))
        let block = String(rest[open.upperBound..<close.lowerBound])
        XCTAssertEqual(block, HelpText.global, "paste `framebench --help` into docs/commands.md's block under ## All commands:\n\(HelpText.global)")
    }

    /// The README's Commands section names every command (its first word), so a new one is not left out.
    func testTheReadmeNamesEveryCommand() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "## Commands\n"), "README has a Commands section")
        let end = try XCTUnwrap(readme[start.upperBound...].range(of: "\n## "))
        let section = readme[start.upperBound..<end.lowerBound]
        let names = HelpText.global.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertFalse(names.isEmpty, "the global help lists commands")
        for name in Set(names) {
            XCTAssertTrue(section.contains("`\(name)"), "the README's Commands section names `\(name)`")
        }
    }
}

/// Suites by name, `--suite` with scenarios, `--filter`, and the package found from any folder.
final class BenchmarkSelectionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-selection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Runs `arguments` with JSON output in the folder `directory`; the benchmarks' names and sizes.
    private func run(_ arguments: [String], in directory: URL = CommandHelpTests.packageRoot) throws -> [String] {
        let out = folder.appendingPathComponent("\(UUID().uuidString).json").path
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let code = FrameBenchCommand.main(arguments + ["--frames", "3", "--format", "json", "--out", out])
        guard code == 0 else { throw UsageError("exit \(code)") }
        let document = try BaselineStore.read(out)
        var seen = Set<String>()  // a benchmark on both backends has a report for each
        return document.scenarios.map { "\($0.name) \($0.settings.cols)x\($0.settings.rows)" }.filter { seen.insert($0).inserted }
    }

    func testASuiteBenchmarkRunsByItsNameAsDeclared() throws {
        XCTAssertEqual(try run(["run", "plain-feed-80x24"]), ["plain-feed-80x24 80x24"])
        XCTAssertEqual(try run(["run", "plain-feed-80x24", "--size", "40x10"]), ["plain-feed-80x24 40x10"], "options replace the declared settings")
        XCTAssertEqual(FrameBenchCommand.main(["run", "no-such-benchmark", "--frames", "3"]), 2)
    }

    func testAnUnknownBenchmarkErrorNamesEachDeclaredBenchmarkOnce() throws {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(CommandHelpTests.packageRoot.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertThrowsError(try BenchmarkSelection.benchmark("no-such-benchmark", suite: nil)) { error in
            let message = "\(error)"
            let listed = try! XCTUnwrap(message.components(separatedBy: "(benchmarks: ").last?.dropLast())
            let names = listed.components(separatedBy: ", ")
            XCTAssertTrue(names.contains("less"), message)  // in both programs suites
            XCTAssertEqual(names.count, Set(names).count, message)
        }
    }

    func testFilterSelectsSuiteBenchmarks() throws {
        XCTAssertEqual(try run(["run", "--filter", "80x24"]), ["plain-feed-80x24 80x24", "random-edits-80x24 80x24"])
        XCTAssertEqual(try run(["run", "--filter", "plain-*-80x24"]), ["plain-feed-80x24 80x24"])
        XCTAssertEqual(FrameBenchCommand.main(["run", "--filter", "nothing-matches", "--frames", "3"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--filter", "80x24", "--frames", "3"]), 2)
    }

    func testSuiteWithAScenarioRunsThatSuitesBenchmarksOfItOrIsRefused() throws {
        XCTAssertEqual(try run(["run", "plain-feed", "--suite", "default"]), ["plain-feed-200x50 200x50", "plain-feed-80x24 80x24"])
        XCTAssertEqual(FrameBenchCommand.main(["run", "full-churn", "--suite", "default", "--frames", "3"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--suite", "no-such-suite", "--frames", "3"]), 2)
    }

    func testCommandsFindThePackageFromASubfolderOrPackagePath() throws {
        let subfolder = CommandHelpTests.packageRoot.appendingPathComponent("Sources/Harness")
        XCTAssertEqual(try run(["run", "plain-feed-80x24"], in: subfolder), ["plain-feed-80x24 80x24"])
        XCTAssertEqual(
            try run(["run", "plain-feed-80x24", "--package-path", CommandHelpTests.packageRoot.path], in: folder),
            ["plain-feed-80x24 80x24"])
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed-80x24", "--package-path", folder.path]), 2, "no suites file there")
        XCTAssertEqual(try run(["run", "plain-feed", "--size", "20x5"], in: folder), ["plain-feed-20x5 20x5"], "scenarios need no package")
    }
}
