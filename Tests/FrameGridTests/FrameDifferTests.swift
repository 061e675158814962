import XCTest

@testable import FrameGrid

final class FrameDifferTests: XCTestCase {
    private func grid(_ lines: [String], cols: Int) -> Grid {
        var grid = Grid(cols: cols, rows: lines.count)
        for (y, line) in lines.enumerated() { grid.write(line, x: 0, y: y) }
        return grid
    }

    func testFirstFrameIsAFullRepaintOfItsNonBlankCells() {
        let next = grid(["ab", "", "  c"], cols: 4)
        let diff = FrameDiffer().diff(nil, next)
        XCTAssertTrue(diff.isFullRepaint)
        XCTAssertEqual(diff.spans, [DirtySpan(row: 0, start: 0, end: 2), DirtySpan(row: 2, start: 2, end: 3)])
        XCTAssertEqual(diff.changedCells, 3)
        XCTAssertEqual(diff.rowsTouched, 2)
    }

    func testIdenticalCopyHasNoChanges() {
        let shown = grid(["hello", "world"], cols: 8)
        let diff = FrameDiffer().diff(shown, shown)
        XCTAssertTrue(diff.isEmpty)
        XCTAssertEqual(diff.changedCells, 0)
    }

    func testRedrawnIdenticalFrameHasNoChangesThoughStampsDiffer() {
        let shown = grid(["hello", "world"], cols: 8)
        let redrawn = grid(["hello", "world"], cols: 8)
        XCTAssertNotEqual(shown.stamp(ofRow: 0), redrawn.stamp(ofRow: 0))
        XCTAssertTrue(FrameDiffer().diff(shown, redrawn).isEmpty)
    }

    func testSingleCellChangeIsOneSpanOfOneCell() {
        let shown = grid(["hello", "world"], cols: 8)
        var next = shown
        next.write("W", x: 0, y: 1)
        let diff = FrameDiffer().diff(shown, next)
        XCTAssertEqual(diff.spans, [DirtySpan(row: 1, start: 0, end: 1)])
        XCTAssertEqual(diff.rects, [Rect(x: 0, y: 1, width: 1, height: 1)])
        XCTAssertNil(diff.scroll)
    }

    func testStyleOnlyChangeIsDirty() {
        let shown = grid(["hello"], cols: 8)
        var next = shown
        next.write("ell", x: 1, y: 0, style: Style(attributes: .bold))
        let diff = FrameDiffer().diff(shown, next)
        XCTAssertEqual(diff.spans, [DirtySpan(row: 0, start: 1, end: 4)])
    }

    func testSpansCoverWholeWideCharacters() {
        let shown = grid(["a한b"], cols: 6)
        var next = shown
        next.write("글", x: 1, y: 0)
        let diff = FrameDiffer().diff(shown, next)
        XCTAssertEqual(diff.spans, [DirtySpan(row: 0, start: 1, end: 3)])
    }

    func testRectanglesJoinOverlappingSpansOnConsecutiveRows() {
        let shown = grid(["", "", "", ""], cols: 10)
        var next = shown
        next.write("xx", x: 2, y: 0)
        next.write("xxx", x: 3, y: 1)
        next.write("x", x: 8, y: 3)
        let diff = FrameDiffer().diff(shown, next)
        XCTAssertEqual(diff.rects, [Rect(x: 2, y: 0, width: 4, height: 2), Rect(x: 8, y: 3, width: 1, height: 1)])
        XCTAssertEqual(diff.rowsTouched, 3)
        XCTAssertEqual(diff.changedCells, 6)
    }

    /// A feed under a fixed header and above a fixed footer.
    private func feed(offset: Int, rows: Int = 10) -> Grid {
        var lines = ["HEADER"]
        for y in 0..<(rows - 2) { lines.append("item \(offset + y) text") }
        lines.append("FOOTER")
        return grid(lines, cols: 20)
    }

    func testScrollUpByOneBecomesARegionScrollThatLeavesHeaderAndFooter() {
        let diff = FrameDiffer().diff(feed(offset: 0), feed(offset: 1))
        XCTAssertEqual(diff.scroll, ScrollRegionMove(top: 1, bottom: 8, amount: 1))
        XCTAssertEqual(Set(diff.spans.map(\.row)), [8])
        XCTAssertEqual(diff.scrolledRows, 7)
    }

    func testScrollsUpAndDownByOneToSeveralRows() {
        for amount in 1...6 {
            let up = FrameDiffer().diff(feed(offset: 10), feed(offset: 10 + amount))
            XCTAssertEqual(up.scroll, ScrollRegionMove(top: 1, bottom: 8, amount: amount), "up \(amount)")
            XCTAssertEqual(Set(up.spans.map(\.row)), Set((9 - amount)...8), "up \(amount)")
            let down = FrameDiffer().diff(feed(offset: 10), feed(offset: 10 - amount))
            XCTAssertEqual(down.scroll, ScrollRegionMove(top: 1, bottom: 8, amount: -amount), "down \(amount)")
            XCTAssertEqual(Set(down.spans.map(\.row)), Set(1...amount), "down \(amount)")
        }
    }

    func testAMoveOfWholeScreenLengthIsARepaintNotAScroll() {
        let diff = FrameDiffer().diff(feed(offset: 0), feed(offset: 100))
        XCTAssertNil(diff.scroll)
        XCTAssertEqual(diff.rowsTouched, 8)
    }

    func testScrollDetectionCanBeTurnedOff() {
        let differ = FrameDiffer()
        differ.detectsScrolling = false
        let diff = differ.diff(feed(offset: 0), feed(offset: 1))
        XCTAssertNil(diff.scroll)
        XCTAssertEqual(diff.rowsTouched, 8)
    }

    func testResizeIsAFullRepaint() {
        let diff = FrameDiffer().diff(feed(offset: 0, rows: 10), feed(offset: 0, rows: 12))
        XCTAssertTrue(diff.isFullRepaint)
    }

    func testArenaGlyphsAreComparedByTextNotByLocation() {
        var shown = Grid(cols: 6, rows: 1)
        shown.write("👨\u{200D}👩\u{200D}👧", x: 0, y: 0)
        var next = Grid(cols: 6, rows: 1)
        next.write("👩\u{200D}👩\u{200D}👦", x: 0, y: 0)
        XCTAssertEqual(shown[0, 0].glyph, next[0, 0].glyph, "same arena slot, different text")
        XCTAssertEqual(FrameDiffer().diff(shown, next).spans, [DirtySpan(row: 0, start: 0, end: 2)])
        var same = Grid(cols: 6, rows: 1)
        same.write("👨\u{200D}👩\u{200D}👧", x: 0, y: 0)
        same.write("👨\u{200D}👩\u{200D}👧", x: 0, y: 0)
        XCTAssertNotEqual(shown[0, 0].glyph, same[0, 0].glyph, "same text, different arena slot")
        XCTAssertTrue(FrameDiffer().diff(shown, same).isEmpty)
    }

    func testScrollIsFoundWhenRowsDifferOnlyPastTheSampledCells() {
        func frame(_ offset: Int) -> Grid {
            var grid = Grid(cols: 400, rows: 8)
            grid.write("fixed", x: 0, y: 0)
            for y in 1..<7 { grid.write("row \(offset + y)", x: 50, y: y) }
            grid.write("fixed", x: 0, y: 7)
            return grid
        }
        let differ = FrameDiffer()
        for (from, to, amount) in [(0, 1, 1), (1, 2, 1), (2, 1, -1)] {
            let diff = differ.diff(frame(from), frame(to))
            XCTAssertEqual(diff.scroll, ScrollRegionMove(top: 1, bottom: 6, amount: amount), "\(from) -> \(to)")
        }
    }

    // MARK: Several moves in one frame

    /// A line of a scrolling block: long, and different from its neighbours in most cells.
    private func item(_ name: String, _ number: Int, cols: Int = 40) -> String {
        let letter = Character(UnicodeScalar(UInt8(97 + number % 26)))
        let text = "\(name) \(number) " + String(repeating: letter, count: cols)
        return String(text.prefix(cols))
    }

    private let bar = [
        "╭" + String(repeating: "─", count: 38) + "╮",
        "│ reader.example.com" + String(repeating: " ", count: 19) + "│",
        "╰" + String(repeating: "─", count: 38) + "╯",
    ]

    /// The screen `previous` shows after `diff` (its moves, then its spans taken from `next`).
    private func applied(_ diff: FrameDiff, to previous: Grid, next: Grid) -> [[Cell]] {
        var screen = (0..<previous.rows).map { y in (0..<previous.cols).map { previous[$0, y] } }
        for move in diff.scrolls {
            let before = screen
            for y in move.top...move.bottom {
                if let source = move.source(ofRow: y) {
                    screen[y] = before[source]
                } else {
                    screen[y] = Array(repeating: .erased, count: previous.cols)
                }
            }
        }
        for span in diff.spans {
            for x in span.start..<span.end { screen[span.row][x] = next[x, span.row] }
        }
        return screen
    }

    private func assertApplies(_ diff: FrameDiff, _ previous: Grid, _ next: Grid, file: StaticString = #filePath, line: UInt = #line) {
        let expected = (0..<next.rows).map { y in (0..<next.cols).map { next[$0, y] } }
        XCTAssertTrue(applied(diff, to: previous, next: next) == expected, "moves and spans do not give the next frame", file: file, line: line)
        var regions: [ClosedRange<Int>] = []
        for move in diff.scrolls {
            XCTAssertFalse(regions.contains { $0.overlaps(move.top...move.bottom) }, "overlapping regions", file: file, line: line)
            regions.append(move.top...move.bottom)
        }
    }

    func testPageScrollingUpWhileTheBarBelowSlidesDownAreTwoAdjacentMoves() {
        // Page rows 0..8 and a three-row bar at 9..11; the page scrolls up by
        // one and the bar slides down by one (its last row leaves the screen).
        let previous = grid((0..<9).map { item("page", $0) } + bar, cols: 40)
        let next = grid((1..<11).map { item("page", $0) } + bar.prefix(2), cols: 40)
        let diff = FrameDiffer().diff(previous, next)
        XCTAssertEqual(Array(diff.scrolls), [
            ScrollRegionMove(top: 0, bottom: 8, amount: 1), ScrollRegionMove(top: 9, bottom: 11, amount: -1),
        ])
        XCTAssertEqual(diff.scroll, ScrollRegionMove(top: 0, bottom: 8, amount: 1))
        XCTAssertEqual(Set(diff.spans.map(\.row)), [8, 9])
        XCTAssertEqual(diff.scrolledRows, 8 + 2)
        assertApplies(diff, previous, next)

        // And back: the page down by one, the bar up by one.
        let back = FrameDiffer().diff(next, previous)
        XCTAssertEqual(Array(back.scrolls), [
            ScrollRegionMove(top: 0, bottom: 8, amount: -1), ScrollRegionMove(top: 9, bottom: 11, amount: 1),
        ])
        assertApplies(back, next, previous)
    }

    func testTwoPanesScrollingTheSameWayByDifferentShiftsAreTwoMoves() {
        func frame(_ a: Int, _ b: Int) -> Grid {
            grid((0..<6).map { item("alpha", a + $0) } + ["========"] + (0..<5).map { item("beta", b + $0) }, cols: 40)
        }
        let previous = frame(10, 50)
        let next = frame(11, 52)
        let diff = FrameDiffer().diff(previous, next)
        XCTAssertEqual(Array(diff.scrolls), [
            ScrollRegionMove(top: 0, bottom: 5, amount: 1), ScrollRegionMove(top: 7, bottom: 11, amount: 2),
        ])
        XCTAssertEqual(Set(diff.spans.map(\.row)), [5, 10, 11])
        assertApplies(diff, previous, next)

        // Opposite directions, the separator between them untouched; on a
        // tie of votes the smaller shift goes first.
        let mixed = FrameDiffer().diff(previous, frame(8, 51))
        XCTAssertEqual(Array(mixed.scrolls), [
            ScrollRegionMove(top: 7, bottom: 11, amount: 1), ScrollRegionMove(top: 0, bottom: 5, amount: -2),
        ])
        XCTAssertFalse(mixed.spans.contains { $0.row == 6 })
        assertApplies(mixed, previous, frame(8, 51))
    }

    func testAdjacentRegionsMovingTheSameWay() {
        // Two blocks with no fixed row between them, scrolled by different amounts.
        func frame(_ a: Int, _ b: Int) -> Grid {
            grid((0..<6).map { item("alpha", a + $0) } + (0..<6).map { item("beta", b + $0) }, cols: 40)
        }
        let previous = frame(0, 30)
        let next = frame(1, 33)
        let diff = FrameDiffer().diff(previous, next)
        XCTAssertEqual(Array(diff.scrolls), [
            ScrollRegionMove(top: 0, bottom: 5, amount: 1), ScrollRegionMove(top: 6, bottom: 11, amount: 3),
        ])
        assertApplies(diff, previous, next)
    }

    func testASecondMoveThatDoesNotPayIsLeftOut() {
        let page = (0..<7).map { item("page", $0) }
        let nextPage = (1..<8).map { item("page", $0) }
        // The lower block: one row moves up, but the row it would blank was already right.
        let previous = grid(page + ["--------", item("x", 1), item("x", 2), item("x", 3)], cols: 40)
        let next = grid(nextPage + ["--------", item("x", 2), item("x", 2), item("x", 3)], cols: 40)
        let diff = FrameDiffer().diff(previous, next)
        XCTAssertEqual(Array(diff.scrolls), [ScrollRegionMove(top: 0, bottom: 6, amount: 1)])
        XCTAssertEqual(Set(diff.spans.map(\.row)), [6, 8])
        assertApplies(diff, previous, next)

        // Rows so short that repainting them costs less than the move's sequences.
        let short = grid(page + ["--------", "a", "b", "c"], cols: 40)
        let shortNext = grid(nextPage + ["--------", "b", "c", ""], cols: 40)
        let shortDiff = FrameDiffer().diff(short, shortNext)
        XCTAssertEqual(Array(shortDiff.scrolls), [ScrollRegionMove(top: 0, bottom: 6, amount: 1)])
        XCTAssertEqual(Set(shortDiff.spans.map(\.row)), [6, 8, 9, 10])
        assertApplies(shortDiff, short, shortNext)
    }

    func testAtMostThreeMovesAndAllOfThemWhenTheyFit() {
        func frame(_ offsets: [Int]) -> Grid {
            var lines: [String] = []
            for (block, offset) in offsets.enumerated() {
                lines += (0..<5).map { item("block\(block)", offset + $0) }
                lines.append("--------")
            }
            return grid(lines, cols: 40)
        }
        let previous = frame([0, 100, 200, 300])
        let next = frame([1, 102, 197, 301])
        let diff = FrameDiffer().diff(previous, next)
        XCTAssertEqual(diff.scrolls.count, ScrollMoves.capacity)
        assertApplies(diff, previous, next)
        let three = FrameDiffer().diff(frame([0, 100, 200]), frame([1, 102, 197]))
        XCTAssertEqual(Array(three.scrolls), [
            ScrollRegionMove(top: 0, bottom: 4, amount: 1), ScrollRegionMove(top: 6, bottom: 10, amount: 2),
            ScrollRegionMove(top: 12, bottom: 16, amount: -3),
        ])
        assertApplies(three, frame([0, 100, 200]), frame([1, 102, 197]))
    }

    /// A differ that repeats the last frame's shift without voting finds the
    /// moves and spans a new differ (which always votes) finds: a steady
    /// scroll, one with the footer changing too (the vote runs), a change of
    /// speed and a reversal.
    func testRepeatingTheLastShiftFindsWhatTheVoteFinds() {
        let differ = FrameDiffer()
        var offset = 0
        var previous = feed(offset: offset, rows: 24)
        let steps = [2, 2, 2, 2, 3, 3, 3, -1, -1, -1, 1, 1, 1, 5, 5, 5, 5]
        for (number, step) in steps.enumerated() {
            offset += step
            var next = feed(offset: offset, rows: 24)
            if number % 4 == 3 { next.write("footer \(number)", x: 0, y: 23) }
            let expected = FrameDiffer().diff(previous, next)
            let diff = differ.diff(previous, next)
            XCTAssertEqual(Array(diff.scrolls), Array(expected.scrolls), "step \(number)")
            XCTAssertEqual(diff.spans, expected.spans, "step \(number)")
            assertApplies(diff, previous, next)
            previous = next
        }
        XCTAssertGreaterThanOrEqual(differ.shiftsRepeated, 5, "the steady steps repeat the shift")
    }

    func testSeededMultiBlockFramesApplyExactly() {
        var random = SeededRandomForTests(seed: 11)
        let cols = 30
        let rows = 20
        var offsets = [0, 1000, 2000]
        func frame() -> Grid {
            var lines: [String] = []
            for (block, offset) in offsets.enumerated() {
                lines += (0..<6).map { item("b\(block)", offset + $0, cols: cols) }
                if block < 2 { lines.append("") }
            }
            var frame = grid(lines, cols: cols)
            for _ in 0..<random.below(3) {
                frame.write("#", x: random.below(cols), y: random.below(rows))
            }
            return frame
        }
        let differ = FrameDiffer()
        var previous = frame()
        var multiple = 0
        for _ in 0..<400 {
            for block in offsets.indices { offsets[block] += random.below(7) - 3 }
            let next = frame()
            let diff = differ.diff(previous, next)
            if diff.scrolls.count > 1 { multiple += 1 }
            assertApplies(diff, previous, next)
            previous = next
        }
        XCTAssertGreaterThan(multiple, 100)
    }
}

/// A small deterministic generator (xorshift) for the differ's tests.
private struct SeededRandomForTests {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func below(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
