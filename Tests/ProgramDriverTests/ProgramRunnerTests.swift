import Foundation
import XCTest

@testable import ProgramDriver

/// Real children on a real pty: small shell and Python programs written to a
/// temporary folder. Outcomes and counts are asserted, never timings.
final class ProgramRunnerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("program-driver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func program(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    private func settings(_ command: [String], script: String, cols: Int = 40, rows: Int = 10) throws -> ProgramSettings
    {
        var settings = ProgramSettings(
            command: command, cols: cols, rows: rows, term: "xterm-256color", script: try KeyScript(parsing: script))
        settings.quiescenceGap = 50_000_000
        settings.timeout = 3_000_000_000
        settings.startTimeout = 5_000_000_000
        return settings
    }

    /// Raw mode; draws a frame per key read, inside sync markers when `sync`; `q` quits.
    private func keyCounter(sync: Bool) throws -> String {
        try program(
            "counter.py",
            """
            #!/usr/bin/env python3
            import os, sys, tty
            tty.setraw(0)
            begin, end = (b"\\x1b[?2026h", b"\\x1b[?2026l") if \(sync ? "True" : "False") else (b"", b"")
            os.write(1, begin + b"\\x1b[H\\x1b[2Jready" + end)
            count = 0
            while True:
                key = os.read(0, 1)
                if not key or key == b"q":
                    break
                count += 1
                os.write(1, begin + b"\\x1b[2;1Hkey " + key + b" count " + str(count).encode() + end)
            """)
    }

    func testEachKeyOfAClosedLoopScriptGetsOneSynchronizedFrame() throws {
        let run = try ProgramRunner.run(try settings([try keyCounter(sync: true)], script: "j x5"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertTrue(run.usesSynchronizedUpdates)
        XCTAssertEqual(run.inputs, 5)
        XCTAssertEqual(run.inputFrames.map(\.input), [0, 1, 2, 3, 4])
        XCTAssertEqual(run.inputFrames.map(\.cut), Array(repeating: .synchronizedUpdate, count: 5))
        XCTAssertEqual(run.framesPerInput, 1)
        // "\e[?2026h" + "\e[2;1Hkey j count N" + "\e[?2026l"
        XCTAssertEqual(run.inputFrames.map(\.bytes), Array(repeating: 8 + 6 + 13 + 8, count: 5))
        XCTAssertEqual(run.inputFrames.map { $0.damage?.cells }, Array(repeating: 13, count: 5))
        XCTAssertEqual(run.frames.first?.damage?.isFullRepaint, true)
        XCTAssertNotNil(run.timeToFirstFrame)
        XCTAssertNotNil(run.exit, "the child is reaped")
        for frame in run.inputFrames {
            XCTAssertLessThanOrEqual(frame.inputToFirstByte!, frame.inputToComplete!)
        }
    }

    func testWithoutMarkersFramesAreCutByQuiescence() throws {
        var settings = try settings([try keyCounter(sync: false)], script: "k x3; q")
        settings.capturesText = true
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .completed, "q, the last key, quits: the script completed")
        XCTAssertFalse(run.usesSynchronizedUpdates)
        XCTAssertEqual(run.inputFrames.count, 3)
        XCTAssertEqual(run.inputFrames.map(\.cut), [.quiescence, .quiescence, .quiescence])
        XCTAssertEqual(run.inputFrames.last?.lines?.prefix(2), ["ready", "key k count 3"])
        XCTAssertEqual(run.exit, .status(0))
    }

    func testAProgramThatExitsEarlyIsReportedWithItsStatus() throws {
        let path = try program("early.sh", "#!/bin/sh\nstty -echo\nprintf 'bye'\nsleep 0.2\nexit 3\n")
        let run = try ProgramRunner.run(try settings([path], script: "wait 1s; j x5"))
        XCTAssertEqual(run.outcome, .exitedEarly(status: .status(3)))
        XCTAssertEqual(run.frames.count, 1)
        XCTAssertEqual(run.frames[0].bytes, 3)
    }

    func testAProgramThatNeverAnswersIsAHangAndIsKilled() throws {
        let path = try program("silent.sh", "#!/bin/sh\nstty -echo\nprintf 'ready'\nexec sleep 30\n")
        var settings = try settings([path], script: "j x3")
        settings.timeout = 300_000_000
        let started = Date()
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .hung(input: 0, timeoutMilliseconds: 300))
        XCTAssertEqual(run.exit, .signal(SIGHUP), "hung up on, as a closed terminal window does")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "never waits for the program's own sleep")
    }

    func testAProgramThatDrawsNothingUntilItsFirstKeyIsMeasuredFromIt() throws {
        // `cat` draws nothing at start; the terminal's echo of each key is its frame.
        var settings = try settings(["cat"], script: "a; b; c")
        settings.startTimeout = 200_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.frames.map(\.role), [.first, .first, .first])
        XCTAssertEqual(run.firstFrames.map(\.bytes), [1, 1, 1])
        XCTAssertEqual(run.unansweredInputs, [])
        XCTAssertEqual(run.notes, ["no start-up output within 200 ms: measured from the first key"])
        XCTAssertNil(run.timeToFirstFrame, "no start-up frame")
        XCTAssertEqual(run.doubts, [])
    }

    func testTheHarnessSleepsWhileWaitingInsteadOfSpinning() throws {
        var settings = try settings(["cat"], script: "a; wait 300ms; b")
        settings.startTimeout = 200_000_000
        settings.spacing = 100_000_000...100_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.answers.count, 2)
        XCTAssertLessThan(run.wakeups, 100, "about one turn per read, deadline and settle; a spinning loop takes millions")
    }

    func testAProgramSilentFromTheStartIsAHangAtItsFirstKey() throws {
        let path = try program("mute.sh", "#!/bin/sh\nstty -echo\nexec sleep 30\n")
        var settings = try settings([path], script: "j")
        settings.startTimeout = 200_000_000
        settings.timeout = 300_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .hung(input: 0, timeoutMilliseconds: 300))
        XCTAssertTrue(run.frames.isEmpty)
        XCTAssertNotNil(run.exit)
    }

    func testAProgramThatNeverGoesQuietIsAFlood() throws {
        var settings = try settings(["yes"], script: "j")
        settings.startTimeout = 300_000_000
        let run = try ProgramRunner.run(settings)
        guard case .flooded(let bytes, let reason) = run.outcome else { return XCTFail("\(run.outcome)") }
        XCTAssertGreaterThan(bytes, 0)
        XCTAssertEqual(reason, "the output did not go quiet for 300 ms")
        XCTAssertNotNil(run.exit)
    }

    func testOutputPastTheByteLimitIsAFlood() throws {
        var settings = try settings(["yes", "flood"], script: "j")
        settings.byteLimit = 1 << 20
        let run = try ProgramRunner.run(settings)
        guard case .flooded(let bytes, let reason) = run.outcome else { return XCTFail("\(run.outcome)") }
        XCTAssertGreaterThan(bytes, 1 << 20)
        XCTAssertEqual(reason, "more than 1048576 bytes of output")
    }

    func testResizeReachesTheProgramAndTheEmulator() throws {
        let path = try program(
            "winch.py",
            """
            #!/usr/bin/env python3
            import os, signal, sys, time, tty
            tty.setraw(0)
            def draw(*_):
                size = os.get_terminal_size(0)
                os.write(1, b"\\x1b[H\\x1b[2Jsize %dx%d" % (size.columns, size.lines))
            signal.signal(signal.SIGWINCH, draw)
            draw()
            while True:
                time.sleep(1)
            """)
        var settings = try settings([path], script: "resize 60x5", cols: 40, rows: 10)
        settings.capturesText = true
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.frames.first?.lines?.first, "size 40x10")
        let resized = try XCTUnwrap(run.inputFrames.first)
        XCTAssertEqual(resized.lines?.first, "size 60x5")
        XCTAssertEqual(resized.lines?.count, 5)
        XCTAssertEqual(resized.damage, .init(cells: 300, rows: 5, isFullRepaint: true, scrolls: 0))
    }

    func testTheEnvironmentIsCleanedAndTermSet() throws {
        setenv("FRAMEBENCH_SHOULD_NOT_LEAK", "1", 1)
        let path = try program(
            "env.sh",
            "#!/bin/sh\nstty -echo\nprintf '%s|%s|%s' \"$TERM\" \"${FRAMEBENCH_SHOULD_NOT_LEAK:-unset}\" \"$(stty size)\"\nexec sleep 30\n"
        )
        var settings = try settings([path], script: "", cols: 50, rows: 7)
        settings.term = "screen"
        settings.capturesText = true
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.frames.first?.lines?.first, "screen|unset|7 50")
    }

    func testMissingCommandsAndBadSizesAreErrorsNotRuns() throws {
        XCTAssertThrowsError(try ProgramRunner.run(try settings(["no-such-program-here"], script: ""))) { error in
            XCTAssertEqual("\(error)", "command 'no-such-program-here' not found on PATH")
        }
        XCTAssertThrowsError(try ProgramRunner.run(try settings([], script: ""))) { error in
            XCTAssertEqual(error as? ProgramError, .emptyCommand)
        }
        XCTAssertThrowsError(try ProgramRunner.run(try settings(["true"], script: "", cols: 0, rows: 10)))
    }

    func testAPathThatCannotRunSaysWhyNotThatItIsMissingFromPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fb-exec-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain").path
        FileManager.default.createFile(atPath: plain, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
        let cases = [
            (plain, "command '\(plain)' is not executable"),
            (folder.path, "command '\(folder.path)' is not a regular file"),
            (folder.path + "/absent", "command '\(folder.path)/absent' does not exist"),
        ]
        for (path, message) in cases {
            XCTAssertThrowsError(try ProgramRunner.run(try settings([path], script: ""))) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func testOpenLoopKeysAreSentOnScheduleAndEveryFrameIsCounted() throws {
        let run = try ProgramRunner.run(try settings([try keyCounter(sync: true)], script: "j x10 every 5ms"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.inputs, 10)
        XCTAssertEqual(run.inputFrames.count, 10, "the counter draws once per key read, sync markers cut each")
        XCTAssertEqual(run.inputFrames.last?.bytes, 8 + 6 + 14 + 8)
    }

    /// Raw mode, sync markers; per key: `frames` frames `pause` s apart, then
    /// `after` (bytes written after the sync end); keys in `ignore` draw nothing.
    private func scripted(
        frames: Int = 1, pause: Double = 0, after: String = "", ignore: String = "", sync: Bool = true, perFrame: Double = 0,
        name: String = "scripted.py"
    ) throws -> String {
        try program(
            name,
            """
            #!/usr/bin/env python3
            import os, sys, tty, time
            tty.setraw(0)
            begin, end = (b"\\x1b[?2026h", b"\\x1b[?2026l") if \(sync ? "True" : "False") else (b"", b"")
            os.write(1, begin + b"\\x1b[H\\x1b[2Jready" + end)
            count = 0
            while True:
                key = os.read(0, 1)
                if not key or key == b"q":
                    break
                if key in b"\(ignore)":
                    continue
                count += 1
                time.sleep(\(perFrame))
                for part in range(\(frames)):
                    if part:
                        time.sleep(\(pause))
                    os.write(1, begin + b"\\x1b[2;1Hkey " + str(count).encode() + b" part " + str(part).encode() + end)
                os.write(1, b"\(after)")
            """)
    }

    func testBytesAfterASyncEndOpenNoFrameOfTheirOwn() throws {
        let path = try scripted(after: "\\x1b[?25l\\x1b]0;title\\x07")
        let run = try ProgramRunner.run(try settings([path], script: "j x5"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.inputFrames.count, 5, "one frame per key, not one more for the cursor hide")
        XCTAssertEqual(run.inputFrames.map(\.input), [0, 1, 2, 3, 4])
        XCTAssertEqual(run.inputFrames.map(\.trailingBytes), Array(repeating: 6 + 10, count: 5))
        XCTAssertEqual(run.doubts, [])
    }

    func testAKeyAnsweredByTwoFramesReportsFirstAndSettledAndADoubt() throws {
        let path = try scripted(frames: 2, pause: 0.01)
        let run = try ProgramRunner.run(try settings([path], script: "j x3"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.sentInputs.map(\.frames), [2, 2, 2])
        XCTAssertEqual(run.inputFrames.map(\.role), [.first, .later, .first, .later, .first, .later])
        for answer in run.answers { XCTAssertLessThanOrEqual(answer.firstComplete, answer.settled) }
        XCTAssertEqual(run.doubts.count, 1, "\(run.doubts)")
        XCTAssertTrue(run.doubts[0].hasPrefix("3 of 3 inputs were answered by more than one frame (up to 2)"), run.doubts[0])
    }

    func testAKeyThatChangesNothingIsUnansweredNotAHangAndNoframeSaysSo() throws {
        let path = try scripted(ignore: "x")
        var settings = try settings([path], script: "j; x; j")
        settings.answerWindow = 200_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.unansweredInputs, [1])
        XCTAssertEqual(run.answers.map(\.input), [0, 2])
        XCTAssertTrue(run.doubts.contains { $0.hasPrefix("1 of 3 inputs got no frame within the 200 ms answer window") }, "\(run.doubts)")

        settings.script = try KeyScript(parsing: "j; x noframe; j")
        let declared = try ProgramRunner.run(settings)
        XCTAssertEqual(declared.unansweredInputs, [])
        XCTAssertEqual(declared.sentInputs.map(\.expectsFrame), [true, false, true])
        XCTAssertEqual(declared.doubts, [])
    }

    func testAPauseInsideAFrameWithoutMarkersIsADoubt() throws {
        // A 60 ms pause: past the 40 ms gap, before the next key (40 ms of spacing after the gap).
        let path = try scripted(frames: 2, pause: 0.06, sync: false)
        var settings = try settings([path], script: "j x2")
        settings.quiescenceGap = 40_000_000
        settings.spacing = 40_000_000...40_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.sentInputs.map(\.frames), [2, 2])
        XCTAssertTrue(run.doubts.contains { $0.hasPrefix("2 frames cut by 40 ms of quiet were continued") }, "\(run.doubts)")
    }

    func testOpenLoopFramesGoToTheEarliestUnansweredKeyAndTheBacklogIsReported() throws {
        let path = try scripted(perFrame: 0.01)
        let run = try ProgramRunner.run(try settings([path], script: "j x8 every 1ms"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.inputFrames.count, 8, "the program reads one key at a time and draws each")
        XCTAssertEqual(run.inputFrames.map(\.input), Array(0..<8))
        XCTAssertGreaterThan(run.maxBacklog, 1)
        XCTAssertTrue(run.doubts.contains { $0.hasPrefix("open loop: up to \(run.maxBacklog) inputs waited") }, "\(run.doubts)")
    }

    func testASyncUpdateNeverClosedIsCutAndDoubted() throws {
        let path = try program(
            "unclosed.sh", "#!/bin/sh\nstty raw -echo\nprintf 'ready'\nx=$(head -c 1)\nprintf '\\033[?2026hhalf'\nexec sleep 30\n")
        var settings = try settings([path], script: "j")
        settings.answerWindow = 200_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .completed, "not a flood: the program went quiet inside the update")
        XCTAssertEqual(run.inputFrames.map(\.cut), [.limit])
        XCTAssertTrue(run.doubts.contains { $0.hasPrefix("a synchronized update (ESC[?2026h) was never closed") }, "\(run.doubts)")
    }

    func testTheSpacingIsSeededAndWithinItsRange() {
        var spacing = SeededSpacing(range: 5...20, seed: 7)
        let draws = (0..<1000).map { _ in spacing.next() }
        XCTAssertTrue(draws.allSatisfy { (5...20).contains($0) })
        XCTAssertEqual(Set(draws).count, 16, "every value of the range is drawn")
        var again = SeededSpacing(range: 5...20, seed: 7)
        XCTAssertEqual((0..<1000).map { _ in again.next() }, draws, "the same seed, the same spacing")
    }
}
