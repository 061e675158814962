import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class ShapeAndImageTests: XCTestCase {
    func testRectangleStrokeIsABox() {
        assertScreen(Screen.lines(Rectangle().stroke(), cols: 4, rows: 3), ["┌──┐", "│  │", "└──┘"])
    }

    func testAThickerStrokeUsesHeavyLines() {
        assertScreen(Screen.lines(Rectangle().stroke(lineWidth: 2), cols: 4, rows: 3), ["┏━━┓", "┃  ┃", "┗━━┛"])
    }

    func testRoundedRectangleStrokeHasRoundCorners() {
        assertScreen(Screen.lines(RoundedRectangle(cornerRadius: 8).stroke(), cols: 4, rows: 2), ["╭──╮", "╰──╯"])
    }

    func testCapsuleStrokeHasRoundEnds() {
        assertScreen(Screen.lines(Capsule().stroke(), cols: 5, rows: 3), ["╭───╮", "(   )", "╰───╯"])
        assertScreen(Screen.lines(Capsule().stroke(), cols: 4, rows: 1), ["(  )"])
    }

    func testFilledRectangleSetsTheBackground() {
        let host = ViewHost(size: Size(cols: 3, rows: 2)) { Rectangle().fill(.magenta) }
        var grid = Grid(cols: 3, rows: 2)
        host.render(into: &grid)
        XCTAssertEqual(grid[0, 0].background, .magenta)
        XCTAssertEqual(grid[2, 1].background, .magenta)
    }

    func testFilledRoundedRectangleHasQuarterBlockCorners() {
        assertScreen(Screen.lines(RoundedRectangle(cornerRadius: 4).fill(.red), cols: 4, rows: 2), ["▗  ▖", "▝  ▘"])
    }

    func testCircleIsDrawnWithHalfBlocks() {
        assertScreen(
            Screen.lines(Circle().fill(.yellow), cols: 8, rows: 4), [" ▄████▄", "████████", "████████", " ▀████▀"])
    }

    func testCircleStrokeIsARing() {
        assertScreen(
            Screen.lines(Circle().stroke(.yellow), cols: 12, rows: 6),
            [
                "  ▄▄▀▀▀▀▄▄",
                " █        █",
                "█          █",
                "█          █",
                " █        █",
                "  ▀▀▄▄▄▄▀▀",
            ])
    }

    func testImagesMapSymbolNamesToGlyphs() {
        let view = HStack {
            Image(systemName: "arrow.left")
            Image(systemName: "chevron.right")
            Image(systemName: "lock.fill")
            Image(systemName: "no.such.symbol")
        }
        assertScreen(Screen.lines(view, cols: 9, rows: 1), ["← › 🔒 ?"])
    }

    func testEverySymbolTheSeedScreensUseHasAGlyph() {
        let names = [
            "arrow.left", "bell.badge", "checkmark.seal.fill", "mappin.and.ellipse", "link", "chevron.left",
            "chevron.right", "square.and.arrow.up", "book", "square.on.square", "lock.fill", "arrow.clockwise",
            "character",
        ]
        for name in names { XCTAssertNotNil(SymbolGlyphs.glyph(for: name), name) }
    }

    func testColorAsAViewFillsItsFrame() {
        let host = ViewHost(size: Size(cols: 4, rows: 2)) {
            VStack(spacing: 0) {
                Color.red.frame(height: 1)
                Text("ab")
            }
        }
        var grid = Grid(cols: 4, rows: 2)
        host.render(into: &grid)
        XCTAssertEqual(grid[0, 0].background, .red)
        XCTAssertEqual(grid[3, 0].background, .red)
        XCTAssertEqual(grid.lines, ["", " ab"])
    }
}
