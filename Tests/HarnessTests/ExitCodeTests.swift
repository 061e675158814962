import Foundation
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// One mapping from errors to exit codes: 2 for what the user can fix, 1 for
/// a failed gate, run or write, 3 for framebench's own failures (a child of
/// its own that crashed or answered unreadably, a tool, a scratch file).
final class ExitCodeTests: XCTestCase {
    private var folder: URL!
    private var savedExecutable: String?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        savedExecutable = ProcessInfo.processInfo.environment["FRAMEBENCH_EXECUTABLE"]
    }

    override func tearDownWithError() throws {
        if let savedExecutable { setenv("FRAMEBENCH_EXECUTABLE", savedExecutable, 1) } else { unsetenv("FRAMEBENCH_EXECUTABLE") }
        try? FileManager.default.removeItem(at: folder)
    }

    func testEachKindOfErrorHasItsCode() {
        let cases: [(Error, ExitCode)] = [
            (UsageError("--frames takes a whole number"), .usage),
            (UsageError("x already exists; pass --force to replace it", reason: .outputExists), .usage),
            (UnknownWorkloadError(name: "nope", known: ["plain-feed"]), .usage),
            (CallgrindError.valgrindMissing, .usage),
            (CallgrindError.childFailed(status: 2, stderrTail: "framebench: unknown terminal"), .usage),
            (RunFailure("program app run 1: hung"), .failed),
            (WriteError("cannot write to standard output"), .failed),
            (CocoaError(.fileWriteUnknown), .failed),
            (InternalFailure(.childFailed, "s failed in its own process (exit 139): "), .internalFailure),
            (InternalFailure(.childProtocol, "callgrind dumped 9 frames, the child measured 10"), .internalFailure),
            (CallgrindError.childFailed(status: 139, stderrTail: ""), .internalFailure),
            (CallgrindError.outputMissing(path: "/tmp/x"), .internalFailure),
        ]
        for (error, code) in cases {
            XCTAssertEqual(FrameBenchCommand.exitCode(for: error), code.rawValue, "\(error)")
        }
    }

    func testCallgrindFailuresKeepTheirWordsAfterTheContext() {
        let missing = CallgrindError.valgrindMissing.reported("instruction counts for s")
        XCTAssertEqual(missing as? UsageError, UsageError("instruction counts for s: valgrind not found: install it (apt-get install valgrind)"))
        let crashed = CallgrindError.childFailed(status: 134, stderrTail: "").reported("profile of s")
        XCTAssertEqual(crashed as? InternalFailure, InternalFailure(.childFailed, "profile of s: the counted child under callgrind failed with status 134"))
    }

    /// A stand-in for the framebench child: a shell script ending as `body` says.
    private func fakeChild(_ body: String) throws -> String {
        let script = folder.appendingPathComponent("child.sh")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(script.path, 0o755), 0)
        return script.path
    }

    func testAnIsolatedChildKilledByASignalIsAnInternalFailure() throws {
        setenv("FRAMEBENCH_EXECUTABLE", try fakeChild("ulimit -c 0; kill -SEGV $$"), 1)
        XCTAssertThrowsError(try IsolatedRun.run(GateTests.settings(frames: 5))) { error in
            let failure = error as? InternalFailure
            XCTAssertEqual(failure?.kind, .childFailed, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("gate-test failed in its own process (exit 139)"), "\(error)")
        }
    }

    func testACrashedChildMakesTheCommandExitThree() throws {
        setenv("FRAMEBENCH_EXECUTABLE", try fakeChild("ulimit -c 0; kill -ABRT $$"), 1)
        let out = folder.appendingPathComponent("r.json").path
        XCTAssertEqual(
            FrameBenchCommand.main(["run", "plain-feed", "--frames", "5", "--size", "20x5", "--format", "json", "--out", out, "--quiet"]),
            ExitCode.internalFailure.rawValue)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no results from a run whose child crashed")
    }

    func testAChildThatFoundItsInputBadIsStillAUsageError() throws {
        setenv("FRAMEBENCH_EXECUTABLE", try fakeChild("echo 'framebench: unknown terminal nope' >&2; exit 2"), 1)
        XCTAssertThrowsError(try IsolatedRun.run(GateTests.settings(frames: 5))) { error in
            XCTAssertEqual(error as? UsageError, UsageError("gate-test: unknown terminal nope"))
        }
    }

    func testAChildPrintingNoResultBreaksTheProtocol() throws {
        setenv("FRAMEBENCH_EXECUTABLE", try fakeChild("echo not json"), 1)
        XCTAssertThrowsError(try IsolatedRun.run(GateTests.settings(frames: 5))) { error in
            XCTAssertEqual((error as? InternalFailure)?.kind, .childProtocol, "\(error)")
        }
    }
}
