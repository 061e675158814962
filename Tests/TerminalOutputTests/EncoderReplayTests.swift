import FrameGrid
import Workloads
import XCTest

@testable import TerminalOutput

/// The screen a terminal shows after the emitted bytes equals the intended frame.
final class EncoderReplayTests: XCTestCase {
    func testFirstFrameShowsTheFrame() throws {
        let harness = try RenderHarness(cols: 12, rows: 3)
        try harness.render(.lines(["hello", "", "  world"], cols: 12))
    }

    func testSingleCellChangeCostsAFewBytes() throws {
        let harness = try RenderHarness(cols: 20, rows: 4)
        var frame = Grid.lines(["hello", "world", "", "x"], cols: 20)
        try harness.render(frame)
        frame.write("W", x: 0, y: 1)
        let bytes = try harness.render(frame)
        XCTAssertLessThanOrEqual(bytes.count, 8, String(decoding: bytes, as: UTF8.self).debugDescription)
    }

    func testUnchangedFrameEmitsNothing() throws {
        let harness = try RenderHarness(cols: 20, rows: 4)
        let frame = Grid.lines(["hello", "world"], cols: 20, rows: 4)
        try harness.render(frame)
        XCTAssertEqual(try harness.render(frame), [])
        XCTAssertEqual(try harness.render(.lines(["hello", "world"], cols: 20, rows: 4)), [])
    }

    func testStyleOnlyChanges() throws {
        let harness = try RenderHarness(cols: 20, rows: 2)
        var frame = Grid.lines(["styled text", "more"], cols: 20)
        try harness.render(frame)
        let styles: [Style] = [
            Style(attributes: .bold), Style(foreground: .red), Style(foreground: .palette(200), background: .palette(17)),
            Style(attributes: [.italic, .underline]), Style(attributes: .underline), Style(),
            Style(foreground: .rgb(10, 200, 30), attributes: [.reverse, .strikethrough]), Style(attributes: .dim),
            Style(background: .brightBlue), Style(foreground: .default, background: .default, attributes: .strikethrough),
        ]
        for style in styles {
            frame.write("text", x: 7, y: 0, style: style)
            try harness.render(frame)
        }
    }

    func testWideCharactersAtTheEdges() throws {
        let harness = try RenderHarness(cols: 7, rows: 3)
        var frame = Grid.lines(["한글한글", "a😀b😀", "xxxxxx한"], cols: 7)
        try harness.render(frame)
        frame.write("z", x: 1, y: 0)  // right half of 한
        frame.write("글", x: 5, y: 1)  // fits exactly in the last two columns
        frame.write("😀", x: 6, y: 2)  // does not fit: blank
        try harness.render(frame)
        frame.write("y", x: 6, y: 1)  // right half at the last column
        try harness.render(frame)
    }

    func testCombiningMarksAndControlPicturesReplay() throws {
        let harness = try RenderHarness(cols: 16, rows: 2)
        try harness.render(.lines(["cafe\u{301} nai\u{308}ve", "esc\u{1B}[2J bel\u{7}"], cols: 16))
    }

    private func feed(offset: Int, rows: Int, cols: Int = 30) -> Grid {
        var grid = Grid(cols: cols, rows: rows)
        grid.write("HEADER stays", x: 0, y: 0, style: Style(foreground: .white, background: .blue))
        for y in 1..<(rows - 1) {
            grid.write("item \(offset + y) 한글 😀", x: 0, y: y, style: Style(foreground: .palette(UInt8((offset + y) % 200 + 16))))
        }
        grid.write("FOOTER stays", x: 0, y: rows - 1, style: Style(attributes: .reverse))
        return grid
    }

    func testScrollsUpAndDownByOneToSeveralRowsKeepHeaderAndFooter() throws {
        let rows = 12
        let harness = try RenderHarness(cols: 30, rows: rows)
        var offset = 100
        try harness.render(feed(offset: offset, rows: rows))
        for amount in [1, 2, 3, 5, 9, -1, -2, -4, -9, 1, -1] {
            offset += amount
            let bytes = try harness.render(feed(offset: offset, rows: rows))
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(text.contains("\u{1B}[2;11r"), "scroll region around the feed for \(amount): \(text.debugDescription)")
            XCTAssertLessThan(bytes.count, 60 + 45 * abs(amount), "only exposed rows are painted for \(amount)")
        }
    }

    func testFullRepaintAndResize() throws {
        let harness = try RenderHarness(cols: 10, rows: 3)
        try harness.render(.lines(["abc", "def"], cols: 10, rows: 3))
        harness.resize(cols: 14, rows: 5)
        try harness.render(.lines(["resized", "", "", "", "end"], cols: 14))
        harness.resize(cols: 5, rows: 2)
        try harness.render(.lines(["small", "한글"], cols: 5))
    }

    func testLastCellOfTheScreenDoesNotScroll() throws {
        let harness = try RenderHarness(cols: 4, rows: 2)
        try harness.render(.lines(["abcd", "efgh"], cols: 4))
        try harness.render(.lines(["abcd", "efgX"], cols: 4))
        try harness.render(.lines(["Abcd", "efg한"], cols: 4))
    }

    /// Every size and seed of the study, 120 frames each: some 400 random
    /// edits per size, so each of RandomEdits' ten kinds of edit many times.
    func testSeededRandomFrameSequencesReplayExactly() throws {
        try replaySeededRandomFrameSequences(frames: 120)
    }

    /// The study: 1,500 frames per size (repaints from scratch, one frame in
    /// 200, several times each).
    func testSeededRandomFrameSequencesReplayExactlyOverLongRuns() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try replaySeededRandomFrameSequences(frames: 1_500)
    }

    private func replaySeededRandomFrameSequences(frames: Int) throws {
        for (cols, rows, seed) in [(40, 12, 1), (17, 7, 2), (80, 24, 3), (3, 3, 4)] {
            let harness = try RenderHarness(cols: cols, rows: rows)
            let workload = RandomEdits(settings: WorkloadSettings(size: Size(cols: cols, rows: rows), seed: UInt64(seed)))
            var grid = Grid(cols: cols, rows: rows)
            for index in 0..<frames {
                workload.draw(frame: index, into: &grid)
                try harness.render(grid)
                if harness.terminal.differences(from: grid, encoder: harness.renderer.encoder) != [] {
                    XCTFail("seed \(seed) \(cols)x\(rows): frame \(index) differs")
                    return
                }
            }
        }
    }

    func testPlainFeedReplaysAndScrollsWithRegions() throws {
        let size = Size(cols: 60, rows: 15)
        let harness = try RenderHarness(cols: size.cols, rows: size.rows)
        let workload = try PlainFeed(settings: WorkloadSettings(size: size, seed: 7, feedItems: 1_000))
        var grid = Grid(size: size)
        var scrolled = 0
        for index in 0..<200 {
            workload.draw(frame: index, into: &grid)
            let diff = harness.renderer.differ.diff(harness.renderer.shown, grid)
            if diff.scroll != nil { scrolled += 1 }
            try harness.render(grid)
        }
        XCTAssertGreaterThan(scrolled, 190)
    }
    // MARK: Several moves per frame

    /// A page under a bar that slides (a reader's bottom bar on a spring):
    /// rows 0..<barTop are page lines from `offset`, then the bar's three rows (clipped).
    private func reader(offset: Int, barTop: Int, cols: Int = 60, rows: Int = 20) -> Grid {
        var grid = Grid(cols: cols, rows: rows)
        for y in 0..<min(barTop, rows) {
            let n = offset + y
            grid.write("line \(n) " + String(repeating: Character(UnicodeScalar(UInt8(97 + n % 26))), count: cols), x: 0, y: y,
                style: Style(foreground: .palette(UInt8(n % 200 + 16))))
        }
        let bar = [
            "╭" + String(repeating: "─", count: cols - 2) + "╮",
            "│ reader.example.com 한글" + String(repeating: " ", count: cols - 26) + "│",
            "╰" + String(repeating: "─", count: cols - 2) + "╯",
        ]
        for (index, line) in bar.enumerated() where barTop + index < rows {
            grid.write(line, x: 0, y: barTop + index, style: Style(foreground: .white, background: .palette(236)))
        }
        return grid
    }

    func testPageScrollingWhileTheBarSlidesIsTwoScrollRegions() throws {
        let harness = try RenderHarness(cols: 60, rows: 20)
        try harness.render(reader(offset: 0, barTop: 16))
        // The page up by one, the bar down by one: both blocks move, only the
        // two rows they expose are painted.
        let bytes = try harness.render(reader(offset: 1, barTop: 17))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\u{1B}[1;16r"), text.debugDescription)
        XCTAssertTrue(text.contains("\u{1B}[17;20r"), text.debugDescription)
        XCTAssertLessThan(bytes.count, 220, text.debugDescription)
        // Springing back and forth, with the page scrolling both ways.
        var offset = 1
        for (step, barTop) in [18, 19, 20, 19, 17, 16, 16, 17, 15, 18, 20, 20, 17].enumerated() {
            offset += step % 3 == 0 ? -2 : 1
            try harness.render(reader(offset: offset, barTop: barTop))
        }
    }

    func testWithoutScrollRegionsTheBlocksAreRepainted() throws {
        let harness = try RenderHarness(cols: 60, rows: 20, options: EncoderOptions(usesScrollRegions: false))
        try harness.render(reader(offset: 0, barTop: 16))
        XCTAssertTrue(harness.renderer.differ.diff(harness.renderer.shown, reader(offset: 1, barTop: 17)).scrolls.isEmpty)
        let text = String(decoding: try harness.render(reader(offset: 1, barTop: 17)), as: UTF8.self)
        XCTAssertFalse(text.contains("\u{1B}[1;16r") || text.contains("\u{1B}[17;20r"), text.debugDescription)
        XCTAssertFalse(text.contains("\u{1B}[1;20r"), text.debugDescription)
    }

    /// Frames made of several blocks of rows, each scrolled independently by
    /// up to a few rows each frame, with fixed rows between some of them and
    /// random edits on top.
    /// Every size and seed of the study over 72 frames: a new partition into
    /// blocks at frame 69, so two layouts of blocks per size.
    func testSeededMultiBlockFramesReplayExactly() throws {
        try replaySeededMultiBlockFrames(frames: 72)
    }

    /// The study: 200 frames per size, three partitions.
    func testSeededMultiBlockFramesReplayExactlyOverLongRuns() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try replaySeededMultiBlockFrames(frames: 200)
    }

    private func replaySeededMultiBlockFrames(frames: Int) throws {
        for (cols, rows, seed) in [(50, 24, 1), (30, 16, 2), (80, 30, 3), (12, 9, 4), (40, 40, 5)] {
            let harness = try RenderHarness(cols: cols, rows: rows)
            var random = SeededRandom(seed: UInt64(seed))
            var blocks: [(top: Int, height: Int, offset: Int)] = []
            func partition() {
                blocks.removeAll()
                var y = random.below(2)
                while y < rows - 1 {
                    let height = min(rows - y, 2 + random.below(max(1, rows / 2)))
                    blocks.append((y, height, random.below(1_000)))
                    y += height + random.below(3)  // adjacent, or one or two fixed rows between
                }
            }
            partition()
            var multiple = 0
            for index in 0..<frames {
                if index % 70 == 69 { partition() }
                for block in blocks.indices where random.below(4) != 0 {
                    blocks[block].offset += random.below(9) - 4
                }
                var grid = Grid(cols: cols, rows: rows)
                grid.write("fixed \(index / 50)", x: 0, y: 0, style: Style(attributes: .bold))
                for (number, block) in blocks.enumerated() {
                    for row in 0..<block.height {
                        let n = block.offset + row
                        let letter = Character(UnicodeScalar(UInt8(97 + (n & 0xFFFF) % 26)))
                        let text = n % 7 == 0 ? "" : "b\(number) \(n) \(n % 5 == 0 ? "한글 " : "")" + String(repeating: letter, count: cols)
                        let style = Style(
                            foreground: .palette(UInt8((n & 0xFFFF) % 200 + 16)),
                            background: n % 3 == 0 ? .palette(UInt8((n & 0xFF) % 8)) : .default)
                        grid.write(text, x: 0, y: block.top + row, style: style)
                    }
                }
                for _ in 0..<random.below(4) {
                    let text = ["x", "edit", "한", "😀z", ""][random.below(5)]
                    grid.write(text, x: random.below(cols + 1) - 1, y: random.below(rows), style: Style(attributes: .underline))
                }
                let diff = harness.renderer.differ.diff(harness.renderer.shown, grid)
                if diff.scrolls.count > 1 { multiple += 1 }
                try harness.render(grid)
                if harness.terminal.differences(from: grid, encoder: harness.renderer.encoder) != [] {
                    XCTFail("seed \(seed) \(cols)x\(rows): frame \(index) differs")
                    return
                }
            }
            // One frame in ten or more moves several blocks at once.
            if cols >= 30 { XCTAssertGreaterThan(multiple, frames / 10, "seed \(seed): frames with several moves") }
        }
    }
}

/// Feed content is data: nothing in it reaches the terminal raw.
final class HostileContentTests: XCTestCase {
    func testHostileFeedNeverEmitsItsSequencesAndReplaysExactly() throws {
        let size = Size(cols: 70, rows: 16)
        let harness = try RenderHarness(cols: size.cols, rows: size.rows)
        let workload = HostileFeed(settings: WorkloadSettings(size: size))
        var grid = Grid(size: size)
        for index in 0..<40 {
            workload.draw(frame: index, into: &grid)
            try harness.render(grid)
        }
        let text = String(decoding: harness.capture.bytes, as: UTF8.self)
        // The payload's sequences as the terminal would have received them:
        // ESC (or a C1 control) right before them. Their text after a visible
        // ␛ is fine, and expected.
        let forbidden = [
            "\u{1B}]52;c;", "\u{1B}]0;pwned", "\u{1B}[H and home", "\u{1B}P1$r", "\u{1B}[?1049h", "\u{1B}7 move",
            "\u{1B}[10;10H restore", "\u{202E}", "\u{9B}", "\u{85}",
        ]
        for forbidden in forbidden {
            XCTAssertFalse(text.contains(forbidden), "emitted \(forbidden.debugDescription)")
        }
        for byte in harness.capture.bytes {
            XCTAssertFalse(byte == 0x07 || byte == 0x00 || byte == 0x7F || byte == 0x09, "raw control byte \(byte)")
        }
    }

    func testEmojiSequencesAreSentAsTheirFirstScalarUnlessTheTerminalClustersGraphemes() throws {
        var grid = Grid(cols: 12, rows: 1)
        grid.write("a👨\u{200D}👩\u{200D}👧b❤️c🇰🇷e\u{301}\u{302}\u{303}\u{304}", x: 0, y: 0)
        let harness = try RenderHarness(cols: 12, rows: 1)
        let bytes = try harness.render(grid)
        let sent = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(sent.contains("a👨b❤ cKRe\u{301}\u{302}"), sent.debugDescription)
        XCTAssertFalse(sent.contains("\u{303}"), sent.debugDescription)
        XCTAssertEqual(harness.terminal.lines, ["a👨b❤ cKRe\u{301}\u{302}"])

        var options = EncoderOptions()
        options.emitsGraphemeClusters = true
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"), options: options)
        let capture = CaptureSink()
        try renderer.render(grid, to: capture)
        let clustered = String(decoding: capture.bytes, as: UTF8.self)
        XCTAssertTrue(clustered.contains("\u{1B}[2X👨\u{200D}👩\u{200D}👧"), clustered.debugDescription)
    }

    func testInvalidUTF8FromAByteSourceBecomesReplacementCharacters() {
        var grid = Grid(cols: 10, rows: 1)
        grid.write(utf8: [0x61, 0xFF, 0xC3, 0x28, 0x62], x: 0, y: 0)
        XCTAssertEqual(grid.lines, ["a\u{FFFD}\u{FFFD}(b"])
    }
}
