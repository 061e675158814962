import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// A host copies its last frame, rows with their stamps, when nothing that
/// can move a cell changed since it drew it; anything that can draws again.
final class FrameReuseTests: XCTestCase {
    /// Draws like the harness: into the grid of two frames ago, handed back by a swap.
    private struct SwappingScreen {
        var drawing: Grid
        var shown: Grid

        init(size: Size) {
            drawing = Grid(size: size)
            shown = Grid(size: size)
        }

        mutating func frame<Root: View>(_ host: ViewHost<Root>) -> [String] {
            host.render(into: &drawing)
            swap(&drawing, &shown)
            return shown.lines
        }
    }

    func testAFrameWhereNothingChangedCopiesOnlyTheRowsTheStaleGridLacks() {
        let size = Size(cols: 10, rows: 3)
        let host = ViewHost(size: size) {
            VStack(alignment: .leading, spacing: 0) {
                Text("one")
                Text("two")
            }
        }
        var screen = SwappingScreen(size: size)
        XCTAssertEqual(screen.frame(host), ["   one", "   two", ""])
        XCTAssertTrue(host.lastFrameWasRedrawn)

        let drawn = screen.shown
        XCTAssertEqual(screen.frame(host), ["   one", "   two", ""])
        XCTAssertFalse(host.lastFrameWasRedrawn)
        XCTAssertEqual(host.lastRowsCopied, 3, "the stale grid was never drawn: every row is copied")
        for y in 0..<3 {
            XCTAssertEqual(
                screen.shown.stamp(ofRow: y), drawn.stamp(ofRow: y), "row \(y) keeps its stamp")
        }

        XCTAssertEqual(screen.frame(host), ["   one", "   two", ""])
        XCTAssertFalse(host.lastFrameWasRedrawn)
        XCTAssertEqual(host.lastRowsCopied, 0, "the grid handed back holds the frame already")
    }

    func testACopiedFrameTakesTheDiffersPathOfRowsWithEqualStamps() {
        let size = Size(cols: 10, rows: 3)
        let host = ViewHost(size: size) { Text("still").padding(1) }
        var screen = SwappingScreen(size: size)
        _ = screen.frame(host)
        let previous = screen.shown
        _ = screen.frame(host)
        let diff = FrameDiffer().diff(previous, screen.shown)
        XCTAssertEqual(diff.changedCells, 0)
        XCTAssertEqual(diff.rowsTouched, 0)
        for y in 0..<3 { XCTAssertEqual(previous.stamp(ofRow: y), screen.shown.stamp(ofRow: y)) }
    }

    func testAStateChangeDrawsAgain() {
        let host = ViewHost(size: Size(cols: 9, rows: 1), frameRate: 4) { Mover() }
        var screen = SwappingScreen(size: Size(cols: 9, rows: 1))
        XCTAssertEqual(screen.frame(host), ["#"])
        XCTAssertEqual(screen.frame(host), ["#"])
        XCTAssertFalse(host.lastFrameWasRedrawn)
        Mover.flag?.wrappedValue = true
        XCTAssertEqual(screen.frame(host), ["        #"])
        XCTAssertTrue(host.lastFrameWasRedrawn)
    }

    func testAnAnimationDrawsEveryFrameUntilItHasEndedThenTheFrameIsCopied() {
        let host = ViewHost(size: Size(cols: 9, rows: 1), frameRate: 4) { Mover() }
        var screen = SwappingScreen(size: Size(cols: 9, rows: 1))
        _ = screen.frame(host)
        withAnimation(.linear(duration: 1)) { Mover.flag?.wrappedValue = true }
        var screens: [String] = []
        var redrawn: [Bool] = []
        var layoutSkipped: [Bool] = []
        for _ in 0..<7 {
            screens.append(screen.frame(host)[0])
            redrawn.append(host.lastFrameWasRedrawn)
            layoutSkipped.append(host.lastLayoutWasSkipped)
        }
        XCTAssertEqual(
            screens, ["#", "  #", "    #", "      #", "        #", "        #", "        #"])
        // Frames at 0, 1/4, 1/2 and 3/4 s move; the one at 1 s draws the end; later ones copy it.
        XCTAssertEqual(redrawn, [true, true, true, true, true, false, false])
        // The update's layout starts the motion and the next one changes
        // nothing; after that only drawing follows the clock.
        XCTAssertEqual(layoutSkipped, [false, false, true, true, true, true, true])
    }

    func testAScrollDrawsAgainAndTheFrameAfterItIsCopied() {
        let position = ScrollPosition()
        let size = Size(cols: 8, rows: 2)
        let host = ViewHost(size: size) { ScrolledLines(position: position) }
        var screen = SwappingScreen(size: size)
        XCTAssertEqual(screen.frame(host), ["line 0", "line 1"])
        XCTAssertEqual(screen.frame(host), ["line 0", "line 1"])
        XCTAssertFalse(host.lastFrameWasRedrawn)
        position.scroll(by: 1)
        XCTAssertEqual(screen.frame(host), ["line 1", "line 2"])
        XCTAssertTrue(host.lastFrameWasRedrawn)
        XCTAssertEqual(screen.frame(host), ["line 1", "line 2"])
        XCTAssertFalse(host.lastFrameWasRedrawn)
    }

    func testALayoutThatChangedNothingIsSkippedUntilAStateChangeOrScrollRequest() {
        let position = ScrollPosition()
        let size = Size(cols: 8, rows: 2)
        let host = ViewHost(size: size) { ScrolledLines(position: position) }
        var screen = SwappingScreen(size: size)
        var skipped: [Bool] = []
        func frame(_ expected: [String]) {
            XCTAssertEqual(screen.frame(host), expected)
            skipped.append(host.lastLayoutWasSkipped)
        }
        frame(["line 0", "line 1"])  // built and placed
        frame(["line 0", "line 1"])  // laid out again: changes nothing
        frame(["line 0", "line 1"])  // skipped
        position.scroll(by: 1)
        frame(["line 1", "line 2"])
        frame(["line 1", "line 2"])
        frame(["line 1", "line 2"])
        position.scroll(by: 0)  // a request, even of nothing, is applied by a layout
        frame(["line 1", "line 2"])
        host.size = Size(cols: 8, rows: 2)  // the same size: nothing to do
        frame(["line 1", "line 2"])
        XCTAssertEqual(skipped, [false, false, true, false, false, true, false, true])
    }

    func testWithReuseOffEveryFrameIsDrawn() {
        ViewHostDrawing.reusesUnchangedFrames = false
        defer { ViewHostDrawing.reusesUnchangedFrames = true }
        let host = ViewHost(size: Size(cols: 4, rows: 1)) { Text("a") }
        var screen = SwappingScreen(size: Size(cols: 4, rows: 1))
        _ = screen.frame(host)
        XCTAssertEqual(screen.frame(host), [" a"], "a root smaller than the screen is centred")
        XCTAssertTrue(host.lastFrameWasRedrawn)
        XCTAssertFalse(host.lastLayoutWasSkipped)
    }

    func testAResizedScreenDrawsAgain() {
        let host = ViewHost(size: Size(cols: 6, rows: 1)) {
            Text("ab").frame(maxWidth: .infinity, alignment: .trailing)
        }
        var grid = Grid(cols: 6, rows: 1)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, ["    ab"])
        grid = Grid(cols: 4, rows: 1)
        host.render(into: &grid)
        XCTAssertTrue(host.lastFrameWasRedrawn)
        XCTAssertEqual(grid.lines, ["  ab"])
    }
}

/// Ten lines in a scroll view driven by `position`.
private struct ScrolledLines: View {
    let position: ScrollPosition

    var body: some View {
        ScrollView(position: position) {
            VStack(alignment: .leading, spacing: 0) { ForEach(0..<10) { Text("line \($0)") } }
        }
    }
}
