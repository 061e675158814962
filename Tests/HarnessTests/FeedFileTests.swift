import Foundation
import FrameGrid
import Workloads
import XCTest

@testable import Harness

final class FeedFileTests: XCTestCase {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testLinesAreIndexedOnlyAsFarAsTheyAreRead() throws {
        let path = try file(Array("one\r\ntwo\n\nfour".utf8))
        let lines = try MappedLineFile(path: path)
        XCTAssertNil(lines.countIfKnown)
        XCTAssertEqual(lines.line(0).map { String(decoding: $0, as: UTF8.self) }, "one")
        XCTAssertNil(lines.countIfKnown, "reading line 0 does not scan the whole file")
        XCTAssertEqual(lines.line(2).map { String(decoding: $0, as: UTF8.self) }, "")
        XCTAssertEqual(lines.line(3).map { String(decoding: $0, as: UTF8.self) }, "four")
        XCTAssertNil(lines.line(4))
        XCTAssertEqual(lines.countIfKnown, 4)
    }

    func testMissingOrUnreadableFilesAreClearErrors() {
        XCTAssertThrowsError(try MappedLineFile(path: "/no/such/feed.txt")) { error in
            XCTAssertTrue("\(error)".contains("/no/such/feed.txt: no such file"), "\(error)")
        }
        XCTAssertThrowsError(try MappedLineFile(path: NSTemporaryDirectory())) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
        XCTAssertEqual(FrameBenchCommand.main(["run", "plain-feed", "--feed-file", "/no/such/feed.txt", "--frames", "3"]), 2)
    }

    func testPlainTextJSONLinesAndInvalidUTF8ShowAsData() throws {
        let bytes = Array("plain line\n{\"author\": \"ada\", \"text\": \"from json 한글\"}\n".utf8) + [0x62, 0x61, 0x64, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x0A]
        let path = try file(bytes)
        let feed = try PlainFeed(settings: WorkloadSettings(size: .init(cols: 40, rows: 5), feedFile: path))
        var grid = FrameGrid.Grid(cols: 40, rows: 5)
        feed.draw(frame: 0, into: &grid)
        XCTAssertEqual(grid.lines[1], "       1 plain line")
        XCTAssertEqual(grid.lines[2], "       2 @ada · from json 한글")
        XCTAssertEqual(grid.lines[3], "       3 bad\u{FFFD}␛[2J")
    }

    func testAFileFeedRunsAndRecords() throws {
        let path = try file(Array((0..<500).map { "item \($0) 한글 😀\n" }.joined().utf8))
        XCTAssertEqual(
            FrameBenchCommand.main(["run", "plain-feed", "--feed-file", path, "--frames", "50", "--size", "60x12", "--quiet"]), 0)
    }
}
