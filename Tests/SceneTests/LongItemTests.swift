import Foundation
import FrameGrid
import Workloads
import XCTest

import SceneKit
@testable import Scenes

/// Issue 15 item 7: only the visible part of an item may cost anything. A
/// 10 MB line, a letter under a million combining marks and 290 KB of
/// CR-only line ends once made every frame step over the whole item.
final class LongItemTests: XCTestCase {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAFeedItemKeepsOfEachClusterOnlyWhatACellShows() throws {
        // 10,000 marks (20 KB): a cluster far past a cell's worth, in a line
        // inside the 64 KiB window a feed file reads of a line.
        let marks = String(repeating: "\u{301}", count: 10_000)
        let path = try file(Array("a\(marks)b tail\n".utf8))
        let record = try XCTUnwrap(FileFeed(path: path).record(atLine: 0))
        XCTAssertLessThan(record.text.utf8.count, 64, "the cluster is cut to a cell's worth")
        XCTAssertEqual(record.text.count, 7, "the same clusters: a+marks, b, space, t, a, i, l")
        var shown = Grid(cols: 10, rows: 1)
        shown.write(record.text, x: 0, y: 0)
        var original = Grid(cols: 10, rows: 1)
        original.write("a\(marks)b tail", x: 0, y: 0)
        XCTAssertEqual(shown.lines, original.lines)
        XCTAssertEqual(shown.string(of: shown[0, 0].glyph), original.string(of: original[0, 0].glyph))
    }

    func testTextThatNeedsNoCutIsReturnedAsItIs() {
        for text in ["plain", "한글 😀 e\u{301}", "👨\u{200D}👩\u{200D}👧\u{200D}👦", String(repeating: "x", count: 100_000)] {
            XCTAssertEqual(TextClusters.cappedToCells(text), text)
        }
    }

    /// Rows stop at the screen's edge (`Grid.write` reads no further; see
    /// `TextClusterTests` for the count of bytes read).
    func testPlainFeedShowsTheStartOfLongItems() throws {
        let long = Array(repeating: UInt8(ascii: "x"), count: 10_000_000)
        let crOnly = Array(repeating: Array("word\r".utf8), count: 58_000).flatMap { $0 }
        let path = try file(Array("short\n".utf8) + long + [0x0A] + crOnly + [0x0A])
        let feed = try PlainFeed(
            settings: WorkloadSettings(size: Size(cols: 40, rows: 5), feedItems: 3, feedFile: path))
        var grid = Grid(cols: 40, rows: 5)
        feed.draw(frame: 0, into: &grid)
        XCTAssertEqual(grid.lines[2], "       2 " + String(repeating: "x", count: 31))
        XCTAssertEqual(grid.lines[3], "       3 word␍word␍word␍word␍word␍word␍w")
    }
}
