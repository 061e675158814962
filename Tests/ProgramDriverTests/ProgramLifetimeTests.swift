import Foundation
import XCTest

@testable import ProgramDriver

/// A program's whole process group ends with its run, and a program that
/// stops itself or exits while a child holds the pty is reported as such.
/// Real children on a real pty; outcomes and process states are asserted.
final class ProgramLifetimeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("program-lifetime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func settings(_ shell: String, script: String) throws -> ProgramSettings {
        var settings = ProgramSettings(
            command: ["sh", "-c", shell], cols: 40, rows: 10, term: "xterm-256color",
            script: try KeyScript(parsing: script))
        settings.quiescenceGap = 50_000_000
        settings.timeout = 3_000_000_000
        settings.startTimeout = 5_000_000_000
        return settings
    }

    /// Whether `pid` is a live process (a zombie waiting for init to reap it is not).
    private func isLive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Polls up to 2 s: a SIGKILLed process leaves the table a moment later.
    private func isGoneSoon(_ pid: pid_t) -> Bool {
        for _ in 0..<200 {
            if !isLive(pid) { return true }
            usleep(10_000)
        }
        return false
    }

    private func pid(writtenTo file: URL) throws -> pid_t {
        let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try XCTUnwrap(pid_t(text), "no pid in \(file.path): '\(text)'")
    }

    func testABackgroundJobIgnoringHangupEndsWithTheProgram() throws {
        let pidFile = folder.appendingPathComponent("job.pid")
        let run = try ProgramRunner.run(
            try settings(
                "trap '' HUP; sleep 60 & echo $! > '\(pidFile.path)'; printf 'ready\\n'; while read -r l; do printf 'got\\n'; done",
                script: "Enter x2"))
        XCTAssertEqual(run.outcome, .completed)
        let job = try pid(writtenTo: pidFile)
        XCTAssertTrue(isGoneSoon(job), "the background job \(job) ignoring SIGHUP outlived the run")
    }

    func testAForegroundChildOfAProgramIgnoringHangupEndsWithIt() throws {
        let pidFile = folder.appendingPathComponent("child.pid")
        let run = try ProgramRunner.run(
            try settings(
                "trap '' HUP; printf 'ready\\n'; sh -c 'echo $$ > \"\(pidFile.path)\"; exec sleep 60'; sleep 60",
                script: "wait 300ms"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.exit, .signal(SIGKILL), "it ignored SIGHUP: SIGKILL after the grace period")
        let child = try pid(writtenTo: pidFile)
        XCTAssertTrue(isGoneSoon(child), "the program's child \(child) outlived the run")
    }

    func testAProgramThatStopsItselfIsReportedStoppedNotCompleted() throws {
        let run = try ProgramRunner.run(
            try settings("printf 'ready\\n'; read -r l; printf 'got\\n'; kill -STOP $$", script: "Enter x4"))
        XCTAssertEqual(run.outcome, .stopped(signal: SIGSTOP))
        XCTAssertEqual(run.inputFrames.count, 1, "only the frame drawn before it stopped; no echo frames")
        XCTAssertNotNil(run.exit, "continued, hung up and reaped")
    }

    func testAProgramExitingWhileItsChildHoldsThePtyIsReportedExited() throws {
        let pidFile = folder.appendingPathComponent("holder.pid")
        let run = try ProgramRunner.run(
            try settings(
                "printf 'ready\\n'; read -r l; printf 'got\\n'; trap '' HUP; sleep 60 & echo $! > '\(pidFile.path)'; exit 0",
                script: "Enter x4"))
        XCTAssertEqual(run.outcome, .exitedEarly(status: .status(0)))
        XCTAssertEqual(run.inputFrames.count, 1, "no frames of the terminal's echo after the exit")
        let holder = try pid(writtenTo: pidFile)
        XCTAssertTrue(isGoneSoon(holder), "the child holding the pty \(holder) outlived the run")
    }
}
