import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// `ScrollPosition.isAtEnd`, `.animationsDisabled()`, the end of removal motions, whole edge cells.
final class ScrollEndAndAnimationsDisabledTests: XCTestCase {
    func testLazyStackReportsWhenItsEndIsInView() {
        let position = ScrollPosition()
        let feed = GeneratedDataSource(count: 1_000) { "row \($0)" }
        let host = ViewHost(size: Size(cols: 8, rows: 3)) {
            ScrollView(position: position) { LazyVStack(feed) { Text($0) } }
        }
        var grid = Grid(cols: 8, rows: 3)
        _ = Screen.frame(host, &grid)
        XCTAssertFalse(position.isAtEnd)
        position.scrollTo(index: 999, offset: 1 << 20)
        assertScreen(Screen.frame(host, &grid), ["row 997", "row 998", "row 999"])
        XCTAssertTrue(position.isAtEnd)
        position.scroll(by: 5)
        _ = Screen.frame(host, &grid)
        XCTAssertTrue(position.isAtEnd, "a pull past the end stays at the end")
        position.scroll(by: -1)
        _ = Screen.frame(host, &grid)
        XCTAssertFalse(position.isAtEnd)
    }

    func testPlainScrollViewReportsWhenItsEndIsInView() {
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 6, rows: 3)) {
            ScrollView(position: position) {
                VStack(alignment: .leading, spacing: 0) { ForEach(0..<5) { Text("line \($0)") } }
            }
        }
        var grid = Grid(cols: 6, rows: 3)
        _ = Screen.frame(host, &grid)
        XCTAssertFalse(position.isAtEnd)
        position.scroll(by: 2)
        _ = Screen.frame(host, &grid)
        XCTAssertTrue(position.isAtEnd)
    }

    func testAnimationsDisabledContentJumpsWhileItsSurroundingsAnimate() {
        let model = ShiftModel()
        let host = ViewHost(size: Size(cols: 9, rows: 3), frameRate: 4) {
            VStack(alignment: .leading, spacing: 0) {
                Text("a").padding(.leading, model.inset)
                Text("b").padding(.leading, model.inset).animationsDisabled()
                Text("c").padding(.leading, model.inset).animationsDisabled(false)
            }
            .frame(width: 9, alignment: .leading)
        }
        var grid = Grid(cols: 9, rows: 3)
        assertScreen(Screen.frame(host, &grid), ["a", "b", "c"])
        withAnimation(.linear(duration: 1)) {
            model.inset = 8
            host.setNeedsUpdate()
        }
        assertScreen(Screen.frame(host, &grid), ["a", "        b", "c"])
        assertScreen(Screen.frame(host, &grid), ["  a", "        b", "  c"])
    }

    func testARemovedViewStopsAnimatingWhenItsMotionEnds() {
        let model = ShiftModel()
        let host = ViewHost(size: Size(cols: 4, rows: 2), frameRate: 4) {
            VStack(spacing: 0) {
                if model.inset == 0 { Text("gone").transition(.move(edge: .bottom)) }
            }
        }
        var grid = Grid(cols: 4, rows: 2)
        _ = Screen.frame(host, &grid)
        withAnimation(.linear(duration: 0.5)) {
            model.inset = 1
            host.setNeedsUpdate()
        }
        _ = Screen.frame(host, &grid)
        XCTAssertTrue(host.isAnimating)
        _ = Screen.frame(host, &grid)
        XCTAssertFalse(host.isAnimating, "the ghost's motion has ended: no further frame is needed")
    }

    func testAnEdgeCellAlmostWhollyCoveredIsFilledNotDrawnAsABlock() {
        var grid = Grid(cols: 3, rows: 2)
        CellPainter.fill(FrameRect(x: 0, y: 0.02, width: 3, height: 1), color: .blue, grid: &grid, clip: grid.bounds)
        XCTAssertEqual(grid.lines, ["", ""], "no █ glyphs: text drawn over the fill keeps its colour")
        XCTAssertEqual(grid[1, 0].background, .blue)
        XCTAssertEqual(grid[1, 1].background, .default)
    }
}

private final class ShiftModel {
    var inset = 0
}
