import FrameGrid
import TestSupport
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
}
