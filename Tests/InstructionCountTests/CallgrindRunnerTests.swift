import Foundation
import XCTest

@testable import Harness

/// The runner end to end on `callgrind-probe`, whose phases do known work:
/// ours.update spins U units a frame, ours.layout 2U, ours.encode U plus a
/// nested ours.write of U, ncurses.refresh 3U then throws.
final class CallgrindRunnerTests: XCTestCase {
    struct ProbeMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "callgrind-probe is not built at \(path) (the test target depends on it)" }
    }

    /// `callgrind-probe`, which SwiftPM builds beside the test executable.
    var probe: URL {
        get throws {
            let tests = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let probe = URL(fileURLWithPath: tests).deletingLastPathComponent().appendingPathComponent(
                "callgrind-probe")
            guard FileManager.default.isExecutableFile(atPath: probe.path) else { throw ProbeMissing(path: probe.path) }
            return probe
        }
    }

    /// The probe's standard counted run: 2 warm-up frames, 10 measured, 5,000 units.
    static let standardArguments = ["frames", "2", "10", "5000"]
    /// The standard run's outcome, counted once for the tests that only read it.
    nonisolated(unsafe) static var standardOutcome: CallgrindRunner.Outcome?

    func standardRun() throws -> CallgrindRunner.Outcome {
        if let outcome = Self.standardOutcome { return outcome }
        let outcome = try CallgrindRunner(executable: try probe).run(arguments: Self.standardArguments)
        Self.standardOutcome = outcome
        return outcome
    }

    func requireValgrind() throws {
        guard CallgrindRunner.locate("valgrind") != nil else {
            throw XCTSkip("valgrind is not installed (apt-get install valgrind); CI installs it")
        }
        guard InstructionCounter.isCompiledIn else {
            throw XCTSkip("built without <valgrind/callgrind.h>: the markers cannot be activated")
        }
    }

    func testTwoRunsCountIdenticalInstructionsAndWarmUpIsNotCounted() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try requireValgrind()
        let runner = CallgrindRunner(executable: try probe)
        let first = try standardRun()
        let second = try runner.run(arguments: Self.standardArguments)
        let longerWarmUp = try runner.run(arguments: ["frames", "6", "10", "5000"])
        XCTAssertEqual(Set(first.counts.totals.keys), [.framebench, .ncurses])
        XCTAssertEqual(first.counts, second.counts)
        XCTAssertEqual(first.counts, longerWarmUp.counts, "warm-up frames (10x the work) must not be counted")
        XCTAssertEqual(
            String(decoding: first.standardOutput, as: UTF8.self),
            #"{"measured_frames":10,"markers_active":true}"# + "\n")
    }

    func testCountsDoNotDependOnTheLengthsOfPathsOrTheEnvironment() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try requireValgrind()
        let standard = try standardRun().counts
        for (extra, cacheName) in [
            ("x", "c"), ("abcde", "cache-5"), (String(repeating: "y", count: 17), "cache-with-a-longer-name-0123456"),
        ] {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
                "\(cacheName)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            var environment = ProcessInfo.processInfo.environment
            environment["FRAMEBENCH_TEST_EXTRA"] = extra
            let runner = CallgrindRunner(executable: try probe, cacheDirectory: cache, environment: environment)
            XCTAssertEqual(
                try runner.run(arguments: Self.standardArguments).counts, standard, "extra \(extra.count) bytes")
        }
    }

    func testEachPhaseIsChargedWithItsOwnWork() throws {
        try requireValgrind()
        let counts = try standardRun().counts
        let ours = try XCTUnwrap(counts.totals[.framebench])
        XCTAssertEqual(Set(ours.keys), [.update, .layout, .encode], "the nested write phase counts for encode")
        let update = Double(try XCTUnwrap(ours[.update]))
        XCTAssertGreaterThan(update, 10 * 5000, "at least an instruction per unit of work")
        XCTAssertEqual(Double(ours[.layout]!) / update, 2, accuracy: 0.02)
        XCTAssertEqual(Double(ours[.encode]!) / update, 2, accuracy: 0.02)
        XCTAssertEqual(Double(try XCTUnwrap(counts.totals[.ncurses]?[.render])) / update, 3, accuracy: 0.03)
        XCTAssertEqual(counts.frameTotal(.framebench), ours[.update]! + ours[.layout]! + ours[.encode]!)
    }

    func testPerFrameCountsHaveOneEntryPerMeasuredFrameAndAddUpToTheTotals() throws {
        try requireValgrind()
        let runner = CallgrindRunner(executable: try probe)
        let outcome = try runner.run(arguments: Self.standardArguments, perFrame: true)
        XCTAssertEqual(outcome.frames.count, 10)
        XCTAssertEqual(outcome.frames.reduce(InstructionCounts(totals: [:])) { $0.adding($1) }, outcome.counts)
        let ours = outcome.frameTotals(.framebench)
        XCTAssertEqual(ours.count, 10)
        XCTAssertEqual(Set(ours).count, 1, "every frame does the same work: \(ours)")
        XCTAssertEqual(outcome.counts.frameTotal(.framebench), ours.reduce(0, +))
        let whole = try standardRun()
        XCTAssertTrue(whole.frames.isEmpty)
        XCTAssertEqual(whole.counts, outcome.counts, "dumping per frame changes no count")
    }

    func testKeptOutputIsACallgrindFileThatGivesTheSameCounts() throws {
        try requireValgrind()
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).callgrind")
        defer { try? FileManager.default.removeItem(at: kept) }
        let outcome = try CallgrindRunner(executable: try probe).run(
            arguments: ["frames", "1", "3", "1000"], keepOutput: kept)
        XCTAssertEqual(outcome.outputFile, kept)
        let profile = try CallgrindProfile(contentsOf: kept)
        XCTAssertEqual(InstructionCounts(profile: profile), outcome.counts)
        XCTAssertGreaterThanOrEqual(outcome.collectedInstructions, outcome.counts.frameTotal(.framebench))
    }

    func testTheStrippedCopyIsMadeOnceAndReused() throws {
        try requireValgrind()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("strip-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let runner = CallgrindRunner(executable: try probe, cacheDirectory: cache)
        let stripped = try runner.strippedExecutable()
        let madeAt = try FileManager.default.attributesOfItem(atPath: stripped.path)[.modificationDate] as? Date
        XCTAssertEqual(try runner.strippedExecutable(), stripped)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: stripped.path)[.modificationDate] as? Date, madeAt)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.path), [stripped.lastPathComponent])
    }

    func testAFailingChildIsReportedWithItsStatusAndStderr() throws {
        try requireValgrind()
        let runner = CallgrindRunner(executable: try probe)
        XCTAssertThrowsError(try runner.run(arguments: ["no-such-mode"])) { error in
            guard case .childFailed(let status, let tail) = error as? CallgrindError else {
                return XCTFail("expected childFailed, got \(error)")
            }
            XCTAssertEqual(status, 2)
            XCTAssertTrue(tail.contains("usage: callgrind-probe"), tail)
        }
    }

    func testMissingValgrindIsAClearError() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let runner = CallgrindRunner(executable: URL(fileURLWithPath: "/bin/true"), environment: ["PATH": empty.path])
        XCTAssertThrowsError(try runner.run(arguments: [])) { error in
            XCTAssertEqual(error as? CallgrindError, .valgrindMissing)
            XCTAssertEqual("\(error)", "valgrind not found: install it (apt-get install valgrind)")
        }
    }

    func testMissingStripIsAClearError() throws {
        // A PATH with a `valgrind` (any executable will do) and no strip.
        let tools = FileManager.default.temporaryDirectory.appendingPathComponent("valgrind-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tools) }
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("valgrind"), withDestinationURL: URL(fileURLWithPath: "/bin/true"))
        var runner = CallgrindRunner(executable: URL(fileURLWithPath: "/bin/true"), environment: ["PATH": tools.path])
        runner.cacheDirectory = tools.appendingPathComponent("cache")
        XCTAssertThrowsError(try runner.run(arguments: [])) { error in
            XCTAssertEqual(error as? CallgrindError, .stripMissing)
        }
    }
}
