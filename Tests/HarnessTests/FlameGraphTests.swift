import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
import Reports

/// Folded stacks rebuilt from callgrind's call graph: the format, and
/// counts that add up; the flame graph drawn from them; and `profile`
/// end to end under valgrind.
final class FlameGraphTests: XCTestCase {
    /// main calls a (twice) and b; a and b both call c.
    static let graph = """
        events: Ir
        fn=(1) main
        1 10
        cfn=(2) a
        calls=2 0
        2 110
        cfn=(3) b
        calls=1 0
        3 60
        fn=(2)
        1 80
        cfn=(4) c
        calls=1 0
        2 30
        fn=(3)
        1 50
        cfn=(4)
        calls=1 0
        2 10
        fn=(4)
        1 40
        totals: 180
        """

    func testStacksFollowTheCallGraphAndAddUpToEveryInstruction() throws {
        let stacks = FoldedStacks(try CallgrindProfile(parsing: FlameGraphTests.graph))
        XCTAssertEqual(stacks.text, "main 10\nmain;a 80\nmain;a;c 30\nmain;b 50\nmain;b;c 10\n")
        XCTAssertEqual(stacks.total, 180)
    }

    func testEveryLineIsFramesSeparatedBySemicolonsThenACount() throws {
        var profile = try CallgrindProfile(parsing: FlameGraphTests.graph)
        profile.functions["main"]!.callees["odd;name\nwith breaks"] = .init(count: 1, inclusiveInstructions: 7)
        profile.functions["odd;name\nwith breaks"] = .init(selfInstructions: 7)
        let stacks = FoldedStacks(profile)
        for line in stacks.text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            XCTAssertNotNil(UInt64(parts.last!), "\(line)")
            let frames = line[..<line.lastIndex(of: " ")!].split(separator: ";", omittingEmptySubsequences: false)
            XCTAssertFalse(frames.contains { $0.isEmpty }, "\(line)")
        }
        XCTAssertTrue(stacks.text.contains("main;odd:name with breaks 7\n"))
        XCTAssertEqual(stacks.total, 187)
        XCTAssertEqual(FoldedStacks(text: stacks.text), stacks, "the text reads back as the same stacks")
    }

    func testRecursionAndCostsSplitBetweenCallersStillAddUp() throws {
        // f calls itself; g is called from two places with one total.
        let text = """
            events: Ir
            fn=root
            1 1
            cfn=f
            calls=1 0
            1 1000
            fn=f
            1 333
            cfn=f
            calls=5 0
            1 500
            cfn=g
            calls=3 0
            1 167
            fn=g
            1 167
            """
        let profile = try CallgrindProfile(parsing: text)
        let stacks = FoldedStacks(profile)
        XCTAssertEqual(stacks.total, 1001, "the root's inclusive cost")
        XCTAssertFalse(stacks.text.contains("f;f"), "a recursive call is not a stack of its own")
        // f's path (1,000) splits between its own code (333) and g (167) alone: the call back into f is left out.
        XCTAssertEqual(stacks.text, "root 1\nroot;f 666\nroot;f;g 334\n")
        XCTAssertNil(FoldedStacks(text: "no count here\n"))
    }

    func testTheStartUpCycleShowsWhatItRanNotItsCallersOwnCode() throws {
        // As callgrind records program start: (below main) and __libc_start_main call each other.
        var profile = CallgrindProfile()
        profile.functions["_start"] = .init(selfInstructions: 0)
        profile.functions["_start"]!.callees["(below main)"] = .init(count: 1, inclusiveInstructions: 1_000)
        profile.functions["(below main)"] = .init(selfInstructions: 0)
        profile.functions["(below main)"]!.callees["__libc_start_main"] = .init(count: 1, inclusiveInstructions: 1_000)
        profile.functions["__libc_start_main"] = .init(selfInstructions: 10)
        profile.functions["__libc_start_main"]!.callees["(below main)"] = .init(count: 1, inclusiveInstructions: 990)
        profile.functions["__libc_start_main"]!.callees["main"] = .init(count: 1, inclusiveInstructions: 990)
        profile.functions["main"] = .init(selfInstructions: 990)
        let stacks = FoldedStacks(profile)
        XCTAssertEqual(
            stacks.text,
            "_start;(below main);__libc_start_main 10\n_start;(below main);__libc_start_main;main 990\n",
            "before, half of main's instructions showed as __libc_start_main's own")
    }

    func testPathsUnderOneTwentyThousandthStayWithTheirCaller() throws {
        var profile = CallgrindProfile()
        profile.functions["main"] = .init(selfInstructions: 100_000)
        profile.functions["main"]!.callees["tiny"] = .init(count: 1, inclusiveInstructions: 4)
        profile.functions["main"]!.callees["big"] = .init(count: 1, inclusiveInstructions: 6)
        profile.functions["tiny"] = .init(selfInstructions: 4)
        profile.functions["big"] = .init(selfInstructions: 6)
        // 100,010 / 20,000 = 5: the call of 4 stays in main, the call of 6 is its own stack.
        XCTAssertEqual(FoldedStacks(profile).text, "main 100004\nmain;big 6\n")
    }

    func testTheFlameGraphHasAFramePerStackFrameAndEscapesNames() throws {
        var profile = try CallgrindProfile(parsing: FlameGraphTests.graph)
        profile.functions["main"]!.callees["<script>&"] = .init(count: 1, inclusiveInstructions: 20)
        profile.functions["<script>&"] = .init(selfInstructions: 20)
        let svg = FlameGraph.svg(FoldedStacks(profile), title: "test \"graph\"")
        // The graph starts at main (the root "all" holds nothing else): main, a, a;c, b, b;c and the hostile one.
        XCTAssertEqual(svg.components(separatedBy: "<rect x=").count - 1, 6)
        XCTAssertTrue(svg.contains("<title>main (200 instructions, 100.0%)</title>"))
        XCTAssertTrue(svg.contains("&lt;script&gt;&amp; (20 instructions, 10.0%)"))
        XCTAssertTrue(svg.contains("data-n=\"&lt;script&gt;&amp;\""))
        XCTAssertEqual(svg.components(separatedBy: "<script").count - 1, 1, "only the page's own script")
        XCTAssertTrue(svg.hasSuffix("</script></svg>\n"))
    }

    func testTheTrunkIsCollapsedAndTheGraphStartsWhereTheWorkSplits() throws {
        let stacks = try XCTUnwrap(FoldedStacks(text: "_start;main;run;frame;layout 600\n_start;main;run;frame;diff 395\n_start;setup 5\n"))
        let svg = FlameGraph.svg(stacks, title: "trunk")
        // main holds 995 of _start's 1000 (99.5%), run and frame all of theirs; frame splits 600/395.
        XCTAssertTrue(svg.contains("starts at frame (99.5% of the instructions): the 4 frames below it are collapsed"), svg)
        XCTAssertTrue(svg.contains("<title>all → _start → main → run → frame</title>"), svg)
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"f\"").count - 1, 3, "frame, layout, diff")
        XCTAssertFalse(svg.contains("data-n=\"setup\""))
        // A frame of 1 instruction in 100,000 (0.01 px) is in the page, hidden until a zoom widens it.
        let thin = try XCTUnwrap(FoldedStacks(text: "f;wide 60000\nf;middle 39999\nf;thin 1\n"))
        let thinSVG = FlameGraph.svg(thin, title: "thin")
        let thinFrame = try XCTUnwrap(thinSVG.components(separatedBy: "<g ").first { $0.contains("data-n=\"thin\"") })
        XCTAssertTrue(thinFrame.contains("display=\"none\""), thinFrame)
    }

    func testForwardingFramesAreLeftOutAndTheirCalleesTakeTheirPlace() throws {
        let stacks = try XCTUnwrap(FoldedStacks(text: """
            frame;partial apply for closure #1 in frame;layout 60
            frame;partial apply for closure #1 in frame;layout;protocol witness for View.body in conformance Feed;Feed.body 30
            frame;fb_callgrind_run_phase;diff 9
            frame;partial apply for closure #1 in frame 1

            """))
        let svg = FlameGraph.svg(stacks, title: "thunks")
        let names = svg.components(separatedBy: "data-n=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(names, ["frame", "diff", "layout", "Feed.body"])
        // The thunk's own instruction stays with its caller: frame holds all 100.
        XCTAssertTrue(svg.contains("<title>frame (100 instructions, 100.0%)</title>"), svg)
        XCTAssertTrue(svg.contains("<title>layout (90 instructions, 90.0%)</title>"), svg)
    }

    /// The page's script in a real browser: opened at `#search=c&zoom=a`,
    /// the DOM after the script ran shows a zoomed into (b and its callee
    /// hidden, a full width) and c's frames coloured with their share.
    func testInChromiumTheFlameGraphZoomsAndSearchesFromItsAddress() throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chromium = try HeadlessChromium.locate(home: directory)
        let page = directory.appendingPathComponent("flamegraph.svg")
        let svg = FlameGraph.svg(FoldedStacks(try CallgrindProfile(parsing: FlameGraphTests.graph)), title: "graph", width: 1020)
        try Data(svg.utf8).write(to: page)
        let dom = try chromium.dumpDOM(page.absoluteString + "#search=c&zoom=a")
        XCTAssertTrue(dom.contains("data-zoom=\"a\""), dom)
        // c: 30 under a and 10 under b, 40 of 180.
        XCTAssertTrue(dom.contains("matched 2 frames, 22.2% of the instructions"), dom)
        func frame(_ name: String, _ start: Int) throws -> String {
            try XCTUnwrap(dom.components(separatedBy: "<g ").first { $0.contains("data-n=\"\(name)\"") && $0.contains("data-s=\"\(start)\"") },
                "\(name) at \(start)")
        }
        XCTAssertTrue(try frame("b", 110).contains("display=\"none\""))
        XCTAssertTrue(try frame("c", 110).contains("display=\"none\""), "b's callee")
        let a = try frame("a", 0)
        XCTAssertFalse(a.contains("display=\"none\""))
        XCTAssertTrue(a.contains("width=\"999.50\""), a)
        XCTAssertTrue(try frame("c", 0).contains("fill=\"rgb(230,0,230)\""), "a's callee c matched the search")
        // The file as written is neither zoomed nor searched: the script did all of the above.
        XCTAssertFalse(svg.contains("data-zoom="))
        XCTAssertFalse(svg.contains("rgb(230,0,230)\""))
        XCTAssertFalse(svg.contains("display=\"none\""))
    }

    func testProfileWritesTheCallgrindFileFoldedStacksAndFlameGraphWithSwiftNames() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try XCTSkipIf(CallgrindRunner.locate("valgrind", path: ProcessInfo.processInfo.environment["PATH"]) == nil,
            "valgrind is not installed (.ci/run installs it)")
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = GateTests.settings(frames: 30)
        let output = try InstructionProfile.profile(settings, into: directory, replacing: false, flameGraph: { FlameGraph.svg($0, title: $1) })
        let callgrind = try String(contentsOf: output.callgrind, encoding: .utf8)
        let folded = try String(contentsOf: output.folded, encoding: .utf8)
        XCTAssertTrue(callgrind.hasPrefix("# callgrind format") || callgrind.contains("events: Ir"))
        XCTAssertTrue(output.demangled)
        XCTAssertTrue(folded.contains("FramebenchLane.frame(_:measured:)"), String(folded.prefix(2000)))
        XCTAssertFalse(folded.contains("$s7Harness"), "Swift names are demangled")
        // Every collected instruction is in the stacks once.
        let stacks = try XCTUnwrap(FoldedStacks(text: folded))
        XCTAssertEqual(stacks.total, output.instructions)
        let profile = try CallgrindProfile(contentsOf: output.callgrind)
        XCTAssertEqual(Double(stacks.total), Double(profile.selfInstructionsTotal), accuracy: 0.01 * Double(profile.selfInstructionsTotal))
        let svg = try String(contentsOf: output.flameGraph, encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg xmlns="))
        // A second profile into the same folder needs replacing.
        XCTAssertThrowsError(try InstructionProfile.profile(settings, into: directory, replacing: false, flameGraph: { FlameGraph.svg($0, title: $1) }))
    }
}
