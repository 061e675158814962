import FrameGrid
import TestSupport
import Workloads
import XCTest

@testable import Layout

final class TextLayoutTests: XCTestCase {
    func testTextWrapsAtSpacesToTheOfferedWidth() {
        let screen = Screen.lines(
            Text("the quick brown fox jumps").frame(width: 10, alignment: .leading), cols: 12, rows: 4)
        assertScreen(screen, [" the quick", " brown fox", " jumps"])
    }

    func testWideCharactersCountTwoColumnsWhenWrapping() {
        let screen = Screen.lines(
            VStack(alignment: .leading) { Text("한글 텍스트 줄바꿈") }.frame(width: 8, height: 3, alignment: .topLeading),
            cols: 8, rows: 3)
        assertScreen(screen, ["한글", "텍스트", "줄바꿈"])
    }

    func testAWordWiderThanTheLineBreaksInside() {
        let screen = Screen.lines(VStack(alignment: .leading) { Text("abcdefghij") }, cols: 4, rows: 3)
        assertScreen(screen, ["abcd", "efgh", "ij"])
    }

    func testTextCutToItsLineLimitEndsWithAnEllipsis() {
        let view = VStack(alignment: .leading) { Text("one two three four five").lineLimit(2) }
        assertScreen(Screen.lines(view, cols: 9, rows: 3), ["one two", "three fo…"])
    }

    func testTextTruncatesToASingleRowFrame() {
        let view = Text("a long line of text").frame(width: 8, height: 1)
        assertScreen(Screen.lines(view, cols: 8, rows: 1), ["a long…"])
    }

    func testExplicitNewlinesBreakLines() {
        assertScreen(Screen.lines(VStack(alignment: .leading) { Text("ab\ncd") }, cols: 5, rows: 2), [" ab", " cd"])
    }

    func testTitleFontIsBoldAndCaptionIsDim() {
        let host = ViewHost(size: Size(cols: 10, rows: 2)) {
            VStack(alignment: .leading) {
                Text("Title").font(.title)
                Text("note").font(.caption)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        var grid = Grid(cols: 10, rows: 2)
        host.render(into: &grid)
        XCTAssertEqual(grid[0, 0].attributes, .bold)
        XCTAssertEqual(grid[0, 1].attributes, .dim)
    }

    func testSemiboldWeightIsBoldAndSecondaryStyleIsDim() {
        let host = ViewHost(size: Size(cols: 10, rows: 2)) {
            VStack(alignment: .leading) {
                Text("Name").fontWeight(.semibold).foregroundColor(.red)
                Text("@handle").foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        var grid = Grid(cols: 10, rows: 2)
        host.render(into: &grid)
        XCTAssertEqual(grid[0, 0].attributes, .bold)
        XCTAssertEqual(grid[0, 0].foreground, .red)
        XCTAssertEqual(grid[0, 1].attributes, .dim)
    }

    func testEmojiAndKoreanWrapByDisplayWidth() {
        let view = Text("emoji 🎉🎉 wrap 한글").frame(width: 7, alignment: .leading)
        assertScreen(Screen.lines(view, cols: 7, rows: 4), ["emoji", "🎉🎉", "wrap", "한글"])
    }

    func testAWideCharacterThatWouldCrossTheEllipsisIsLeftOut() {
        let view = Text("가나다라 마바").frame(width: 6, height: 1)
        assertScreen(Screen.lines(view, cols: 6, rows: 1), ["가나…"])
    }

    func testACombiningMarkAfterALetterIsOneColumn() {
        let view = Text("cafe\u{301} au lait").frame(width: 5, alignment: .leading)
        assertScreen(Screen.lines(view, cols: 5, rows: 3), ["cafe\u{301}", "au", "lait"])
    }

    /// `TextNode` keeps the lines wrapped at one width for any narrower
    /// width down to the widest line's: the lines must be the same there.
    func testLinesWrappedAtAWidthAreTheLinesOfEveryWidthDownToTheWidest() {
        var generator = SeededRandom(seed: 7)
        let pieces = ["a", "bb", "word", "longerword", "x", " ", " ", "  ", "\n", "中", "文字", "é", "e\u{301}", "👍", "-"]
        var checked = 0
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...40, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let wide = Int.random(in: 1...30, using: &generator)
            var lines: [TextLayout.Line] = []
            TextLayout.forEachLine(text, width: wide, maxLines: nil) { lines.append($0) }
            let widest = lines.map(\.width).max() ?? 0
            guard widest >= 1, widest <= wide else { continue }  // a wide cluster alone passes a 1-column width
            for width in widest...wide {
                var narrower: [TextLayout.Line] = []
                TextLayout.forEachLine(text, width: width, maxLines: nil) { narrower.append($0) }
                XCTAssertEqual(narrower.map(\.range), lines.map(\.range), "\(text.debugDescription) at \(width), wrapped at \(wide)")
                XCTAssertEqual(narrower.map(\.width), lines.map(\.width), "\(text.debugDescription) at \(width), wrapped at \(wide)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3_000)
    }

    func testATextPlacedNarrowerThanItWasMeasuredShowsItsLines() {
        let text = "one two three four five six"
        let node = TextNode(text, style: Style(), lineLimit: nil)
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 12, height: nil)), Size(cols: 10, rows: 3))
        func wrapped(_ width: Int) -> [Int] {
            var widths: [Int] = []
            TextLayout.forEachLine(text, width: width, maxLines: nil) { widths.append($0.width) }
            return widths
        }
        // At the width it chose (the lines measured are kept), then narrower (wrapped again), then wider.
        for (width, rows) in [(10, 3), (9, 4), (12, 3), (11, 3)] {
            node.place(Rect(x: 0, y: 0, width: width, height: rows), LayoutContext(host: nil))
            XCTAssertEqual(node.placedLines.map(\.width), wrapped(width), "at \(width)")
        }
        XCTAssertEqual(wrapped(10), [7, 10, 8])
        XCTAssertEqual(wrapped(9), [7, 5, 9, 3])
        // Measured narrow, placed wide (wrapped again, wider lines), then narrow again.
        let other = TextNode(text, style: Style(), lineLimit: nil)
        XCTAssertEqual(other.sizeThatFits(ProposedSize(width: 9, height: nil)), Size(cols: 9, rows: 4))
        for (width, rows) in [(12, 3), (9, 4)] {
            other.place(Rect(x: 0, y: 0, width: width, height: rows), LayoutContext(host: nil))
            XCTAssertEqual(other.placedLines.map(\.width), wrapped(width), "at \(width)")
        }
    }
}

