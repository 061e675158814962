import Foundation
import FrameGrid
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

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

    func testAFileThatShrinksWhileBeingReadEndsWhereItNowEnds() throws {
        // A mapping of this file died with SIGBUS on the first read past the new end.
        let text = String(repeating: String(repeating: "x", count: 110) + "\n", count: 2_000)  // 111 bytes a line
        let path = try file(Array(text.utf8))
        let lines = try MappedLineFile(path: path)
        XCTAssertEqual(lines.line(0)?.count, 110)
        XCTAssertEqual(truncate(path, 4_000), 0)
        XCTAssertNil(lines.line(1_999))
        XCTAssertEqual(lines.countIfKnown, 37, "36 whole lines and a cut one")
        XCTAssertEqual(lines.line(36)?.count, 4)
        XCTAssertEqual(truncate(path, 0), 0)
        XCTAssertNil(lines.line(5))
        let feed = try FileFeed(path: path)
        XCTAssertEqual(feed.record(3).text, "")
    }

    func testOnlyABoundedWindowOfAVeryLongLineIsRead() throws {
        let long = String(repeating: "é", count: MappedLineFile.maximumLineBytes)  // two bytes each: cut mid-line
        let path = try file(Array((long + "\nnext\n").utf8))
        let lines = try MappedLineFile(path: path)
        let first = try XCTUnwrap(lines.line(0))
        XCTAssertEqual(first.count, MappedLineFile.maximumLineBytes)
        XCTAssertFalse(String(decoding: first, as: UTF8.self).contains("\u{FFFD}"), "cut on a character boundary")
        XCTAssertEqual(lines.line(1).map { String(decoding: $0, as: UTF8.self) }, "next")
        let odd = try file(Array(("a" + long + "\n").utf8))
        let cut = try XCTUnwrap(try MappedLineFile(path: odd).line(0))
        XCTAssertEqual(cut.count, MappedLineFile.maximumLineBytes - 1)
    }

    func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).fifo").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        XCTAssertThrowsError(try MappedLineFile(path: path)) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
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

    func testAnItemLongerThanTwoThousandClustersIsShownShortened() throws {
        let long = String(repeating: "가나다 ", count: 3_000)  // 12,000 clusters
        let path = try file(Array((long + "\n{\"text\": \"\(long)\"}\nshort\n").utf8))
        let feed = try FileFeed(path: path)
        for line in 0..<2 {
            let text = try XCTUnwrap(feed.record(atLine: line)).text
            XCTAssertEqual(text.count, FileFeed.maximumItemClusters + 1, "line \(line)")
            XCTAssertTrue(text.hasSuffix("…"))
            XCTAssertTrue(long.hasPrefix(String(text.dropLast())))
        }
        XCTAssertEqual(feed.record(atLine: 2)?.text, "short")
    }

    func testAFileFeedRunsAndRecords() throws {
        let path = try file(Array((0..<500).map { "item \($0) 한글 😀\n" }.joined().utf8))
        XCTAssertEqual(
            FrameBenchCommand.main(["run", "plain-feed", "--feed-file", path, "--frames", "50", "--size", "60x12", "--quiet"]), 0)
    }
}
