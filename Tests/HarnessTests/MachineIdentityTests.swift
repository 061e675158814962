import Foundation
import XCTest

@testable import Harness
@testable import Reports

/// Timings compare only between runs on the same host, kernel, compiler and
/// build: the processor's name alone does not make two boxes the same.
final class MachineIdentityTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("machine-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let box = MachineFingerprint(
        cpu: "AMD EPYC", cores: 2, os: "Debian GNU/Linux 12 (bookworm)", swift: "6.3", build: "release", memoryGiB: 24,
        kernel: "6.18.44", hostID: "0123456789abcdef")

    /// The committed baseline (written before host, memory and kernel were
    /// recorded), cut to its first `scenarios`: enough to compare, and
    /// quicker to compare in debug builds than the whole file.
    static func committedBaseline(scenarios: Int) throws -> RunDocument {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Results/amd-epyc-2c-release.json").path
        var document = try BaselineStore.read(path)
        document.scenarios = Array(document.scenarios.prefix(scenarios))
        return document
    }

    /// A baseline and a candidate alike but for the candidate's machine.
    static func pair(_ change: (inout MachineFingerprint) -> Void) throws -> (RunDocument, RunDocument) {
        var baseline = try committedBaseline(scenarios: 1)
        baseline.machine = box
        var candidate = baseline
        change(&candidate.machine)
        return (baseline, candidate)
    }

    func testThisMachineRecordsEveryField() {
        let machine = MachineFingerprint.current()
        XCTAssertGreaterThan(machine.cores, 0)
        XCTAssertNotNil(machine.kernel)
        XCTAssertFalse(machine.kernel?.isEmpty ?? true)
        XCTAssertGreaterThan(machine.memoryGiB ?? 0, 0)
        XCTAssertTrue(["debug", "release"].contains(machine.build))
    }

    func testAnotherHostWithTheSameProcessorNameIsAnotherMachine() {
        var other = Self.box
        other.hostID = "fedcba9876543210"
        XCTAssertEqual(Self.box.firstDifference(from: other), "host '0123456789abcdef' vs 'fedcba9876543210'")
        XCTAssertEqual(Self.box.differences(from: other).count, 1)
    }

    func testEveryDifferingFieldIsNamed() {
        var other = Self.box
        other.kernel = "6.19.0"
        other.memoryGiB = 32
        other.build = "debug"
        XCTAssertEqual(
            Self.box.differences(from: other),
            ["memory '24 GiB' vs '32 GiB'", "kernel '6.18.44' vs '6.19.0'", "build 'release' vs 'debug'"])
        XCTAssertNil(Self.box.firstDifference(from: Self.box))
    }

    func testTheCommittedBaselineWithoutTheNewFieldsLoadsAndIsMatchedOnTheOthers() throws {
        // The committed baseline as a file written before host, memory and kernel were recorded.
        var written = try JSONSerialization.jsonObject(with: JSONFile.encode(Self.committedBaseline(scenarios: 2))) as! [String: Any]
        var machine = written["machine"] as! [String: Any]
        for key in ["host_id", "kernel", "memory_gib"] { machine.removeValue(forKey: key) }
        written["machine"] = machine
        let file = directory.appendingPathComponent("old.json")
        try JSONSerialization.data(withJSONObject: written).write(to: file)
        let old = try BaselineStore.read(file.path)
        XCTAssertNil(old.machine.hostID)
        XCTAssertNil(old.machine.kernel)
        XCTAssertNil(old.machine.memoryGiB)
        var now = Self.box
        now.cpu = old.machine.cpu
        now.cores = old.machine.cores
        now.os = old.machine.os
        now.swift = old.machine.swift
        now.build = old.machine.build
        XCTAssertNil(old.machine.firstDifference(from: now), "fields the old file lacks are not compared")
        XCTAssertEqual(old.machine.notCompared(with: now), ["host", "memory", "kernel"])
        XCTAssertEqual(now.notCompared(with: old.machine), ["host", "memory", "kernel"])

        var candidate = old
        candidate.machine = now
        let report = Comparison.compare(baseline: old, candidate: candidate)
        XCTAssertNil(report.machineDifference)
        XCTAssertEqual(report.machineFieldsNotCompared, ["host", "memory", "kernel"])
        XCTAssertTrue(
            TextReport(colors: false).comparison(report, baselineName: "old")
                .contains("does not record the machine's host, memory, kernel"))
        XCTAssertTrue(MarkdownReport.comparison(report, baselineName: "old").contains("host, memory, kernel"))
    }

    func testTimingsOfAnotherHostDoNotCompareAndTheReportSaysWhy() throws {
        let (baseline, candidate) = try Self.pair { $0.hostID = "ffffffffffffffff" }
        let report = Comparison.compare(baseline: baseline, candidate: candidate)
        XCTAssertEqual(report.machineDifference, "host '0123456789abcdef' vs 'ffffffffffffffff'")
        let timing = report.rows.filter { $0.metric.isTiming }
        XCTAssertFalse(timing.isEmpty)
        XCTAssertTrue(timing.allSatisfy { $0.verdict == .notComparable && $0.evidence.contains("host") })
        XCTAssertTrue(report.rows.contains { $0.metric == .allocations && $0.verdict != .notComparable }, "counts still compare")
    }

    func testNewFieldsAreWrittenInSnakeCaseAndRoundTrip() throws {
        let data = try JSONFile.encode(Self.box, compact: true)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["cpu", "cores", "os", "swift", "build", "memory_gib", "kernel", "host_id"])
        XCTAssertEqual(try JSONDecoder().decode(MachineFingerprint.self, from: data), Self.box)
    }

    func testMemoryIsReadInWholeGibibytes() throws {
        let meminfo = directory.appendingPathComponent("meminfo")
        try "MemTotal:       24684084 kB\nMemFree:         1000 kB\n".write(to: meminfo, atomically: true, encoding: .utf8)
        XCTAssertEqual(MachineFingerprint.memoryGiB(meminfo: meminfo.path), 24)
        try "nothing here\n".write(to: meminfo, atomically: true, encoding: .utf8)
        XCTAssertNil(MachineFingerprint.memoryGiB(meminfo: meminfo.path))
    }

    func testTheHostIdentifierIsAStableHashThatDoesNotHoldTheMachineID() throws {
        let id = "0f3a9c2be1d84f6d9a7b5c3e2d1f0a9b"
        let empty = directory.appendingPathComponent("empty-machine-id")
        let file = directory.appendingPathComponent("machine-id")
        try "\n".write(to: empty, atomically: true, encoding: .utf8)
        try (id + "\n").write(to: file, atomically: true, encoding: .utf8)
        let first = try XCTUnwrap(MachineFingerprint.hostIdentifier(paths: [empty.path, file.path]))
        XCTAssertEqual(first, MachineFingerprint.hostIdentifier(paths: [file.path]), "stable")
        XCTAssertEqual(first.count, 16)
        XCTAssertFalse(id.contains(first) || first.contains(id.prefix(8)))
        XCTAssertNotEqual(first, MachineFingerprint.hostHash("0f3a9c2be1d84f6d9a7b5c3e2d1f0a9c"), "one id digit apart")
        XCTAssertNil(MachineFingerprint.hostIdentifier(paths: [empty.path, directory.appendingPathComponent("none").path]))
    }
}

extension MachineIdentityTests {
    func testEveryDifferenceReachesTheReportsAndTheComparisonJSON() throws {
        let (baseline, candidate) = try Self.pair {
            $0.hostID = "ffffffffffffffff"
            $0.kernel = "6.19.0"
        }
        let report = Comparison.compare(baseline: baseline, candidate: candidate)
        XCTAssertEqual(report.machineDifferences, ["host '0123456789abcdef' vs 'ffffffffffffffff'", "kernel '6.18.44' vs '6.19.0'"])
        XCTAssertTrue(TextReport(colors: false).comparison(report, baselineName: "b").contains("vs '6.19.0'"))
        XCTAssertTrue(MarkdownReport.comparison(report, baselineName: "b").contains("kernel"))
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(ComparisonJSON.encode(report, baselineName: "b").utf8)) as? [String: Any])
        XCTAssertEqual(json["machines_match"] as? Bool, false)
        XCTAssertEqual((json["machine_differences"] as? [String])?.count, 2)
        XCTAssertEqual(json["machine_fields_not_compared"] as? [String], [])
    }

    func testInstructionCountsCompareAcrossHostsOfOneProcessorOSCompilerAndBuild() throws {
        let (baseline, otherHost) = try Self.pair {
            $0.hostID = "ffffffffffffffff"
            $0.kernel = "6.19.0"
            $0.memoryGiB = 64
        }
        XCTAssertFalse(baseline.scenarios[0].instructions.isEmpty, "the committed baseline counts instructions")
        let sameCode = Comparison.compare(baseline: baseline, candidate: otherHost)
        let counted = sameCode.rows.filter { $0.metric == .instructions }
        XCTAssertFalse(counted.isEmpty)
        XCTAssertTrue(counted.allSatisfy { $0.gates && $0.verdict == .unchanged }, "\(counted.map(\.evidence))")
        XCTAssertTrue(sameCode.rows.filter { $0.metric == .frameTime }.allSatisfy { !$0.gates }, "timings need the same host")

        let (_, otherProcessor) = try Self.pair { $0.cpu = "Intel Xeon" }
        let rows = Comparison.compare(baseline: baseline, candidate: otherProcessor).rows.filter { $0.metric == .instructions }
        XCTAssertTrue(rows.allSatisfy { !$0.gates && $0.evidence.contains("cpu") }, "\(rows.map(\.evidence))")
    }
}
