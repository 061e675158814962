import Foundation
import FrameGrid
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// The seed scenes through the command line: scripts by name, resizes mid-run in both backends, recordings.
final class SceneCommandTests: XCTestCase {
    func testScenesAreListedWithTheirScripts() throws {
        for name in ["profile-feed", "watcha-home", "safari-reader"] {
            let entry = try WorkloadFactory.entry(name)
            XCTAssertEqual(entry.scripts.first, "default")
            XCTAssertTrue(entry.scripts.contains("resize"), name)
            XCTAssertTrue(entry.scripts.contains("fling"), name)
        }
    }

    func testUnknownScriptsAreNamedWithTheKnownOnes() {
        XCTAssertThrowsError(try WorkloadFactory.checkScript("nope", for: "safari-reader")) { error in
            XCTAssertTrue("\(error)".contains("--script 'nope' is unknown for safari-reader (known: default,"), "\(error)")
        }
        XCTAssertThrowsError(try WorkloadFactory.checkScript("fling", for: "plain-feed")) { error in
            XCTAssertTrue("\(error)".contains("known: default)"), "\(error)")
        }
        XCTAssertEqual(FrameBenchCommand.main(["run", "profile-feed", "--script", "nope", "--frames", "5"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["record", "watcha-home", "--script", "", "--out", "/tmp/x"]), 2)
    }

    func testBothBackendsSurviveAResizeMidRun() throws {
        for name in ["profile-feed", "watcha-home", "safari-reader"] {
            var settings = RunSettings(
                workload: name, frames: 120,
                workloadSettings: WorkloadSettings(size: Size(cols: 48, rows: 16), seed: 3, feedItems: 10_000_000),
                backend: .both, catalog: WorkloadFactory.catalog)
            settings.script = "resize"
            let result = try LaneRun.run(settings)
            XCTAssertEqual(result.results.count, 2)
            for backend in result.results {
                XCTAssertEqual(backend.samples[.frameTime].count, 120 - settings.warmUpFrames, "\(name) \(backend.backend)")
            }
            // The same frames in both: a frame that changed the screen sends
            // bytes in both lanes, and a frame that did not sends none in either.
            let ours = result.results[0].samples[.bytes]
            let theirs = result.results[1].samples[.bytes]
            XCTAssertGreaterThan(ours.reduce(0, +), 0, name)
            XCTAssertEqual(ours.map { $0 > 0 }, theirs.map { $0 > 0 }, name)
        }
    }

    func testRecordingsCarryEachFramesSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-scene-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "record", "safari-reader", "--script", "resize", "--frames", "100", "--size", "40x12", "--term",
            "xterm-256color", "--out", directory.path,
        ]
        XCTAssertEqual(FrameBenchCommand.main(arguments), 0)
        let lines = try String(contentsOf: directory.appendingPathComponent("frames.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var sizes: [String] = []
        for line in lines.dropFirst() {
            let frame = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let cols = try XCTUnwrap(frame["cols"] as? Int)
            let rows = try XCTUnwrap(frame["rows"] as? Int)
            XCTAssertEqual((frame["lines"] as? [String])?.count, rows)
            let size = "\(cols)x\(rows)"
            if sizes.last != size { sizes.append(size) }
        }
        // 40 frames at the run's size, then a quarter smaller, then back.
        XCTAssertEqual(sizes, ["40x12", "30x9", "40x12"])
    }

    func testSuitesDeclareScriptsAndUnknownOnesAreNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json")
        try Data(#"{"suites": {"s": [{"name": "p", "scenario": "profile-feed", "script": "fling", "size": "40x12"}]}}"#.utf8)
            .write(to: good)
        let file = try SuiteFile.load(good.path, catalog: WorkloadFactory.catalog)
        let settings = try SuiteFile.settings(for: file.suites["s"]![0], file: good.path, catalog: WorkloadFactory.catalog)
        XCTAssertEqual(settings.script, "fling")
        XCTAssertEqual(settings.workloadSettings.script, "fling")
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"suites": {"s": [{"name": "p", "scenario": "plain-feed", "script": "fling"}]}}"#.utf8).write(to: bad)
        XCTAssertThrowsError(try SuiteFile.load(bad.path, catalog: WorkloadFactory.catalog)) { error in
            XCTAssertTrue("\(error)".contains("benchmark 'p': script 'fling' is unknown for plain-feed"), "\(error)")
        }
    }
}
