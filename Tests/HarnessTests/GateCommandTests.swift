import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Every exit code of `compare` and `check`, through the command line.
final class GateCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func results(_ name: String, _ extra: [String] = []) -> String {
        let out = path(name)
        let code = FrameBenchCommand.main(
            ["run", "plain-feed", "--frames", "80", "--size", "40x10", "--term", "xterm-256color", "--format", "json", "--out", out]
                + extra)
        XCTAssertEqual(code, 0)
        return out
    }

    private func write(_ text: String, _ name: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    func testCompareExitCodes() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "the injected regression is an allocation, not counted under a sanitizer")
        let a = results("a.json")
        let b = results("b.json", ["--inject-allocations", "1"])
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, a]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, b]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["compare", "\(a),\(a)", "\(a),\(a)"]), 2, "one run given twice is not two runs")
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, path("missing.json")]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, try write("{\"schema_version\": 1, \"trunc", "bad.json")]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["compare", a]), 2)
        let markdown = path("report.md")
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, b, "--format", "markdown", "--out", markdown]), 1)
        XCTAssertTrue(try String(contentsOfFile: markdown, encoding: .utf8).contains("**worse**"))
        let junit = path("report.xml")
        XCTAssertEqual(FrameBenchCommand.main(["compare", a, b, "--format", "junit", "--out", junit]), 1)
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("<failure"))
    }

    func testCheckExitCodes() throws {
        try XCTSkipUnless(AllocationSnapshot.isCounting, "the injected regression is an allocation, not counted under a sanitizer")
        let a = results("a.json")
        let b = results("b.json", ["--inject-allocations", "1"])
        let loose = try write(#"{"budgets": {"plain-feed-40x10": {"render_allocations.max": 100, "bytes_per_frame.mean": 100000}}}"#, "loose.json")
        let misspelt = try write(#"{"budgets": {"plain-fed-40x10": {"bytes_per_frame.mean": 100000}}}"#, "misspelt.json")
        let tight = try write(#"{"budgets": {"plain-feed-40x10": {"bytes_per_frame.mean": 1}}}"#, "tight.json")
        let unknownMetric = try write(#"{"budgets": {"plain-feed-40x10": {"frames_per_fortnight.p50": 1}}}"#, "unknown.json")
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", loose, "--baseline", a, "--quiet"]), 0)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", b, "--budgets", loose, "--baseline", a, "--quiet"]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", tight, "--baseline", a, "--quiet"]), 1)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", unknownMetric, "--quiet"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", path("none.json"), "--quiet"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", misspelt, "--quiet"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", loose, "--baseline", path("gone.json"), "--quiet"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "--results", a, "--budgets", loose, "--format", "yaml"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["check", "extra-argument"]), 2)
    }

    func testJSONHasTheDocumentedFields() throws {
        let a = results("a.json", ["--backend", "both"])
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: a))) as! [String: Any]
        XCTAssertEqual(object["schema_version"] as? Int, 2)
        XCTAssertNotNil(object["machine"] as? [String: Any])
        let scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        XCTAssertEqual(scenarios.compactMap { $0["backend"] as? String }, ["framebench", "ncurses"])
        for scenario in scenarios {
            XCTAssertNotNil(scenario["name"] as? String)
            XCTAssertNotNil(scenario["settings"] as? [String: Any])
            let metrics = try XCTUnwrap(scenario["metrics"] as? [String: [String: Double]])
            for key in ["p50", "p90", "p99", "max", "mean"] { XCTAssertNotNil(metrics["frame_time_ns"]?[key], key) }
            for metric in ["allocations_per_frame", "bytes_per_frame"] {
                XCTAssertNotNil(metrics[metric]?["mean"], metric)
                XCTAssertNotNil(metrics[metric]?["max"], metric)
            }
        }
        let ours = scenarios[0]["metrics"] as! [String: [String: Double]]
        for metric in ["dirty_cells_per_frame", "update_ns", "layout_ns", "diff_ns", "encode_ns", "write_ns"] {
            XCTAssertNotNil(ours[metric]?["mean"], metric)
        }
    }
}
