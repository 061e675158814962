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

    func testAProgramThatNeverStartsDrawingIsAHangAtTheStart() throws {
        var settings = try settings(["sleep", "30"], script: "j")
        settings.startTimeout = 300_000_000
        let run = try ProgramRunner.run(settings)
        XCTAssertEqual(run.outcome, .hung(input: nil, timeoutMilliseconds: 300))
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

    func testOpenLoopKeysAreSentOnScheduleAndEveryFrameIsCounted() throws {
        let run = try ProgramRunner.run(try settings([try keyCounter(sync: true)], script: "j x10 every 5ms"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertEqual(run.inputs, 10)
        XCTAssertEqual(run.inputFrames.count, 10, "the counter draws once per key read, sync markers cut each")
        XCTAssertEqual(run.inputFrames.last?.bytes, 8 + 6 + 14 + 8)
    }
}
