import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Run settings as one value: one check for the command line and suites
/// files, handed to child processes as JSON, and every setting that changes
/// the frames (the feed file too) part of what compared runs must share.
final class RunSettingsValueTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-settings-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Benchmarks"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: - One check

    /// Bad values as the command line gives them and as a suites file does.
    private static let badValues: [(option: String, text: String, json: String)] = [
        ("--frames", "0", #""frames": 0"#),
        ("--frames", "10000001", #""frames": 10000001"#),
        ("--size", "0x5", #""size": "0x5""#),
        ("--size", "wide", #""size": "wide""#),
        ("--seed", "-1", #""seed": -1"#),
        ("--feed", "0", #""feed": 0"#),
        ("--feed", "-5", #""feed": -5"#),
        ("--repeat", "0", #""repeats": 0"#),
        ("--repeat", "101", #""repeats": 101"#),
        ("--backend", "fast", #""backend": "fast""#),
        ("--frame-budget", "0", #""frame_budget_ms": 0"#),
        ("--script", "fling", #""script": "fling""#),
    ]

    func testTheCommandLineAndASuitesFileRefuseABadValueWithTheSameMessage() throws {
        for (option, text, json) in Self.badValues {
            let fromCommandLine = message {
                _ = try RunSettingsParser.settings(
                    forScenario: "plain-feed", ParsedArguments(["plain-feed", option, text], command: .run))
            }
            let suites = try write(#"{"suites": {"s": [{"name": "b", "scenario": "plain-feed", \#(json)}]}}"#, "suites-\(option).json")
            let fromSuite = message { _ = try SuiteFile.load(suites, catalog: WorkloadFactory.catalog) }
            // Both name the bad value, each route where it came from, and say the same after that.
            XCTAssertTrue(fromCommandLine.contains(text), "\(option): \(fromCommandLine)")
            XCTAssertTrue(fromSuite.hasPrefix("\(suites): benchmark 'b': "), fromSuite)
            // The setting is spelled as each route spells it (`--repeat`, `repeats`).
            let setting = try XCTUnwrap(RunSettingName.allCases.first { $0.option == option })
            XCTAssertTrue(fromCommandLine.hasPrefix(option), fromCommandLine)
            XCTAssertTrue(fromSuite.hasPrefix("\(suites): benchmark 'b': \(setting.key) "), fromSuite)
            XCTAssertEqual(
                String(fromSuite.dropFirst("\(suites): benchmark 'b': \(setting.key)".count)),
                String(fromCommandLine.dropFirst(option.count)), option)
        }
    }

    func testEachRouteExitsTwoForABadValue() throws {
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--feed", "0", "--frames", "3", "--quiet"]), 2)
        _ = try write(
            #"{"suites": {"s": [{"name": "b", "scenario": "plain-feed", "feed": 0}]}}"#, "Benchmarks/suites.json")
        XCTAssertEqual(FrameBenchCommand.main(["run", "--package-path", folder.path, "--suite", "s", "--quiet"]), 2)
    }

    func testAProgramEntryAndTheProgramCommandShareTheCheckToo() throws {
        let suites = try write(
            #"{"suites": {"s": [{"name": "b", "program": ["true"], "keys": "j", "repeats": 0}]}}"#, "programs.json")
        let fromSuite = message { _ = try SuiteFile.load(suites, catalog: WorkloadFactory.catalog) }
        XCTAssertEqual(fromSuite, "\(suites): benchmark 'b': repeats must be a whole number from 1 to 100, not '0'")
        let parsed = try ParsedArguments(["--repeat", "0", "--", "true"], command: .program)
        let fromCommandLine = message { _ = try ProgramOptions.benchmark(command: ["true"], parsed) }
        XCTAssertEqual(fromCommandLine, "--repeat must be a whole number from 1 to 100, not '0'")
    }

    // MARK: - Handed to a child as a value

    private func settings(feedFile: String? = nil) -> RunSettings {
        var settings = RunSettings(
            workload: PlainFeed.name, frames: 30,
            workloadSettings: WorkloadSettings(size: Size(cols: 40, rows: 8), seed: 5, feedItems: 1_000, feedFile: feedFile),
            backend: .framebench, term: "xterm-256color", warmUpFrames: 4, catalog: WorkloadFactory.catalog)
        settings.name = "settings-value"
        return settings
    }

    func testSettingsDecodeToWhatWasEncoded() throws {
        var given = settings(feedFile: "/some/feed.txt")
        given.repeats = 3
        given.encoderOptions.synchronizedOutput = true
        given.encoderOptions.usesScrollRegions = false
        given.injection = RegressionInjection(phase: .diff, allocationsPerFrame: 2, slowdown: 0.25)
        given.frameBudgetNanoseconds = 8_333_333.25
        given.countsInstructions = true
        let file = try ChildSettings.write(given, into: folder)
        let taken = try ChildSettings.read(file.path, catalog: WorkloadFactory.catalog)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(
            String(decoding: try encoder.encode(taken), as: UTF8.self), String(decoding: try encoder.encode(given), as: UTF8.self))
        XCTAssertEqual(taken.workloadSettings, given.workloadSettings)
        XCTAssertEqual(taken.injection, given.injection)
        XCTAssertEqual(taken.warmUpFrames, 4)
        XCTAssertEqual(ChildSettings.arguments(flag: IsolatedRun.childFlag, file: file), ["run", "--isolated-child", "--settings-file", file.path])
    }

    func testAChildRefusesASettingsFileItCannotRead() throws {
        let bad = try write(#"{"workload": "plain-feed"}"#, "bad-settings.json")
        XCTAssertTrue(message { _ = try ChildSettings.read(bad, catalog: WorkloadFactory.catalog) }.contains("--settings-file \(bad)"))
        XCTAssertEqual(FrameBenchCommand.main(["run", "--isolated-child", "--settings-file", bad]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "--isolated-child", "plain-feed", "--frames", "3"]), 2, "settings come as a value, not options")
    }

    func testAnIsolatedRunOverAFeedFileDrawsTheFileInItsChild() throws {
        _ = try CountedRun.executable()
        let feed = try write((0..<200).map { "line \($0) of the file, long enough to wrap at forty columns\n" }.joined(), "feed.txt")
        func bytes(_ settings: RunSettings, _ isolation: SuiteRunner.Isolation) throws -> [Int]? {
            var runner = SuiteRunner(benchmarks: [settings])
            runner.isolation = isolation
            return try runner.run().document.scenarios.first?.runs.first?.frames[.bytes]
        }
        let isolated = try bytes(settings(feedFile: feed), .processPerRun)
        XCTAssertNotNil(isolated)
        XCTAssertEqual(isolated, try bytes(settings(feedFile: feed), .inProcess), "the child drew the same frames as this process")
        XCTAssertNotEqual(isolated, try bytes(settings(), .processPerRun), "and they are the file's, not generated items")
    }

    func testChildSamplesCrossWithEveryValueAsMeasured() throws {
        var samples = FrameSamples()
        samples[.frameTime] = [1, 123_456_789_012, 9_007_199_254_740_992]
        samples[.allocations] = [0, 343, 1_463]
        samples.preemptions = [0, 2, 0]
        let decoded = try JSONDecoder().decode(FrameSamples.self, from: try JSONEncoder().encode(samples))
        for metric in Metric.allCases { XCTAssertEqual(decoded[metric], samples[metric], metric.rawValue) }
        XCTAssertEqual(decoded.preemptions, samples.preemptions)
        XCTAssertThrowsError(
            try JSONDecoder().decode(FrameSamples.self, from: Data(#"{"frames": {"frame_tme_ns": [1]}}"#.utf8))
        ) { XCTAssertTrue("\($0)".contains("unknown metric 'frame_tme_ns'"), "\($0)") }
    }

    // MARK: - The feed file is part of what compared runs share

    private func report(_ settings: RunSettings, bytes: Double) -> ScenarioReport {
        ScenarioReport(
            name: settings.name, backend: .framebench, stage: "diff+encode", settings: ScenarioSettings(settings),
            metrics: [.bytes: Summary([bytes, bytes])], histogram: Histogram(values: [1, 2]),
            budget: FrameBudget.evaluate(frameTimes: [1, 2], budget: settings.frameBudgetNanoseconds),
            frameBudgetNanoseconds: settings.frameBudgetNanoseconds, runs: [], peakResidentBytes: 0)
    }

    func testRunsOverDifferentFeedFilesAreNotComparedAsTheSameFrames() throws {
        let a = try write("alpha\nbeta\n", "a.txt")
        let b = try write("gamma\ndelta\n", "b.txt")
        let copyOfA = try write("alpha\nbeta\n", "copy-of-a.txt")
        let overA = ScenarioSettings(settings(feedFile: a))
        XCTAssertEqual(overA.feedFile?.path, a)
        XCTAssertEqual(overA.feedFile?.digest?.count, 16)
        XCTAssertEqual(
            overA.firstFrameDifference(from: ScenarioSettings(settings(feedFile: b))), "feed file \(a) vs \(b)")
        XCTAssertEqual(overA.firstFrameDifference(from: ScenarioSettings(settings())), "feed file \(a) vs none")
        XCTAssertNil(overA.firstFrameDifference(from: ScenarioSettings(settings(feedFile: copyOfA))), "same items, same frames")

        let rows = Comparison.compare(report(settings(feedFile: a), bytes: 100), report(settings(feedFile: b), bytes: 100),
            machineDifference: nil, options: ComparisonOptions())
        let bytesRow = try XCTUnwrap(rows.first { $0.metric == .bytes })
        XCTAssertEqual(bytesRow.evidence, "different frames (feed file \(a) vs \(b))")
        XCTAssertEqual(bytesRow.verdict, .notComparable)
        XCTAssertFalse(bytesRow.gates)

        var pooled = report(settings(feedFile: a), bytes: 100)
        XCTAssertThrowsError(try pooled.pool(report(settings(feedFile: b), bytes: 100), from: "b.json", into: "a.json")) {
            XCTAssertTrue("\($0)".contains("different frames (feed file \(a) vs \(b))"), "\($0)")
        }
    }

    func testResultsWithoutAFeedFileReadAsBeforeAndWriteAsBefore() throws {
        var plain = ScenarioSettings(settings())
        XCTAssertNil(plain.feedFile)
        let json = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        XCTAssertFalse(json.contains("feed_file"), "no new key when there is no feed file: \(json)")
        let older = try JSONDecoder().decode(ScenarioSettings.self, from: Data(json.utf8))
        XCTAssertEqual(older, plain)
        plain.feedFile = FeedFileIdentity(path: "f.txt", digest: "00000000000000ff")
        let again = try JSONDecoder().decode(ScenarioSettings.self, from: try JSONEncoder().encode(plain))
        XCTAssertEqual(again.feedFile, plain.feedFile)
    }
}
