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
}
