import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

final class CommandLineTests: XCTestCase {
    func testSizesMustBeColsByRowsWithinLimits() throws {
        let parsed = try ParsedArguments(["--size", "80x24"], command: .run)
        XCTAssertEqual(try parsed.size("size", default: .init(cols: 1, rows: 1)), .init(cols: 80, rows: 24))
        for bad in ["0x10", "10x0", "80", "axb", "-3x4", "20000x10", "3000x3000"] {
            let parsed = try ParsedArguments(["--size", bad], command: .run)
            XCTAssertThrowsError(try parsed.size("size", default: .init(cols: 1, rows: 1)), bad) { error in
                XCTAssertTrue("\(error)".contains("--size"), "\(error)")
            }
        }
    }

    func testUnknownOptionsAndMissingValuesAreNamed() {
        XCTAssertThrowsError(try ParsedArguments(["--bogus"], command: .run)) { error in
            XCTAssertTrue("\(error)".contains("--bogus"))
        }
        XCTAssertThrowsError(try ParsedArguments(["--frames"], command: .run)) { error in
            XCTAssertTrue("\(error)".contains("--frames needs a value"))
        }
    }

    func testExitCodes() {
        XCTAssertEqual(FrameBenchCommand.main([]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["nonsense"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "no-such-scenario"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "--frames", "zero"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "--size", "0x5"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "--term", "no-such-terminal-xyz", "--frames", "5"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["record", "plain-feed"]), 2)
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--frames", "20", "--size", "40x10", "--term", "xterm-256color", "--backend", "both"]), 0)
        // `list` with suites files of its own (and a broken one): InputValidationTests.
    }

    func testRecordWritesStreamAndFramesAndNeverOverwritesWithoutForce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["record", "plain-feed", "--frames", "5", "--size", "30x6", "--term", "xterm-256color", "--styles", "--out", directory.path]
        XCTAssertEqual(FrameBenchCommand.main(arguments), 0)
        let stream = try Data(contentsOf: directory.appendingPathComponent("stream.bin"))
        let lines = try String(contentsOf: directory.appendingPathComponent("frames.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6)
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        XCTAssertEqual(header["cols"] as? Int, 30)
        XCTAssertEqual(header["rows"] as? Int, 6)
        var lastEnd = 0
        for (index, line) in lines.dropFirst().enumerated() {
            let frame = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            XCTAssertEqual(frame["frame"] as? Int, index)
            let end = try XCTUnwrap(frame["end"] as? Int)
            XCTAssertGreaterThanOrEqual(end, lastEnd)
            lastEnd = end
            XCTAssertEqual((frame["lines"] as? [String])?.count, 6)
            XCTAssertEqual((frame["styles"] as? [Any])?.count, 6)
        }
        XCTAssertEqual(lastEnd, stream.count)
        // A second recording into the same place is refused, and the first is intact.
        XCTAssertEqual(FrameBenchCommand.main(arguments), 2)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("stream.bin")), stream)
        XCTAssertEqual(FrameBenchCommand.main(arguments + ["--force"]), 0)
    }

    func testRecordIntoAFileIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(FrameBenchCommand.main(["record", "plain-feed", "--frames", "2", "--out", file.path]), 2)
        XCTAssertEqual(try Data(contentsOf: file), Data("x".utf8))
    }
}

final class SummaryTests: XCTestCase {
    func testPercentilesInterpolateBetweenRanks() {
        let summary = Summary((1...100).map(Double.init).shuffled())
        XCTAssertEqual(summary.p50, 50.5, accuracy: 1e-9)
        XCTAssertEqual(summary.p90, 90.1, accuracy: 1e-9)
        XCTAssertEqual(summary.p99, 99.01, accuracy: 1e-9)
        XCTAssertEqual(summary.max, 100)
        XCTAssertEqual(summary.mean, 50.5, accuracy: 1e-9)
        XCTAssertEqual(Summary([7]).p99, 7)
        XCTAssertEqual(Summary([]).max, 0)
    }

    func testDurationsPrintWithUnits() {
        XCTAssertEqual(Units.duration(512), "512ns")
        XCTAssertEqual(Units.duration(1_500), "1.50us")
        XCTAssertEqual(Units.duration(42_000), "42.0us")
        XCTAssertEqual(Units.duration(3_250_000), "3.25ms")
    }
}
