import Foundation
import XCTest

@testable import Harness

/// The runner against a stand-in `valgrind` (a shell script first on PATH):
/// what it passes to the child, and how each way of failing is reported.
/// Runs on machines without valgrind.
final class CallgrindRunnerPlumbingTests: XCTestCase {
    var tools: URL!

    override func setUpWithError() throws {
        guard CallgrindRunner.locate("strip") ?? CallgrindRunner.locate("llvm-strip") != nil else {
            throw XCTSkip("strip is not installed (apt-get install binutils)")
        }
        tools = FileManager.default.temporaryDirectory.appendingPathComponent("fake-valgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        // Prints what it was given, then plays the outcome FAKE_OUTCOME names.
        let script = """
            #!/bin/sh
            out=""
            for argument in "$@"; do
                case "$argument" in --callgrind-out-file=*) out="${argument#--callgrind-out-file=}" ;; esac
            done
            echo "arguments: $*"
            echo "directory=$(pwd) extra=${FRAMEBENCH_TEST_EXTRA-unset} home=${HOME-unset}"
            echo "hashing=$SWIFT_DETERMINISTIC_HASHING marker=$FRAMEBENCH_INSTRUCTION_COUNT"
            case "$FAKE_OUTCOME" in
                missing) ;;
                corrupt) echo "not a profile" > "$out" ;;
                fail) echo "first line" >&2; echo "the child crashed" >&2; exit 3 ;;
                frames)
                    echo "frames=$FRAMEBENCH_INSTRUCTION_FRAMES"
                    for n in 1 2 10; do printf 'events: Ir\nfn=(1) fb_phase_ncurses_refresh\n0 %s\n' "$n" > "$out.$n"; done
                    printf 'events: Ir\nfn=(1) fb_phase_ncurses_refresh\n0 100\n' > "$out" ;;
                *) printf 'events: Ir\\nfn=(1) fb_phase_ours_diff\\n0 40\\ncfn=(2) fb_phase_ours_encode\\ncalls=1 0\\n0 7\\nfn=(2)\\n0 7\\ntotals: 47\\n' > "$out" ;;
            esac
            """
        let valgrind = tools.appendingPathComponent("valgrind")
        try script.write(to: valgrind, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: valgrind.path)
    }

    override func tearDownWithError() throws {
        if let tools { try? FileManager.default.removeItem(at: tools) }
    }

    func runner(outcome: String) -> CallgrindRunner {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(tools.path):\(environment["PATH"] ?? "/usr/bin:/bin")"
        environment["FAKE_OUTCOME"] = outcome
        environment["FRAMEBENCH_TEST_EXTRA"] = "anything"
        environment["HOME"] = "/home/someone"
        var runner = CallgrindRunner(
            executable: URL(fileURLWithPath: "/bin/true"), cacheDirectory: tools.appendingPathComponent("cache"),
            environment: environment)
        runner.keptVariables.insert("FAKE_OUTCOME")
        runner.scratchDirectory = tools.appendingPathComponent("scratch")
        return runner
    }

    func testTheChildRunsAStrippedCopyWithCollectionOffAndTheCountingEnvironment() throws {
        let outcome = try runner(outcome: "profile").run(arguments: ["run", "plain-feed"])
        let output = String(decoding: outcome.standardOutput, as: UTF8.self)
        let stripped = try runner(outcome: "profile").strippedExecutable()
        XCTAssertTrue(
            output.contains("--tool=callgrind --quiet --callgrind-out-file="), output)
        XCTAssertTrue(output.contains("--collect-atstart=no \(stripped.path) run plain-feed\n"), output)
        XCTAssertTrue(output.hasSuffix("hashing=1 marker=1\n"), output)
        // Counts must not depend on where the caller stood or what else its
        // shell holds: the child runs in `/` with the allowlisted variables.
        XCTAssertTrue(output.contains("directory=/ extra=unset home=/home/someone\n"), output)
        XCTAssertTrue(outcome.frames.isEmpty)
        XCTAssertEqual(outcome.counts.totals, [.framebench: [.diff: 40, .encode: 7]])
        XCTAssertEqual(outcome.collectedInstructions, 47)
        XCTAssertNil(outcome.outputFile)
    }

    func testPerFramePartsAreReadInDumpOrderAndAddedToTheTotals() throws {
        let kept = tools.appendingPathComponent("kept.callgrind")
        let outcome = try runner(outcome: "frames").run(arguments: [], perFrame: true, keepOutput: kept)
        XCTAssertTrue(String(decoding: outcome.standardOutput, as: UTF8.self).contains("frames=1\n"))
        XCTAssertEqual(outcome.frameTotals(.ncurses), [1, 2, 10])
        XCTAssertEqual(outcome.frameTotals(.framebench), [])
        XCTAssertEqual(outcome.counts.totals, [.ncurses: [.render: 113]])
        for suffix in ["", ".1", ".2", ".10"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path + suffix), "kept\(suffix)")
        }
    }

    func testTwoBuildsWithOneNameKeepSeparateStrippedCopies() throws {
        var copies: [URL] = []
        for checkout in ["a", "b"] {
            let directory = tools.appendingPathComponent(checkout)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let executable = directory.appendingPathComponent("framebench")
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "/bin/true"), to: executable)
            var runner = runner(outcome: "profile")
            runner.executable = executable
            copies.append(try runner.strippedExecutable())
        }
        XCTAssertNotEqual(copies[0], copies[1])
        XCTAssertTrue(copies.allSatisfy { FileManager.default.isExecutableFile(atPath: $0.path) })
        XCTAssertEqual(CallgrindRunner.stableHash("/work/main/.build/release/framebench"), "9db725cae9f853fa")
    }

    func testAChildThatFailsIsReportedWithItsStatusAndTheEndOfItsStderr() {
        XCTAssertThrowsError(try runner(outcome: "fail").run(arguments: [])) { error in
            XCTAssertEqual(
                error as? CallgrindError, .childFailed(status: 3, stderrTail: "first line\nthe child crashed"))
            XCTAssertEqual(
                "\(error)",
                "the counted child under callgrind failed with status 3; its stderr ends with:\nfirst line\nthe child crashed"
            )
        }
    }

    func testAMissingOutFileIsReported() {
        XCTAssertThrowsError(try runner(outcome: "missing").run(arguments: [])) { error in
            guard case .outputMissing(let path) = error as? CallgrindError else {
                return XCTFail("expected outputMissing, got \(error)")
            }
            XCTAssertTrue(path.hasSuffix("/callgrind.out"), path)
        }
    }

    func testACorruptOutFileIsReportedWithTheReason() {
        XCTAssertThrowsError(try runner(outcome: "corrupt").run(arguments: [])) { error in
            guard case .outputCorrupt(_, let reason) = error as? CallgrindError else {
                return XCTFail("expected outputCorrupt, got \(error)")
            }
            XCTAssertEqual(reason, "line 1: unrecognised line 'not a profile'")
        }
    }

    func testTemporaryFilesAreRemovedAndAKeptOutFileStays() throws {
        let kept = tools.appendingPathComponent("kept.callgrind")
        let before = try runDirectories()
        let outcome = try runner(outcome: "profile").run(arguments: [], keepOutput: kept)
        XCTAssertEqual(try runDirectories(), before, "the run's scratch directory is removed")
        XCTAssertTrue(before.isEmpty)
        XCTAssertEqual(outcome.outputFile, kept)
        XCTAssertEqual(InstructionCounts(profile: try CallgrindProfile(contentsOf: kept)), outcome.counts)
    }

    private func runDirectories() throws -> [String] {
        let scratch = tools.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    }
}
