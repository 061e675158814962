import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Each run of a suite in a fresh `framebench` process: the counts of a
/// benchmark are the same whatever runs before it, so a shard equals the
/// whole suite frame by frame.
final class IsolatedRunTests: XCTestCase {
    private func scene(_ name: String, frames: Int = 60) -> RunSettings {
        var settings = RunSettings(
            workload: name, frames: frames,
            workloadSettings: WorkloadSettings(size: Size(cols: 80, rows: 24), seed: 3, feedItems: 10_000),
            backend: .both, term: "xterm-256color", catalog: WorkloadFactory.catalog)
        settings.name = "\(name)-isolated"
        return settings
    }

    private func run(_ benchmarks: [RunSettings], isolation: SuiteRunner.Isolation) throws -> RunDocument {
        var runner = SuiteRunner(benchmarks: benchmarks)
        runner.isolation = isolation
        return try runner.run().document
    }

    private func frames(_ document: RunDocument, _ name: String, _ backend: ResultBackend) throws -> [Metric: [Int]] {
        try XCTUnwrap(document.scenarios.first { $0.name == name && $0.backend == backend }?.runs.first?.frames)
    }

    func testACountIsTheSameAfterOtherScenesAsAlone() throws {
        _ = try CountedRun.executable()
        let watcha = scene("watcha-home")
        let alone = try run([watcha], isolation: .processPerRun)
        let afterOthers = try run([scene("profile-feed"), scene("safari-reader"), watcha], isolation: .processPerRun)
        for backend in [ResultBackend.framebench, .ncurses] {
            let a = try frames(alone, watcha.name, backend)
            let b = try frames(afterOthers, watcha.name, backend)
            let counts = a.keys.filter { !$0.isTiming }
            XCTAssertTrue(counts.contains(.allocations) && counts.contains(.bytes), "\(counts)")
            for metric in counts {
                XCTAssertEqual(a[metric], b[metric], "\(backend) \(metric.rawValue)")
            }
            XCTAssertEqual(a[.frameTime]?.count, watcha.frames - watcha.warmUpFrames)
        }
    }

    func testAChildRunReportsWhatAnInProcessRunReports() throws {
        _ = try CountedRun.executable()
        let settings = scene("profile-feed", frames: 40)
        let isolated = try run([settings], isolation: .processPerRun)
        let here = try run([settings], isolation: .inProcess)
        XCTAssertEqual(isolated.scenarios.map(\.key), here.scenarios.map(\.key))
        for (a, b) in zip(isolated.scenarios, here.scenarios) {
            XCTAssertEqual(Set(a.metrics.keys), Set(b.metrics.keys), a.name)
            XCTAssertEqual(a.runs.first?.frames[.bytes], b.runs.first?.frames[.bytes], a.name)
            XCTAssertEqual(a.runs.first?.frames[.dirtyCells], b.runs.first?.frames[.dirtyCells], a.name)
        }
    }

    func testAChildThatFailsNamesTheBenchmarkAndItsError() throws {
        _ = try CountedRun.executable()
        var settings = scene("profile-feed", frames: 20)
        settings.workload = "no-such-scene"
        settings.name = "broken-entry"
        XCTAssertThrowsError(try run([settings], isolation: .processPerRun)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("broken-entry"), message)
            XCTAssertTrue(message.contains("no-such-scene"), message)
        }
    }
}
