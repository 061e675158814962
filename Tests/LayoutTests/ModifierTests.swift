import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class ModifierTests: XCTestCase {
    func testPaddingInsetsContentOnTheGivenEdges() {
        let view = Text("hi").padding(.leading, 3).padding(.top, 1).frame(width: 6, height: 3, alignment: .topLeading)
        assertScreen(Screen.lines(view, cols: 6, rows: 3), ["", "   hi"])
    }

    func testPaddingAllAroundGrowsTheView() {
        let view = Text("x").padding(1).background(Color.blue)
        let host = ViewHost(size: Size(cols: 3, rows: 3)) { view }
        var grid = Grid(cols: 3, rows: 3)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, ["", " x", ""])
        for y in 0..<3 { for x in 0..<3 { XCTAssertEqual(grid[x, y].background, .blue, "cell \(x),\(y)") } }
    }

    func testFixedFrameAlignsContentInside() {
        let view = Text("ab").frame(width: 6, height: 3, alignment: .bottomTrailing)
        assertScreen(Screen.lines(view, cols: 6, rows: 3), ["", "", "    ab"])
    }

    func testMaxWidthInfinityFillsTheProposal() {
        let view = VStack(spacing: 0) {
            Text("ab").frame(maxWidth: .infinity, alignment: .trailing)
            Text("cd").frame(maxWidth: .infinity, alignment: .leading)
        }
        assertScreen(Screen.lines(view, cols: 8, rows: 2), ["      ab", "cd"])
    }

    func testMinWidthWidensAndMaxWidthNarrows() {
        let view = HStack(spacing: 0) {
            Text("a").frame(minWidth: 4).background(Color.red)
            Text("bbbbbb").frame(maxWidth: 3)
        }
        let host = ViewHost(size: Size(cols: 7, rows: 2)) { view.frame(width: 7, height: 2, alignment: .topLeading) }
        var grid = Grid(cols: 7, rows: 2)
        host.render(into: &grid)
        assertScreen(grid.lines, [" a  bbb", "    bbb"])
        XCTAssertEqual(grid[0, 0].background, .red)
        XCTAssertEqual(grid[3, 0].background, .red)
        XCTAssertEqual(grid[4, 0].background, .default)
    }

    func testOffsetMovesDrawingButNotLayout() {
        let view = VStack(alignment: .leading, spacing: 0) {
            Text("a").offset(x: 2, y: 1)
            Text("b")
        }
        assertScreen(
            Screen.lines(view.frame(width: 4, height: 3, alignment: .topLeading), cols: 4, rows: 3), ["", "b a"])
    }

    func testOverlayDrawsOnTopAlignedToTheContent() {
        let view = Text("hello").overlay(alignment: .trailing) { Text("!") }
        assertScreen(Screen.lines(view, cols: 5, rows: 1), ["hell!"])
    }

    func testBackgroundKeepsTheContentsSizeAndTextKeepsItsFill() {
        let view = Text("ok").padding(.horizontal, 1).background(Capsule().fill(.green))
        let host = ViewHost(size: Size(cols: 4, rows: 1)) { view }
        var grid = Grid(cols: 4, rows: 1)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, ["▐ok▌"])
        XCTAssertEqual(grid[1, 0].background, .green, "text drawn over the capsule keeps its fill")
        XCTAssertEqual(grid[0, 0].foreground, .green)
    }

    func testHiddenKeepsSpaceButDrawsNothing() {
        let view = HStack(spacing: 0) {
            Text("ab").hidden()
            Text("c")
        }
        assertScreen(Screen.lines(view, cols: 3, rows: 1), ["  c"])
    }

    func testForegroundColorAndFontFlowToChildren() {
        let host = ViewHost(size: Size(cols: 4, rows: 1)) {
            HStack(spacing: 0) {
                Text("a")
                Text("b").foregroundColor(.blue)
            }
            .foregroundColor(.red)
            .font(.headline)
        }
        var grid = Grid(cols: 4, rows: 1)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, [" ab"])
        XCTAssertEqual(grid[1, 0].foreground, .red)
        XCTAssertEqual(grid[2, 0].foreground, .blue)
        XCTAssertEqual(grid[1, 0].attributes, .bold)
    }

    func testReversedMarksOnlyTheTextInsideItAndAddsToBold() {
        let host = ViewHost(size: Size(cols: 6, rows: 1)) {
            HStack(spacing: 0) {
                Text("ab").bold().reversed()
                Text("cd").reversed(false)
            }
        }
        var grid = Grid(cols: 6, rows: 1)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, [" abcd"])
        XCTAssertEqual(grid[1, 0].attributes, [.bold, .reverse])
        XCTAssertEqual(grid[3, 0].attributes, [])
    }

    func testIdChangeRebuildsTheViewAndResetsItsState() {
        let model = Counter()
        let host = ViewHost(size: Size(cols: 10, rows: 1)) { CounterView().id(model.identity) }
        var grid = Grid(cols: 10, rows: 1)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, [" count 0"])
        CounterView.lastBinding?.wrappedValue = 5
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, [" count 5"], "state survives an update with the same id")
        model.identity = 2
        CounterView.lastBinding?.wrappedValue += 0  // any state change asks for a new frame
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, [" count 0"], "a new id is a new view with fresh state")
    }
}

final class Counter {
    var identity = 1
}

struct CounterView: View {
    @State var count = 0
    nonisolated(unsafe) static var lastBinding: Binding<Int>?

    var body: some View {
        CounterView.lastBinding = $count
        return Text("count \(count)")
    }
}
