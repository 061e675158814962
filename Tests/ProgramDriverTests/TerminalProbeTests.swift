import Foundation
import XCTest

@testable import ProgramDriver

/// Programs that probe the terminal at start-up, on a real pty: they must
/// see a current terminal and draw as they would in one.
final class TerminalProbeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "terminal-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func settings(_ command: [String], script: String) throws -> ProgramSettings {
        var settings = ProgramSettings(
            command: command, cols: 60, rows: 12, term: "xterm-256color",
            script: try KeyScript(parsing: script))
        settings.quiescenceGap = 50_000_000
        settings.timeout = 5_000_000_000
        settings.startTimeout = 10_000_000_000
        settings.capturesText = true
        return settings
    }

    /// Asks DECRQM 2026 and DA1 as Textual and Bubble Tea do, reads the
    /// answers up to DA1's, then draws each key's frame inside sync markers
    /// only when 2026 was reported supported (1 or 2), and prints the answers.
    private func prober() throws -> String {
        let url = folder.appendingPathComponent("prober.py")
        try #"""
        import os, re, sys, termios, tty
        tty.setraw(0)
        os.write(1, b"\x1b[?2026$p\x1b[?u\x1b[c")
        answers = b""
        while not re.search(rb"\x1b\[\?[0-9;]*c", answers):
            answers += os.read(0, 64)
        match = re.search(rb"\x1b\[\?2026;([0-9])\$y", answers)
        sync = match is not None and match.group(1) in (b"1", b"2")
        begin, end = (b"\x1b[?2026h", b"\x1b[?2026l") if sync else (b"", b"")
        shown = answers.replace(b"\x1b", b"^")
        os.write(1, begin + b"\x1b[H\x1b[2J" + shown + end)
        while True:
            key = os.read(0, 1)
            if not key or key == b"q":
                break
            os.write(1, begin + b"\x1b[2;1Hkey " + key + end)
        """#.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testAProgramProbingForSynchronizedOutputFindsItAndUsesIt() throws {
        let run = try ProgramRunner.run(try settings(["python3", try prober()], script: "j x3"))
        XCTAssertEqual(run.outcome, .completed)
        XCTAssertTrue(run.usesSynchronizedUpdates)
        // The kitty keyboard query is not answered; DA1 is, after the mode report.
        XCTAssertEqual(run.frames.first?.lines?.first, "^[?2026;2$y^[?62;22c")
        XCTAssertEqual(run.inputFrames.map(\.cut), Array(repeating: .synchronizedUpdate, count: 3))
    }

    func testTextualUsesSynchronizedOutputUnderTheHarness() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1",
            "long tier: set FRAMEBENCH_LONG_TESTS=1")
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Programs/Textual/list_app.py")
            .path
        let run = try ProgramRunner.run(
            try settings(["python3", app, "200"], script: "wait 1500ms; j x5; q"))
        let stream = String(decoding: run.stream, as: UTF8.self)
        XCTAssertTrue(stream.contains("\u{1B}[?2026$p"), "Textual probes for synchronized output")
        XCTAssertTrue(stream.contains("\u{1B}[?2026h"), "and, answered, uses it")
        XCTAssertTrue(run.usesSynchronizedUpdates)
    }
}
