import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// `results-diff`: the same benchmarks with the same counts, or a difference
/// named by benchmark, metric and frame; what the CI rehearsal scripts rely on.
final class ResultsDiffTests: XCTestCase {
    private func report(
        _ name: String, backend: ResultBackend = .framebench, runs: [[Metric: [Int]]], instructions: [Metric: Double] = [:]
    ) -> ResultsDiff.Entry {
        let settings = ScenarioSettings(
            scenario: name, script: "default", frames: 3, cols: 10, rows: 4, feedItems: 5, seed: 1, term: "xterm",
            warmUpFrames: 0, repeats: runs.count, synchronizedOutput: false, scrollRegions: true, eraseAndRepeat: true)
        var metrics: [Metric: Summary] = [:]
        for metric in Set(runs.flatMap(\.keys)) {
            metrics[metric] = Summary(runs.flatMap { $0[metric] ?? [] }.map(Double.init))
        }
        let samples = runs.map { RunSamples(frames: $0) }
        let times = samples.flatMap { $0[.frameTime] }
        let scenario = ScenarioReport(
            name: name, backend: backend, stage: "diff+encode", settings: settings, metrics: metrics,
            instructions: instructions,
            histogram: Histogram(values: times), budget: FrameBudget.evaluate(frameTimes: times, budget: 16_670_000),
            frameBudgetNanoseconds: 16_670_000, runs: samples, peakResidentBytes: 0)
        return ResultsDiff.Entry(path: "\(name).json", report: scenario)
    }

    private let counts: [Metric: [Int]] = [
        .frameTime: [900, 1_000, 1_100], .allocations: [3, 0, 0], .layoutAllocations: [2, 0, 0], .allocatedBytes: [64, 0, 0],
        .bytes: [120, 8, 8], .dirtyCells: [40, 2, 2],
    ]

    private func compare(_ a: [ResultsDiff.Entry], _ b: [ResultsDiff.Entry], _ rules: [ResultsDiff.Rule], anyOrder: Bool = false)
        -> ResultsDiff.Outcome
    {
        ResultsDiff(rules: rules, anyOrder: anyOrder).compare(a, b)
    }

    func testEqualCountsAreTheSameAndOneChangedAllocationIsNamedWithItsFrame() {
        let a = [report("feed", runs: [counts, counts])]
        let same = compare(a, a, [.init(kind: .allocation), .init(kind: .output)])
        XCTAssertTrue(same.isSame, "\(same.differences)")
        XCTAssertEqual(same.metrics, 5, "3 allocation metrics and 2 output counts")
        var changed = counts
        changed[.layoutAllocations] = [2, 1, 0]
        let b = [report("feed", runs: [counts, changed])]
        let outcome = compare(a, b, [.init(kind: .allocation), .init(kind: .output)])
        XCTAssertFalse(outcome.isSame)
        XCTAssertTrue(
            outcome.differences.contains("feed [framebench]: layout_allocations of run 2 differs in 1 of 3 frames (frame, A, B): (1, 0, 1)"),
            "\(outcome.differences)")
        XCTAssertTrue(outcome.lines.contains { $0.hasPrefix("  DIFFERENT feed [framebench]") }, "\(outcome.lines)")
        XCTAssertTrue(compare(a, b, [.init(kind: .output)]).isSame, "output counts did not change")
    }

    func testTimingsOnlyDifferWhenTimingIsAsked() {
        var slower = counts
        slower[.frameTime] = [901, 1_000, 1_100]
        let a = [report("feed", runs: [counts])]
        let b = [report("feed", runs: [slower])]
        XCTAssertTrue(compare(a, b, [.init(kind: .allocation)]).isSame)
        XCTAssertFalse(compare(a, b, [.init(kind: .timing)]).isSame)
        XCTAssertTrue(compare(a, b, [.init(kind: .timing, tolerance: 0.01)]).isSame, "1 ns of a 900 ns frame is within 1%")
    }

    func testInstructionCountsAgreeWithinAShareOfTheFrame() {
        let frame = 1_000_000.0
        let a = [report("feed", runs: [counts], instructions: [.instructions: frame, .diffInstructions: 10_000])]
        let near = [report("feed", runs: [counts], instructions: [.instructions: frame + 500, .diffInstructions: 10_900])]
        let far = [report("feed", runs: [counts], instructions: [.instructions: frame, .diffInstructions: 11_001])]
        let within = ResultsDiff.Rule(kind: .instructions, tolerance: 0.001)
        XCTAssertTrue(compare(a, near, [within]).isSame, "900 is 0.09% of the frame, though 9% of the phase")
        let outcome = compare(a, far, [within])
        XCTAssertEqual(outcome.differences, ["feed [framebench]: diff_instructions 10000 vs 11001 (more than 0.1% of the frame's 1000000)"])
        XCTAssertFalse(compare(a, near, [.init(kind: .instructions)]).isSame, "exact: any difference")
        let without = [report("feed", runs: [counts], instructions: [.instructions: frame])]
        XCTAssertFalse(compare(a, without, [within]).isSame, "a count in A only")
    }

    func testAKindAsBenchmarkHasNotIsADifferenceNotTheSame() {
        let a = [report("feed", runs: [counts])]
        let outcome = compare(a, a, [.init(kind: .instructions, tolerance: 0.001)])
        XCTAssertFalse(outcome.isSame)
        XCTAssertEqual(outcome.differences, ["feed [framebench]: A has no instruction counts (run with --measure instructions?)"])
        XCTAssertFalse(compare([], [], []).isSame, "no benchmark at all")
    }

    func testShardsTakenTogetherMustHoldEachBenchmarkOnceAndInTheSameOrderUnlessAnyOrder() {
        let whole = [report("a", runs: [counts]), report("b", runs: [counts]), report("c", runs: [counts])]
        let shards = [whole[2], whole[0], whole[1]]
        XCTAssertTrue(compare(whole, shards, [], anyOrder: true).isSame)
        XCTAssertEqual(
            compare(whole, shards, []).differences, ["B holds the benchmarks in another order: A a [framebench], b [framebench], c [framebench]; B c [framebench], a [framebench], b [framebench]"])
        XCTAssertEqual(
            compare(whole, shards + [whole[0]], [], anyOrder: true).differences, ["a [framebench] is in B twice (a.json and a.json)"])
        XCTAssertEqual(
            compare(whole, [whole[0], whole[2]], [], anyOrder: true).differences, ["b [framebench] is in A (b.json) but not in B"])
        let ncurses = report("a", backend: .ncurses, runs: [counts])
        XCTAssertTrue(ResultsDiff(rules: [], backend: .framebench).compare(whole, whole + [ncurses]).isSame, "other backends left out")
        XCTAssertFalse(compare(whole, whole + [ncurses], []).isSame)
    }

    func testRulesComeFromKindsOfMetricAndBadOnesAreNamed() throws {
        XCTAssertEqual(ResultsDiff.kinds.map(\.rawValue), ["timing", "allocation", "output", "instructions"])
        XCTAssertEqual(
            try ResultsDiff.rules(exact: "allocation,output", within: "instructions=0.1%"),
            [.init(kind: .allocation), .init(kind: .output), .init(kind: .instructions, tolerance: 0.001)])
        let mistakes: [(String?, String?, String)] = [
            ("allocations", nil, "--exact: 'allocations' is not a kind of metric (one of timing, allocation, output, instructions)"),
            ("output", "output=1%", "--within: output is named twice"),
            (nil, "instructions=0.1", "--within takes KIND=PERCENT%"),
            (nil, "instructions=200%", "--within takes KIND=PERCENT%"),
        ]
        for (exact, within, message) in mistakes {
            XCTAssertThrowsError(try ResultsDiff.rules(exact: exact, within: within)) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
            }
        }
    }

    func testTheCommandExitsOneOnADifferenceAndTwoOnBadInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("results-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.json").path
        let b = folder.appendingPathComponent("b.json").path
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--size", "20x6", "--frames", "12", "--format", "json", "--quiet", "--out", a]), 0)
        var document = try BaselineStore.read(a)
        var frames = document.scenarios[0].runs[0].frames
        frames[.bytes]![5] += 1
        document.scenarios[0].runs[0].frames = frames
        try AtomicFile.write(try JSONFile.encode(document, compact: true), to: URL(fileURLWithPath: b), replacing: false)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", a, a, "--exact", "allocation,output"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", a, b, "--exact", "allocation"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", a, b, "--exact", "output"]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", a, b, "--exact", "outputs"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", a]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["results-diff", a, folder.appendingPathComponent("none.json").path]), 2)
    }

    func testListAsJSONNamesTheExecutablesAProgramEntryRunsFromBin() throws {
        XCTAssertEqual(
            ListCommand.Listing.binExecutables(in: ["{bin}/ncurses-list", "--x={bin}/helper.py", "{bin}/framebench", "{root}/a.sh"]),
            ["helper.py", "ncurses-list"])
        XCTAssertEqual(ListCommand.Listing.binExecutables(in: ["sh", "-c", "{bin}/"]), [])
        // Another test may have left the dispatcher's package root elsewhere (a temporary package).
        let previous = PackageRoot.current
        PackageRoot.current = try PackageRoot.locate(explicit: CommandHelpTests.packageRoot.path)
        defer { PackageRoot.current = previous }
        let listing = try ListCommand.Listing.current()
        let programs = try XCTUnwrap(listing.suites["programs-short"], "the package's suites file has programs-short")
        XCTAssertEqual(programs.first { $0.name == "ncurses-list" }?.binExecutables, ["ncurses-list"])
        XCTAssertEqual(programs.first { $0.name == "live-profile-feed" }?.binExecutables, [], "framebench is always built")
        XCTAssertEqual(listing.suites["default"]?.first?.scenario, "plain-feed")
    }
}
