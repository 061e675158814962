import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// `framebench completions bash|zsh|fish` and `framebench man` are made from
/// the declarations: every command and option is in them, the scripts parse
/// in their shells, bash's completes what the parser accepts, and the man
/// page renders without a warning.
final class ShellSupportTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Runs `tool` (looked up on PATH) with `arguments`; nil when the tool is not installed.
    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testEveryScriptNamesEveryCommandAndEveryListedOption() {
        for shell in ShellSupport.Shell.allCases {
            let script = CompletionScript.text(for: shell)
            for command in CompletedCommand.all {
                for word in CompletionScript.words(command) {
                    XCTAssertTrue(script.contains(word), "\(shell): \(command.name)")
                }
                for option in command.options {
                    XCTAssertTrue(script.contains(shell == .fish ? "-l \(option.name)" : "--\(option.name)"),
                                  "\(shell): \(command.name) --\(option.name)")
                }
            }
            for scenario in CompletedCommand.scenarios {
                XCTAssertTrue(script.contains(scenario), "\(shell): scenario \(scenario)")
            }
        }
    }

    func testBashCompletesOptionsChoicesSubcommandsAndScenarios() throws {
        let script = try write(CompletionScript.bash, "framebench.bash")
        let probe = """
            source \(script)
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _framebench; echo "${COMPREPLY[*]}"; }
            ask framebench run --for
            ask framebench run --backend ''
            ask framebench run prof
            ask framebench baseline s
            ask framebench --package-path /tmp r
            ask framebench compare --format ''
            """
        guard let result = try run("bash", ["-c", probe]) else { throw XCTSkip("bash is not installed") }
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.prefix(6), ["--format --force", "framebench ncurses both", "profile-feed", "save show",
                                         "run record results-diff", "text json markdown junit html"])
    }

    func testTheScriptsParseInTheirShells() throws {
        var checked = 0
        for (shell, tool) in [(ShellSupport.Shell.bash, "bash"), (.zsh, "zsh"), (.fish, "fish")] {
            let path = try write(CompletionScript.text(for: shell), "framebench.\(shell)")
            guard let result = try run(tool, ["-n", path]) else { continue }
            XCTAssertEqual(result.status, 0, "\(tool) -n: \(result.output)")
            checked += 1
        }
        if checked < 3 { throw XCTSkip("checked \(checked) of 3 shells; install zsh and fish to check the others") }
    }

    func testTheManPageHasEveryCommandAndOptionAndRendersWithoutWarnings() throws {
        let page = ManPage.text
        for command in CommandDeclaration.all {
            XCTAssertTrue(page.contains(".SS \"framebench \(ManPage.roff(command.name.rawValue))"), command.name.rawValue)
            for option in OptionDeclaration.taken(by: command.name) where option.isListed && option.name != "help" {
                XCTAssertTrue(page.contains("\\fB\\-\\-\(ManPage.roff(option.name))\\fR"), "--\(option.name)")
            }
        }
        XCTAssertEqual(ManPage.exitCodes.map(\.code), ["0", "1", "2", "3"], "the exit codes as the global help states them")
        let path = try write(page, "framebench.1")
        guard let result = try run("groff", ["-man", "-Tutf8", "-ww", "-z", path]) else {
            throw XCTSkip("groff is not installed")
        }
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "", "groff's warnings")
    }

    func testABadShellOrAnArgumentToManIsAUsageError() {
        XCTAssertEqual(FrameBenchCommand.main(["completions", "tcsh"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["completions"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["man", "extra"]), 2)
    }
}
