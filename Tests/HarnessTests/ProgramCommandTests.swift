import Foundation
import XCTest

@testable import Harness
@testable import ProgramDriver
@testable import FrameBenchCLI

final class ProgramCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framebench-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func frame(_ index: Int, input: Int?, sent: UInt64, first: UInt64, complete: UInt64, bytes: Int, cells: Int)
        -> ProgramFrame
    {
        var frame = ProgramFrame(
            index: index, input: input, inputTime: input == nil ? nil : sent, firstByteTime: first,
            completeTime: complete)
        frame.bytes = bytes
        frame.readCalls = 2
        frame.damage = .init(cells: cells, rows: 1, isFullRepaint: cells == 200, scrolls: 0)
        return frame
    }

    func testAProgramRunMapsOntoTheMetricContract() throws {
        var settings = ProgramSettings(
            command: ["app"], cols: 20, rows: 10, term: "xterm", script: try KeyScript(parsing: "j x2"))
        settings.quiescenceGap = 30_000_000
        var run = ProgramRun(
            settings: settings,
            frames: [
                frame(0, input: nil, sent: 0, first: 100, complete: 900, bytes: 5000, cells: 200),
                frame(1, input: 0, sent: 1_000, first: 1_300, complete: 2_000, bytes: 40, cells: 12),
                frame(2, input: 1, sent: 3_000, first: 3_100, complete: 3_500, bytes: 60, cells: 200),
            ],
            outcome: .completed, exit: .status(0), inputs: 2, timeToFirstFrame: 900, peakResidentBytes: 4096,
            cpuNanoseconds: 7_000, usesSynchronizedUpdates: false)
        run.sentInputs = [input(0, sent: 1_000, frames: 1...1), input(1, sent: 3_000, frames: 2...2)]
        let report = ProgramReport.scenario(name: "app-20x10", runs: [run])
        XCTAssertEqual(report.backend, .program)
        XCTAssertEqual(report.runs.count, 1)
        // Start-up frames are not measured; frame time is input to frame complete.
        XCTAssertEqual(report.runs[0].frames[.frameTime], [1_000, 500])
        XCTAssertEqual(report.runs[0].frames[.renderTime], [700, 400])
        XCTAssertEqual(report.runs[0].frames[.bytes], [40, 60])
        XCTAssertEqual(report.runs[0].frames[.dirtyCells], [12, 200])
        XCTAssertEqual(report.metrics[.bytes]?.mean, 50)
        XCTAssertEqual(report.peakResidentBytes, 4096)
        XCTAssertEqual(report.settings.script, "j x2")
        XCTAssertEqual(report.settings.frames, 2)
        let figures = try XCTUnwrap(report.program)
        XCTAssertEqual(figures.fullRepaints, [1])
        XCTAssertEqual(figures.framesPerInput, [1])
        XCTAssertEqual(figures.timeToFirstFrameNs, [900])
        XCTAssertEqual(figures.readsPerFrame, [2])
        XCTAssertEqual(figures.outcomes, ["completed"])
        // It survives the results file: schema 2, decoded as written.
        let document = RunDocument(
            schemaVersion: 2, created: "now", machine: .current(), git: .current(), suite: nil, scenarios: [report])
        let decoded = try JSONDecoder().decode(RunDocument.self, from: try JSONFile.encode(document, compact: true))
        XCTAssertEqual(decoded, document)
    }

    private func input(_ index: Int, sent: UInt64, frames: ClosedRange<Int>?) -> ProgramInput {
        var input = ProgramInput(index: index, line: 1, step: "j x2", sentTime: sent, expectsFrame: true, openLoop: false)
        input.firstFrame = frames?.lowerBound
        input.lastFrame = frames?.upperBound
        input.frames = frames?.count ?? 0
        return input
    }

    func testAnInputsAnswerIsTimedToItsFirstFrameAndSettledAtItsLast() throws {
        let settings = ProgramSettings(
            command: ["app"], cols: 20, rows: 10, term: "xterm", script: try KeyScript(parsing: "j x2"))
        var later = frame(2, input: 0, sent: 1_000, first: 2_500, complete: 3_000, bytes: 7, cells: 1)
        later.role = .later
        var run = ProgramRun(
            settings: settings,
            frames: [
                frame(0, input: nil, sent: 0, first: 100, complete: 900, bytes: 5000, cells: 200),
                frame(1, input: 0, sent: 1_000, first: 1_300, complete: 2_000, bytes: 40, cells: 12), later,
            ],
            outcome: .completed, exit: .status(0), inputs: 2, timeToFirstFrame: 900, peakResidentBytes: 4096,
            cpuNanoseconds: 7_000, usesSynchronizedUpdates: false)
        run.sentInputs = [input(0, sent: 1_000, frames: 1...2), input(1, sent: 4_000, frames: nil)]
        run.doubts = ["words"]
        let report = ProgramReport.scenario(name: "app", runs: [run])
        XCTAssertEqual(report.runs[0].frames[.frameTime], [1_000], "to the first frame; the unanswered key is not timed")
        XCTAssertEqual(report.runs[0].frames[.bytes], [47], "the whole answer's bytes")
        let figures = try XCTUnwrap(report.program)
        XCTAssertEqual(figures.inputToSettledNs, [[2_000]])
        XCTAssertEqual(figures.unansweredInputs, [[1]])
        XCTAssertEqual(figures.doubts, [["words"]])
        let document = RunDocument(
            schemaVersion: 2, created: "now", machine: .current(), git: .current(), suite: nil, scenarios: [report])
        XCTAssertEqual(document.doubtfulProgramRuns, ["program app run 1: words"])
        XCTAssertNoThrow(try document.checkProgramRuns())
        XCTAssertThrowsError(try document.checkProgramRuns(strict: true)) { error in
            XCTAssertEqual("\(error)", "program app run 1: words (--strict)")
        }
        // A results file written before these figures still reads.
        var old = figures
        (old.inputToSettledNs, old.unansweredInputs, old.doubts, old.notes, old.maxBacklog) = (nil, nil, nil, nil, nil)
        (old.answerWindowNs, old.spacingNs, old.spacingSeed, old.startTimeoutNs) = (nil, nil, nil, nil)
        let encoded = try JSONEncoder().encode(old)
        XCTAssertFalse(String(decoding: encoded, as: UTF8.self).contains("doubts"))
        XCTAssertEqual(try JSONDecoder().decode(ProgramFigures.self, from: encoded), old)
    }

    /// Raw mode, sync markers: `frames` frames per key read; `q` quits.
    private func drawer(frames: Int) throws -> String {
        let path = folder.appendingPathComponent("drawer.py").path
        try """
        import os, tty, time
        tty.setraw(0)
        os.write(1, b"\\x1b[?2026hready\\x1b[?2026l")
        while True:
            key = os.read(0, 1)
            if not key or key == b"q":
                break
            for part in range(\(frames)):
                os.write(1, b"\\x1b[?2026h\\x1b[2;1Hkey " + key + b"\\x1b[?2026l\\x1b[?25l")
                time.sleep(0.005)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testTheFrameLogHasEveryInputAndFrameAndAnEndRecord() throws {
        let log = folder.appendingPathComponent("frames.jsonl").path
        let out = folder.appendingPathComponent("out.json").path
        let arguments = ["program", "--keys", "j x3", "--gap", "40", "--format", "json", "--out", out, "--frame-log", log]
        XCTAssertEqual(FrameBenchCommand.main(arguments + ["--", "python3", try drawer(frames: 1)]), 0)
        let records = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let inputs = records.filter { $0["type"] as? String == "input" }
        let frames = records.filter { $0["type"] as? String == "frame" }
        XCTAssertEqual(inputs.map { $0["index"] as? Int }, [0, 1, 2])
        XCTAssertEqual(inputs.map { $0["step"] as? String }, ["j x3", "j x3", "j x3"])
        XCTAssertEqual(inputs.map { $0["line"] as? Int }, [1, 1, 1])
        XCTAssertEqual(frames.map { $0["role"] as? String }, ["startup", "first", "first", "first"])
        XCTAssertEqual(frames.map { $0["input"] as? Int }, [nil, 0, 1, 2])
        XCTAssertEqual(frames.map { $0["cut"] as? String }, Array(repeating: "sync_end", count: 4))
        XCTAssertEqual(frames.map { $0["bytes"] as? Int }, [21, 33, 33, 33], "the cursor hide after each sync end is counted in its frame")
        for frame in frames {
            let first = try XCTUnwrap(frame["first_byte_ns"] as? Int)
            let complete = try XCTUnwrap(frame["complete_ns"] as? Int)
            let last = try XCTUnwrap(frame["last_byte_ns"] as? Int)
            XCTAssertTrue(first <= complete && complete <= last)
        }
        let end = try XCTUnwrap(records.last)
        XCTAssertEqual(end["type"] as? String, "end")
        XCTAssertEqual(end["outcome"] as? String, "completed")
        XCTAssertEqual(end["inputs"] as? Int, 3)
        XCTAssertEqual(end["unanswered_inputs"] as? [Int], [])
        XCTAssertEqual(end["doubts"] as? [String], [])
        // Like --out: an existing log is replaced only with --force.
        XCTAssertEqual(FrameBenchCommand.main(arguments + ["--force", "--", "python3", try drawer(frames: 1)]), 0)
        XCTAssertEqual(
            FrameBenchCommand.main(["program", "--keys", "j", "--frame-log", log, "--", "python3", try drawer(frames: 1)]), 2)
    }

    func testStrictFailsARunWhoseFiguresAreDoubtful() throws {
        let out = folder.appendingPathComponent("out.json").path
        let arguments = ["program", "--keys", "j x2", "--format", "json", "--out", out, "--force"]
        XCTAssertEqual(FrameBenchCommand.main(arguments + ["--", "python3", try drawer(frames: 2)]), 0, "reported, not failed")
        let document: RunDocument = try JSONFile.read(out, what: "results")
        let doubts = try XCTUnwrap(document.scenarios[0].program?.doubts)
        XCTAssertTrue(doubts[0].contains { $0.hasPrefix("2 of 2 inputs were answered by more than one frame") }, "\(doubts)")
        XCTAssertEqual(FrameBenchCommand.main(arguments + ["--strict", "--", "python3", try drawer(frames: 2)]), 1)
        XCTAssertEqual(FrameBenchCommand.main(arguments + ["--strict", "--", "python3", try drawer(frames: 1)]), 0)
    }

    func testArgumentsAfterTheSeparatorAreTheProgramsEvenWhenTheyLookLikeOptions() throws {
        let parsed = try ParsedArguments(["--size", "90x20", "--", "less", "--help", "-N", "file"], command: .program)
        XCTAssertFalse(parsed.wantsHelp)
        XCTAssertEqual(parsed.trailing, ["less", "--help", "-N", "file"])
        XCTAssertEqual(parsed.string("size"), "90x20")
        // The command line over a suite's declaration: only what it gives changes.
        var declared = ProgramBenchmark(
            name: "d", settings: ProgramSettings(command: ["x"], cols: 80, rows: 24, term: "vt100", script: try KeyScript(parsing: "j")))
        declared.settings.quiescenceGap = 40_000_000
        let merged = try ProgramOptions.apply(parsed, over: declared)
        XCTAssertEqual([merged.settings.cols, merged.settings.rows], [90, 20], "the command line wins over the suite's declaration")
        XCTAssertEqual(merged.settings.quiescenceGap, 40_000_000)
        XCTAssertEqual(merged.settings.term, "vt100")
    }

    func testProgramUsageErrorsExitWithTwo() throws {
        XCTAssertEqual(FrameBenchCommand.main(["program"]), 2, "no command")
        XCTAssertEqual(FrameBenchCommand.main(["program", "--"]), 2, "empty command")
        XCTAssertEqual(FrameBenchCommand.main(["program", "--keys", "j x0", "--", "true"]), 2, "bad key script")
        XCTAssertEqual(FrameBenchCommand.main(["program", "--size", "0x4", "--", "true"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["program", "--", "no-such-program-anywhere"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["program", "stray", "--", "true"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["program", "--keys", "j", "--script", "f", "--", "true"]), 2)
        // Every number an option or key script takes is checked before anything runs.
        for arguments in [
            ["--keys", "wait 99999999999s"], ["--keys", "j every 99999999999s"],
            ["--keys", "j x9223372036854775807; j x9223372036854775807"], ["--keys", "\"\""], ["--keys", "\"a"],
            ["--start-timeout", "0"], ["--start-timeout", "99999999999"], ["--answer-window", "-1"],
            ["--spacing", "20-5ms"], ["--spacing", "0-99999999999ms"], ["--spacing", "5"], ["--seed", "-1"],
            ["--seed", "99999999999999999999"], ["--timeout", "100", "--answer-window", "200"],
            ["--frame-log", "-"],
        ] {
            XCTAssertEqual(FrameBenchCommand.main(["program"] + arguments + ["--", "true"]), 2, "\(arguments)")
        }
        XCTAssertEqual(
            FrameBenchCommand.main([
                "program", "--suite", "nope", "--suites", folder.appendingPathComponent("missing.json").path,
            ]), 2)
    }

    func testSuiteFilesNameTheirMistakes() throws {
        let path = folder.appendingPathComponent("suites.json").path
        try #"{"suites": {"s": [{"name": "a", "program": ["x"], "keys": "j"}, {"name": "a", "program": ["y"], "keys": "j"}]}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SuiteFile.load(path)) { error in
            XCTAssertEqual("\(error)", "\(path): suite 's' declares 'a' twice")
        }
        try #"{"suites": {"s": [{"name": "a", "program": ["{bin}/tool", "{root}/f"], "keys": "j x3", "size": "90x20"}]}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let entries = try SuiteFile.load(path).entries(of: "s", path: path, root: "/src", bin: "/opt/bin")
        guard case .program(let program) = entries[0] else { return XCTFail("a program entry") }
        XCTAssertEqual(program.settings.command, ["/opt/bin/tool", "/src/f"])
        XCTAssertEqual(program.declaredCommand, ["{bin}/tool", "{root}/f"])
        XCTAssertEqual([program.settings.cols, program.settings.rows], [90, 20])
        XCTAssertEqual(program.settings.script.oneLine, "j x3")
        XCTAssertThrowsError(try SuiteFile.load(path).entries(of: "t", path: path, root: "/src")) { error in
            XCTAssertEqual("\(error)", "\(path) has no suite 't' (it has: s)")
        }
    }

    func testASuiteRunWritesOneSchemaTwoResultsFileAndRefusesToOverwriteIt() throws {
        let path = folder.appendingPathComponent("suites.json").path
        let app = folder.appendingPathComponent("app.sh").path
        try
            "#!/bin/sh\nstty raw -echo\nprintf 'ready'\nwhile :; do dd bs=1 count=1 2>/dev/null >/dev/null; printf '\\033[2;1Hkey'; done\n"
            .write(
                toFile: app, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app)
        try
            #"{"suites": {"s": [{"name": "one", "program": ["\#(app)"], "keys": "j x3", "size": "30x5", "gap_ms": 40}]}}"#
            .write(
                toFile: path, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("results.json").path
        XCTAssertEqual(
            FrameBenchCommand.main(["program", "--suite", "s", "--suites", path, "--format", "json", "--out", out]), 0)
        let document: RunDocument = try JSONFile.read(out, what: "results")
        XCTAssertEqual(document.suite, "s")
        XCTAssertEqual(document.scenarios.map(\.key), ["one [program]"])
        XCTAssertEqual(document.scenarios[0].runs[0].frames[.bytes], [9, 9, 9])
        XCTAssertEqual(document.scenarios[0].runs[0].frames[.dirtyCells], [3, 3, 3])
        XCTAssertEqual(
            FrameBenchCommand.main(["program", "--suite", "s", "--suites", path, "--format", "json", "--out", out]), 2)
    }
}

final class LaneVerificationTests: XCTestCase {
    func testOurFramesReplayedThroughLibvtermShowTheGrid() throws {
        for scenario in ["plain-feed", "watcha-home"] {
            var settings = try RunSettingsParser.settings(
                forScenario: scenario, try ParsedArguments(["--frames", "40", "--size", "100x30"], command: .run))
            settings.encoderOptions.usesEraseAndRepeat = true
            let result = try LaneVerification.verify(settings)
            XCTAssertEqual(result.frames, 40)
            XCTAssertGreaterThan(result.bytes, 0)
        }
    }

    func testTheFirstFrameThatShowsSomethingElseFailsWithItsRow() throws {
        let settings = try RunSettingsParser.settings(
            forScenario: "plain-feed", try ParsedArguments(["--frames", "10", "--size", "40x8"], command: .run))
        // Frame 6 gets one more character written at row 3, column 1.
        XCTAssertThrowsError(
            try LaneVerification.verify(settings) { index, bytes in
                if index == 6 { bytes += Array("\u{1B}[3;1H#".utf8) }
            }
        ) { error in
            let mismatch = error as? LaneVerification.Mismatch
            XCTAssertEqual(mismatch?.frame, 6)
            XCTAssertEqual(mismatch?.row, 2)
            XCTAssertEqual(mismatch?.shown.first, "#")
        }
    }

    func testRunVerifyExitsZeroWhenEveryFrameMatches() {
        XCTAssertEqual(
            FrameBenchCommand.main(["run", "profile-feed", "--frames", "30", "--size", "60x20", "--verify", "--quiet"]),
            0)
    }
}
