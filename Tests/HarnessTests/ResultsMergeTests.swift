import Foundation
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

final class ResultsMergeTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// One tiny suite, run once as a whole; shard documents are cut from it as a sharded runner would record them.
    private static let whole: RunDocument = {
        let benchmarks = [
            ("a", "plain-feed", 30, 8), ("b", "random-edits", 20, 6), ("c", "full-churn", 16, 4), ("d", "plain-feed", 40, 10),
        ]
        .map { name, scenario, cols, rows -> RunSettings in
            var settings = RunSettings(workload: scenario, frames: 12, workloadSettings: .init(size: .init(cols: cols, rows: rows)))
            settings.name = name
            return settings
        }
        return try! SuiteRunner(benchmarks: benchmarks, suiteName: "tiny").run().document
    }()

    private func shards(_ count: Int) -> [RunDocument] {
        let names = Self.whole.scenarios.map(\.name)
        let costs = Self.whole.scenarios.map { ShardPlan.Entry(name: $0.name, cost: Double($0.settings.cols * $0.settings.rows)) }
        let plan = ShardPlan(entries: costs, count: count)
        return (1...count).map { index in
            var document = Self.whole
            document.scenarios = document.scenarios.filter { plan.assignment[$0.name] == index }
            document.shard = ShardRecord(shard: Shard(index: index, count: count), suiteBenchmarks: names)
            return document
        }
    }

    private func inputs(_ documents: [RunDocument]) -> [ResultsMerge.Input] {
        documents.enumerated().map { .init(path: "shard-\($0.offset + 1).json", document: $0.element) }
    }

    private func write(_ document: RunDocument, _ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try JSONFile.encode(document, compact: true).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func assertRefused(
        _ inputs: [ResultsMerge.Input], options: ResultsMerge.Options = .init(), saying parts: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try ResultsMerge.merge(inputs, options: options), file: file, line: line) { error in
            XCTAssertTrue(error is UsageError, file: file, line: line)
            for part in parts { XCTAssertTrue("\(error)".contains(part), "'\(part)' not in: \(error)", file: file, line: line) }
        }
    }

    func testShardsMergeIntoTheWholeSuiteInItsOrder() throws {
        for count in 1...5 {
            let merged = try ResultsMerge.merge(inputs(shards(count)))
            XCTAssertEqual(merged.scenarios, Self.whole.scenarios, "\(count) shards")
            XCTAssertNil(merged.shard)
            XCTAssertEqual(merged.suite, "tiny")
        }
    }

    func testAMissingShardIsRefusedNamingIt() throws {
        var parts = inputs(try shards(3))
        parts.remove(at: 1)
        assertRefused(parts, saying: ["missing shard 2/3", "suite 'tiny'"])
    }

    func testTheSameShardTwiceIsRefusedUnlessTheyAreRoundsWhoseRunsArePooled() throws {
        let parts = shards(2)
        let twice = inputs(parts + [parts[0]])
        assertRefused(twice, saying: ["shard-3.json", "shard 1/2, like shard-1.json", "--rounds"])
        let pooled = try ResultsMerge.merge(twice, options: .init(rounds: true))
        for report in pooled.scenarios {
            let original = try XCTUnwrap(Self.whole.scenarios.first { $0.key == report.key })
            let inFirstShard = parts[0].scenarios.contains { $0.key == report.key }
            XCTAssertEqual(report.runs.count, inFirstShard ? 2 : 1, report.key)
            XCTAssertEqual(report.settings.repeats, inFirstShard ? 2 : 1, report.key)
            XCTAssertEqual(report.metrics[.allocations]?.mean, original.metrics[.allocations]?.mean)
        }
    }

    func testRoundsMustRunTheSameBenchmarks() throws {
        let whole = Self.whole
        var short = whole
        short.scenarios.removeLast()
        let files = [ResultsMerge.Input(path: "round-1.json", document: whole), .init(path: "round-2.json", document: short)]
        assertRefused(files, options: .init(rounds: true), saying: ["round-2.json", "only one of them"])
        assertRefused(files, saying: ["round-2.json", "also in round-1.json", "--rounds"])
    }

    func testABenchmarkInTwoShardsIsRefusedAsADifferentSplit() throws {
        var parts = shards(2)
        parts[1].scenarios.append(parts[0].scenarios[0])
        assertRefused(inputs(parts), options: .init(rounds: true), saying: ["shard-2.json", "shard-1.json", "split the suite differently"])
    }

    func testABenchmarkInNoShardIsRefused() throws {
        var parts = shards(2)
        let lost = parts[1].scenarios.removeFirst().name
        assertRefused(inputs(parts), saying: ["benchmark \(lost)", "none of the files"])
    }

    func testABenchmarkTheShardsDidNotPlanIsRefusedNamingItsFile() throws {
        var parts = shards(2)
        var stray = parts[1].scenarios[0]
        stray.name = "e"
        parts[1].scenarios.append(stray)
        assertRefused(inputs(parts), saying: ["cannot merge shard-2.json: \(stray.key)", "not a benchmark of suite 'tiny'"])
    }

    func testOtherBuildsSchemasSuitesAndSplitsAreRefusedNamingTheFile() throws {
        let parts = shards(2)
        var changes: [(String, (inout RunDocument) -> Void)] = [
            ("swift", { $0.machine.swift = "5.0" }), ("build", { $0.machine.build = "debug-other" }),
            ("commit", { $0.git.commit = "0123456789" }), ("another suite", { $0.suite = "other" }),
            ("different number of shards", { $0.shard?.count = 3 }),
            ("different benchmarks", { $0.shard?.suiteBenchmarks.append("e") }),
            ("a whole run", { $0.shard = nil }),
        ]
        changes.append(("another machine", { $0.machine.cpu = "Another CPU" }))
        for (reason, change) in changes {
            var second = parts[1]
            change(&second)
            assertRefused(inputs([parts[0], second]), saying: ["shard-2.json", reason])
        }
        var files = inputs(parts)
        files[1].schemaVersion = 1
        assertRefused(files, options: .init(deterministicOnly: true), saying: ["shard-2.json", "schema version 1 vs 2"])
    }

    func testDeterministicOnlyMergesCountsOfOtherMachinesAndLeavesTimingsOut() throws {
        var parts = shards(2)
        parts[1].machine.cpu = "Another CPU"
        parts[1].machine.cores += 6
        for index in parts[0].scenarios.indices { parts[0].scenarios[index].instructions = [.instructions: 1000] }
        let merged = try ResultsMerge.merge(inputs(parts), options: .init(deterministicOnly: true))
        XCTAssertEqual(merged.scenarios.map(\.key), Self.whole.scenarios.map(\.key))
        for (report, original) in zip(merged.scenarios, Self.whole.scenarios) {
            XCTAssertNil(report.metrics[.frameTime])
            XCTAssertNil(report.value(.frameTime, .p50))
            XCTAssertTrue(report.runs.allSatisfy { $0.frames[.layoutTime] == nil && $0.frames[.frameTime] == nil })
            XCTAssertNotNil(report.timingsNotComparable)
            XCTAssertEqual(report.metrics[.allocations], original.metrics[.allocations])
            XCTAssertEqual(report.metrics[.bytes], original.metrics[.bytes])
            XCTAssertEqual(report.instructions, [:], "another processor: the C library may run other code")
        }
        let report = Comparison.compare(baseline: Self.whole, candidate: merged)
        XCTAssertFalse(report.rows.contains { $0.metric.isTiming && $0.verdict != .notComparable })
        XCTAssertTrue(report.rows.contains { $0.metric == .allocations && $0.verdict == .unchanged })
    }

    func testTheCommandWritesAtomicallyNeverReplacesWithoutForceAndExportsGitHubBenchmark() throws {
        let files = try shards(3).enumerated().map { try write($0.element, "s\($0.offset + 1).json") }
        let out = directory.appendingPathComponent("merged.json").path
        let chart = directory.appendingPathComponent("chart.json").path
        XCTAssertEqual(FrameBenchCommand.main(["merge"] + files + ["--out", out, "--github-benchmark", chart, "--quiet"]), 0)
        XCTAssertEqual(try BaselineStore.read(out).scenarios, Self.whole.scenarios)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(FrameBenchCommand.main(["merge"] + files + ["--out", out, "--quiet"]), 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), before)
        XCTAssertEqual(FrameBenchCommand.main(["merge"] + files + ["--out", out, "--github-benchmark", chart, "--force", "--quiet"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["merge"] + files.dropLast() + ["--out", out, "--force", "--quiet"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["merge"] + files), 2, "--out is required")
        XCTAssertEqual(FrameBenchCommand.main(["merge", "--out", out]), 2, "files are required")
        XCTAssertEqual(FrameBenchCommand.main(["merge", "no-such.json", "--out", out, "--force"]), 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])

        let entries = try JSONDecoder().decode([GitHubBenchmark.Entry].self, from: Data(contentsOf: URL(fileURLWithPath: chart)))
        XCTAssertEqual(Set(entries.map(\.name)).count, entries.count, "names are unique")
        let first = Self.whole.scenarios[0]
        let median = try XCTUnwrap(entries.first { $0.name == "\(first.key) frame_time_ns p50" })
        XCTAssertEqual(median.unit, "ns")
        XCTAssertEqual(median.value, first.metrics[.frameTime]?.p50)
        XCTAssertTrue(entries.contains { $0.name == "\(first.key) allocations_per_frame mean" && $0.unit == "allocations" })
    }
}
