import Foundation
import XCTest

@testable import Harness
@testable import ProgramDriver
@testable import Reports

/// The shootout's same-work check, plan and report. The end-to-end test runs
/// two small Python peers on real ptys (one scrolls a page one row short);
/// counts and verdicts are asserted, never timings.
final class ShootoutTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shootout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func frame(input: Int?, _ lines: [String]) -> ProgramFrame {
        var frame = ProgramFrame(
            index: 0, input: input, inputTime: 0, firstByteTime: 1, completeTime: 2)
        frame.lines = lines
        return frame
    }

    func testRowsThatMatchApartFromChromeAndTrailingSpacesAreTheSameWork() {
        let reference = [
            frame(input: nil, ["ncurses", "1", "2", "item 1 of 9"]),
            frame(input: 0, ["ncurses", "2", "3", "item 2 of 9"]),
        ]
        let peer = [
            frame(input: nil, ["other header", "1   ", "2", "status"]),
            frame(input: 0, ["other header", "2", "3      ", "row 2"]),
        ]
        XCTAssertNil(SameScreenCheck.compare(peer, with: reference, inputs: 1))
    }

    func testAPeerThatScrollsADifferentDistanceIsCaughtAtTheInputAndRow() {
        // PageDown: the reference moves 3 rows, the peer 2.
        let reference = [
            frame(input: nil, ["h", "1", "2", "3", "s"]), frame(input: 0, ["h", "4", "5", "6", "s"]),
        ]
        let peer = [
            frame(input: nil, ["h", "1", "2", "3", "s"]), frame(input: 0, ["h", "3", "4", "5", "s"]),
        ]
        let mismatch = SameScreenCheck.compare(peer, with: reference, inputs: 1)
        XCTAssertEqual(mismatch, SameScreenCheck.Mismatch(input: 0, row: 1, expected: "4", found: "3"))
        XCTAssertEqual(mismatch?.agreesAfterNextInput, false)
    }

    func testAnInputThatDrewNothingKeepsThePreviousScreenAndAMissingRowIsADifference() {
        let reference = [
            frame(input: 0, ["h", "1", "2", "s"]), frame(input: 1, ["h", "2", "3", "s"]),
        ]
        // The peer drew nothing for input 1: its screen is still input 0's.
        let peer = [frame(input: 0, ["h", "1", "2", "s"])]
        XCTAssertEqual(SameScreenCheck.compare(peer, with: reference, inputs: 2)?.input, 1)
        let short = [frame(input: 0, ["h", "1", "s"]), frame(input: 1, ["h", "2", "s"])]
        XCTAssertEqual(
            SameScreenCheck.compare(short, with: reference, inputs: 2),
            SameScreenCheck.Mismatch(input: 0, row: 2, expected: "2", found: "(no row)"))
    }

    func testADifferenceGoneAfterTheNextInputIsStillCaughtAndSaidToLookLikeACutFrame() {
        let reference = [
            frame(input: 0, ["h", "2", "3", "s"]), frame(input: 1, ["h", "3", "4", "s"]),
        ]
        // Input 0's frame cut half drawn; its rest arrived with input 1's.
        let cut = [frame(input: 0, ["h", "2", "2", "s"]), frame(input: 1, ["h", "3", "4", "s"])]
        let mismatch = SameScreenCheck.compare(cut, with: reference, inputs: 2)
        XCTAssertEqual(mismatch?.input, 0)
        XCTAssertEqual(mismatch?.agreesAfterNextInput, true)
        XCTAssertTrue(mismatch?.description.contains("agree again after the next input") == true)
        // A peer that stays elsewhere is not said to recover.
        let elsewhere = [frame(input: 0, ["h", "2", "2", "s"]), frame(input: 1, ["h", "2", "3", "s"])]
        XCTAssertEqual(SameScreenCheck.compare(elsewhere, with: reference, inputs: 2)?.agreesAfterNextInput, false)
    }

    func testACharacterSplitBetweenTwoReadsShowsOnTheScreenWhole() {
        // libvterm decodes each write alone; a pty read ends every ~4 KB, inside an emoji or a Korean
        // syllable as often as not (tui-rs and Textual frames are larger than that).
        let bytes = Array("A🎉B 한".utf8)
        for split in 1..<(bytes.count - 1) {
            let screen = TerminalScreen(cols: 20, rows: 2)
            screen.write(Array(bytes[..<split]))
            screen.write(Array(bytes[split...]))
            XCTAssertEqual(screen.lines()[0], "A🎉B 한", "split after byte \(split)")
        }
        XCTAssertEqual(TerminalScreen.completeUTF8Prefix(Array("ab".utf8)), 2)
        XCTAssertEqual(TerminalScreen.completeUTF8Prefix([0x41, 0xF0, 0x9F, 0x8E]), 1)
        XCTAssertEqual(TerminalScreen.completeUTF8Prefix([0x41, 0xF0, 0x9F, 0x8E, 0x89]), 5)
    }

    func testEachRoundStartsEachScriptWithAnotherPeer() {
        let peers = ["a", "b", "c"].map {
            ShootoutPlan.Peer(
                name: $0, language: "C", command: [$0], version: [$0], settleMilliseconds: 0)
        }
        let plan = ShootoutPlan(
            peers: peers, reference: "a",
            scripts: [.init(name: "s", keys: KeyScript(steps: [], source: ""))])
        XCTAssertEqual((0..<3).map { plan.order(round: $0)[0].peer.name }, ["a", "b", "c"])
        XCTAssertEqual(plan.order(round: 1).map(\.peer.name), ["b", "c", "a"])
    }

    func testPercentileIntervalsHoldTheEstimateAndNarrowWithMoreSamples() {
        let small = ShootoutSummary.estimate((1...20).map(Double.init), 0.5)
        let large = ShootoutSummary.estimate((1...2000).map(Double.init), 0.5)
        XCTAssertTrue(small.low <= small.value && small.value <= small.high)
        XCTAssertTrue(large.low <= large.value && large.value <= large.high)
        XCTAssertLessThan((large.high - large.low) / 2000, (small.high - small.low) / 20)
    }

    /// A peer in Python on the shared rule; `skew` rows short on PageDown.
    private func writePeers(skew: Int) throws -> String {
        let peer = folder.appendingPathComponent("peer.py")
        try """
        import os, sys, tty
        items, jump, skew = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
        tty.setraw(0)
        rows = os.get_terminal_size(0).lines - 2
        top = cursor = 0
        def draw():
            out = "\\x1b[?2026h\\x1b[H\\x1b[2J header\\r\\n"
            for row in range(rows):
                out += "%7d item\\r\\n" % (top + row + 1)
            out += " item %d of %d\\x1b[?2026l" % (cursor + 1, items)
            os.write(1, out.encode())
        draw()
        while True:
            key = os.read(0, 8)
            if not key or key == b"q":
                break
            if key == b"j":
                cursor += 1
            elif key == b"\\x1b[6~":
                cursor += rows - skew; top += rows - skew
            cursor = min(max(cursor, 0), items - 1)
            top = min(max(top, 0), max(0, items - rows))
            top = min(top, cursor)
            if cursor >= top + rows:
                top = cursor - rows + 1
            draw()
        """.write(to: peer, atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("peers.json")
        try """
        {"reference": "right", "scripts": ["paging"], "peers": [
          {"name": "right", "language": "Python", "command": ["python3", "\(peer.path)", "{items}", "{jump}", "0"], "version": ["echo", "fake 1.0"], "settle_ms": 0},
          {"name": "wrong", "language": "Python", "command": ["python3", "\(peer.path)", "{items}", "{jump}", "\(skew)"], "version": ["echo", "fake 1.0"], "settle_ms": 0}
        ]}
        """.write(to: file, atomically: true, encoding: .utf8)
        try "j x2; PageDown x2".write(
            to: folder.appendingPathComponent("scripts/paging.keys"), atomically: true, encoding: .utf8)
        return file.path
    }

    /// The report says how fast the machine itself ran: the readings taken before each run, as a
    /// line, and as the last row of the rounds table, spread as the peers' rounds are.
    func testTheReportShowsTheMachinesOwnSpeedBesideThePeersRounds() throws {
        var plan = try ShootoutPlan.load(
            peersFile: try writePeers(skew: 0), scriptsFolder: folder.appendingPathComponent("scripts").path)
        plan.rounds = 2
        func measurement(_ peer: String, round: Int, latency: Double, machine: Double) -> ShootoutMeasurement {
            var measurement = ShootoutMeasurement(
                peer: peer, script: "paging", round: round, outcome: "completed", inputs: 1, latencies: [latency],
                firstBytes: [latency], unanswered: 0, bytesPerFrame: [10], dirtyCellsPerFrame: [5], fullRepaints: 0,
                frames: 1, cpuNanoseconds: 1, peakResidentBytes: 1, mismatch: nil)
            measurement.machineProbeNanoseconds = machine
            return measurement
        }
        let measurements = [
            measurement("right", round: 0, latency: 1_000_000, machine: 4_000_000),
            measurement("wrong", round: 0, latency: 2_000_000, machine: 4_200_000),
            measurement("right", round: 1, latency: 1_500_000, machine: 5_000_000),
            measurement("wrong", round: 1, latency: 3_000_000, machine: 5_200_000),
        ]
        let report = ShootoutReport(
            plan: plan, summaries: ShootoutSummary.all(measurements, plan: plan), versions: [:],
            machine: "test machine", date: "2026-12-07", command: "framebench shootout")
        let markdown = report.markdown()
        XCTAssertTrue(
            markdown.contains(
                "- machine speed: a fixed integer loop timed before every run took 4.60 ms (median), "
                    + "4.00-5.20 ms over 4 readings (spread 26%)"), markdown)
        XCTAssertTrue(markdown.contains("| right | 1.00 / 1.50 (40%) |"), markdown)
        XCTAssertTrue(markdown.contains("| machine (fixed loop) | 4.10 / 5.10 (22%) |"), markdown)
        XCTAssertTrue(report.html().contains("<td>machine (fixed loop)</td><td>4.10 / 5.10 (22%)</td>"))

        // No readings (measurements made without the probe): neither the line nor the row.
        let unprobed = measurements.map { measurement -> ShootoutMeasurement in
            var copy = measurement
            copy.machineProbeNanoseconds = 0
            return copy
        }
        let plain = ShootoutReport(
            plan: plan, summaries: ShootoutSummary.all(unprobed, plan: plan), versions: [:],
            machine: "test machine", date: "2026-12-07", command: "framebench shootout"
        ).markdown()
        XCTAssertFalse(plain.contains("machine speed"), plain)
        XCTAssertFalse(plain.contains("machine (fixed loop)"), plain)
    }

    /// A reading is a positive time, and the loop's result depends on its seed (it is not folded away).
    func testTheMachineProbeTimesItsLoop() {
        XCTAssertGreaterThan(MachineProbe.reading(repeats: 1), 0)
        XCTAssertNotEqual(MachineProbe.work(1000, seed: 1), MachineProbe.work(1000, seed: 2))
    }

    func testTheShootoutMarksAPeerThatPagesOneRowShortNotComparable() throws {
        let file = try writePeers(skew: 1)
        var plan = try ShootoutPlan.load(
            peersFile: file, scriptsFolder: folder.appendingPathComponent("scripts").path)
        (plan.cols, plan.rows, plan.items, plan.rounds, plan.gapMilliseconds) = (40, 8, 1000, 1, 20)
        let measurements = try ShootoutRunner(plan: plan, root: folder.path).run()
        XCTAssertEqual(measurements.map(\.peer), ["right", "wrong"])
        XCTAssertEqual(measurements.map(\.outcome), ["completed", "completed"])
        XCTAssertEqual(measurements.map(\.latencies.count), [4, 4])
        XCTAssertNil(measurements[0].mismatch)
        // The first PageDown (input 3) shows items 7... in the reference (6 rows a page), 6... in the wrong one.
        XCTAssertEqual(
            measurements[1].mismatch,
            "after input 3, row 1: expected '      7 item', found '      6 item'")

        let summaries = ShootoutSummary.all(measurements, plan: plan)
        let report = ShootoutReport(
            plan: plan, summaries: summaries, versions: ["right": "fake 1.0", "wrong": "fake 1.0"],
            machine: "test machine",
            date: "2026-12-06", command: "framebench shootout")
        let markdown = report.markdown()
        XCTAssertTrue(markdown.contains("| wrong (not comparable) | Python | fake 1.0 |"), markdown)
        XCTAssertTrue(markdown.contains("| right | Python | fake 1.0 |"), markdown)
        let html = report.html()
        XCTAssertEqual(
            html.components(separatedBy: "<polyline").count - 1, 2, "one latency line per peer")
        XCTAssertTrue(html.contains("stroke-dasharray"), "the not comparable peer's line is dashed")
    }

    /// A peer whose first run stalls 150 ms in the middle of its second frame (no sync markers, a
    /// 20 ms gap: the frame is cut, its rows differ for one input and agree after the next); runs
    /// after the first do not stall. The runner runs it, and the reference, again; the second try
    /// agrees, so the peer is comparable and its measurement says it was retried.
    func testAFrameCutByTheQuietGapIsRunAgainAndThenAgrees() throws {
        let peer = folder.appendingPathComponent("stalls.py")
        let marker = folder.appendingPathComponent("stalled-once")
        try """
        import os, sys, time, tty
        items, marker = int(sys.argv[1]), sys.argv[2]
        tty.setraw(0)
        rows = os.get_terminal_size(0).lines - 2
        cursor = 0
        stall = not os.path.exists(marker)
        def draw(key):
            body = "".join("%7d item\\r\\n" % (cursor + row + 1) for row in range(rows))
            out = ("\\x1b[H\\x1b[2J header\\r\\n" + body + " item %d" % (cursor + 1)).encode()
            if key == 2 and stall:
                open(marker, "w").close()
                os.write(1, out[:len(out) // 2]); time.sleep(0.15); os.write(1, out[len(out) // 2:])
            else:
                os.write(1, out)
        draw(0)
        key = 0
        while True:
            byte = os.read(0, 8)
            if not byte or byte == b"q":
                break
            key += 1; cursor += 1
            draw(key)
        """.write(to: peer, atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("peers.json")
        try """
        {"reference": "steady", "scripts": ["steps"], "peers": [
          {"name": "steady", "language": "Python", "command": ["python3", "\(peer.path)", "{items}", "\(folder.path)/no-stall-for-the-reference"], "version": ["echo", "1"], "settle_ms": 0},
          {"name": "stalls", "language": "Python", "command": ["python3", "\(peer.path)", "{items}", "\(marker.path)"], "version": ["echo", "1"], "settle_ms": 0}
        ]}
        """.write(to: file, atomically: true, encoding: .utf8)
        // The reference never stalls: its marker exists from the start.
        FileManager.default.createFile(atPath: folder.appendingPathComponent("no-stall-for-the-reference").path, contents: nil)
        try "j x4".write(to: folder.appendingPathComponent("scripts/steps.keys"), atomically: true, encoding: .utf8)
        var plan = try ShootoutPlan.load(peersFile: file.path, scriptsFolder: folder.appendingPathComponent("scripts").path)
        (plan.cols, plan.rows, plan.items, plan.rounds, plan.gapMilliseconds) = (40, 8, 1000, 1, 20)
        let measurements = try ShootoutRunner(plan: plan, root: folder.path).run()
        XCTAssertEqual(measurements.map(\.peer), ["steady", "stalls"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path), "the first run stalled")
        XCTAssertNil(measurements[1].mismatch, "the second try agrees")
        XCTAssertEqual(measurements.map(\.retries), [1, 1], "the reference and the peer ran again once")
    }

    func testAPlanNamingAnUnknownPeerOrAResizeToTheSameSizeIsRefused() throws {
        let file = try writePeers(skew: 0)
        let scripts = folder.appendingPathComponent("scripts").path
        XCTAssertThrowsError(
            try ShootoutPlan.load(peersFile: file, scriptsFolder: scripts, onlyPeers: ["nope"])
        ) {
            XCTAssertTrue("\($0)".contains("no peer 'nope'"), "\($0)")
        }
        try "j; resize 40x8".write(
            to: folder.appendingPathComponent("scripts/paging.keys"), atomically: true, encoding: .utf8)
        var plan = try ShootoutPlan.load(peersFile: file, scriptsFolder: scripts)
        (plan.cols, plan.rows) = (40, 8)
        XCTAssertThrowsError(try plan.checkResizes()) {
            XCTAssertTrue("\($0)".contains("resizes to 40x8"), "\($0)")
        }
    }
}
