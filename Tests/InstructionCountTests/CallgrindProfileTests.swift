import XCTest

@testable import Harness

/// The parser on small files in the format valgrind 3.19 writes (shapes taken
/// from a real `--collect-atstart=no` run: name compression, `*` and `+n`
/// subpositions, `calls=` followed by the inclusive cost line).
final class CallgrindProfileTests: XCTestCase {
    /// Two markers called from main, each calling a worker; shape of a real file.
    static let twoMarkers = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 5261
        cmd:  ./probe frames=3
        part: 1


        desc: I1 cache: 
        desc: Timerange: Basic block 0 - 31140
        desc: Trigger: Program termination

        positions: line
        events: Ir
        summary: 33902


        ob=(1) /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
        fl=(1) ???
        fn=(0) 0x000000000001ab70
        cob=(5) /tmp/probe
        cfi=(139) ???
        cfn=(502) (below main)
        calls=1 0 
        0 33902

        ob=(5)
        fl=(146) /tmp/probe.c
        fn=(542) fb_phase_ours_layout
        5 12
        cfn=(540) work
        calls=3 +1 
        * 22542
        * 6

        fn=(536) main
        7 17
        cfn=(538) fb_phase_ours_update
        calls=1 -3 
        * 3770
        * 3
        cfn=(542)
        calls=1 -2 
        * 7520
        cfn=(538)
        calls=2 -3 
        * 7540
        * 3

        fn=(540)
        6 48
        -6 6
        6 33768

        fn=(538)
        4 12
        cfn=(540)
        calls=3 +2 
        * 11292
        * 6

        totals: 33902
        """

    func testMarkerInclusiveCostIsOwnCostPlusItsCalls() throws {
        let profile = try CallgrindProfile(parsing: Self.twoMarkers)
        XCTAssertEqual(profile.inclusiveInstructions(of: "fb_phase_ours_layout"), 12 + 22542 + 6)
        XCTAssertEqual(profile.inclusiveInstructions(of: "fb_phase_ours_update"), 12 + 11292 + 6)
        XCTAssertEqual(profile.statedTotalInstructions, 33902)
    }

    func testCompressedNamesDefinedOnceAreResolvedOnEveryLaterUse() throws {
        let profile = try CallgrindProfile(parsing: Self.twoMarkers)
        XCTAssertEqual(profile.functions["work"]?.selfInstructions, 48 + 6 + 33768)
        XCTAssertEqual(profile.functions["main"]?.callees["fb_phase_ours_layout"]?.inclusiveInstructions, 7520)
        XCTAssertEqual(profile.callCount(of: "fb_phase_ours_update"), 3)
        XCTAssertEqual(profile.callCount(of: "fb_phase_ours_layout"), 1)
    }

    func testCountsPerLaneAndPhaseComeFromTheMarkers() throws {
        let counts = InstructionCounts(profile: try CallgrindProfile(parsing: Self.twoMarkers))
        XCTAssertEqual(counts.totals, [.framebench: [.update: 11310, .layout: 22560]])
        XCTAssertEqual(counts.frameTotal(.framebench), 33870)
        XCTAssertEqual(counts.perFrame(.update, lane: .framebench, frames: 3), 3770)
        XCTAssertEqual(counts.perFrame(lane: .framebench, frames: 3), 11290)
    }

    func testCallsFromOneMarkerToAnotherCountOnlyForTheCallee() throws {
        let text = """
            events: Ir
            fn=(1) fb_phase_ncurses_refresh
            0 10
            cfn=(2) fb_phase_ncurses_write
            calls=1 0
            0 100
            cfn=(3) wrefresh
            calls=2 0
            0 1000
            fn=(2)
            0 100
            """
        let counts = InstructionCounts(profile: try CallgrindProfile(parsing: text))
        XCTAssertEqual(counts.totals[.ncurses], [.render: 1010, .write: 100])
        XCTAssertEqual(counts.frameTotal(.ncurses), 1110)
    }

    func testPicksTheInstructionColumnAmongSeveralEventsAndPositions() throws {
        let text = """
            positions: instr line
            events: Dr Ir Dw
            summary: 7 70 700
            fn=(4) fb_phase_ours_diff
            0x4010 12 1 20 3
            +2 * 1
            +4 -1 0 5
            cfn=(5) callee
            calls=1 0x5000 3
            * * 9 0x10 9
            totals: 7 35 700
            """
        let profile = try CallgrindProfile(parsing: text)
        XCTAssertEqual(profile.functions["fb_phase_ours_diff"]?.selfInstructions, 25)
        XCTAssertEqual(profile.inclusiveInstructions(of: "fb_phase_ours_diff"), 25 + 16)
        XCTAssertEqual(profile.statedTotalInstructions, 35)
    }

    func testSeveralPartsAddUp() throws {
        let part = """
            events: Ir
            summary: 5
            fn=(1) fb_phase_ours_write
            3 5
            totals: 5
            """
        let profile = try CallgrindProfile(
            parsing: part + "\n" + part.replacingOccurrences(of: "(1) fb_phase_ours_write", with: "(1)"))
        XCTAssertEqual(profile.inclusiveInstructions(of: "fb_phase_ours_write"), 10)
        XCTAssertEqual(profile.statedTotalInstructions, 10)
    }

    func testJumpLinesAndNamesWithEqualsSignsAreRead() throws {
        let text = """
            events: Ir
            fn=(1) operator==(a, b)
            1 4
            jump=2 +3
            * 
            jcnd=1 2 -1
            * 
            2 6
            """
        let profile = try CallgrindProfile(parsing: text)
        XCTAssertEqual(profile.functions["operator==(a, b)"]?.selfInstructions, 10)
    }

    func testAFileWithoutInstructionsIsRejectedWithTheReason() {
        XCTAssertThrowsError(try CallgrindProfile(parsing: "events: Dr Dw\nfn=x\n1 2 3", source: "f.out")) { error in
            XCTAssertEqual(
                error as? CallgrindError, .outputCorrupt(path: "f.out", reason: "no 'Ir' (instructions) event column"))
        }
        XCTAssertThrowsError(try CallgrindProfile(parsing: "", source: "empty")) { error in
            XCTAssertEqual("\(error)", "callgrind output empty is not in the callgrind format: no 'events:' line")
        }
    }

    func testMalformedLinesAreRejectedWithTheirLineNumber() {
        let cases: [(String, String)] = [
            ("events: Ir\nfn=(3)\n1 2", "line 2: name id (3) used before it is defined"),
            ("events: Ir\nfn=f\n1 12x", "line 3: malformed count '12x'"),
            ("events: Ir\nfn=f\ncfn=g\ncalls=1 0\nfn=h", "line 5: a 'calls=' line must be followed by its cost line"),
            ("events: Ir\nfn=f\ncalls=1 0", "ends after a 'calls=' line"),
            ("events: Ir\nfn=f\nzz=1", "line 3: unknown specification 'zz='"),
            ("1 2\nevents: Ir", "line 1: cost line before 'events:'"),
            ("events: Ir\nwhat is this", "line 2: unrecognised line 'what is this'"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try CallgrindProfile(parsing: text, source: "t")) { error in
                XCTAssertEqual(error as? CallgrindError, .outputCorrupt(path: "t", reason: reason), text)
            }
        }
    }

    func testAMissingFileIsItsOwnError() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).out")
        XCTAssertThrowsError(try CallgrindProfile(contentsOf: url)) { error in
            XCTAssertEqual(error as? CallgrindError, .outputMissing(path: url.path))
        }
    }
}
