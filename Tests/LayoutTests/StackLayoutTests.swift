import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class StackLayoutTests: XCTestCase {
    func testVStackStacksChildrenAndCentersThemByDefault() {
        let view = VStack {
            Text("wide line")
            Text("mid")
        }
        assertScreen(Screen.lines(view, cols: 9, rows: 2), ["wide line", "   mid"])
    }

    func testVStackLeadingAlignmentAndSpacing() {
        let view = VStack(alignment: .leading, spacing: 1) {
            Text("first")
            Text("2nd")
        }
        assertScreen(
            Screen.lines(view.frame(width: 8, height: 3, alignment: .topLeading), cols: 8, rows: 3),
            ["first", "", "2nd"])
    }

    func testHStackPutsChildrenSideBySideWithOneColumnSpacing() {
        let view = HStack {
            Text("a")
            Text("bc")
            Text("d")
        }
        assertScreen(Screen.lines(view.frame(width: 10, alignment: .leading), cols: 10, rows: 1), ["a bc d"])
    }

    func testSpacerPushesSiblingsToTheEdges() {
        let view = HStack {
            Text("left")
            Spacer()
            Text("right")
        }
        assertScreen(Screen.lines(view, cols: 16, rows: 1), ["left       right"])
    }

    func testSpacerInAVStackPushesContentDown() {
        let view = VStack {
            Text("top")
            Spacer()
            Text("end")
        }
        assertScreen(Screen.lines(view, cols: 3, rows: 4), ["top", "", "", "end"])
    }

    func testHStackVerticalAlignment() {
        let view = HStack(alignment: .top, spacing: 0) {
            Text("a\nb\nc")
            Text("x")
        }
        assertScreen(Screen.lines(view, cols: 2, rows: 3), ["ax", "b", "c"])
        let bottom = HStack(alignment: .bottom, spacing: 0) {
            Text("a\nb\nc")
            Text("x")
        }
        assertScreen(Screen.lines(bottom, cols: 2, rows: 3), ["a", "b", "cx"])
    }

    func testLongTextSharesAnHStackAndWraps() {
        let view = HStack(spacing: 1) {
            Text("name")
            Text("a long status that wraps")
        }
        assertScreen(Screen.lines(view, cols: 16, rows: 3), ["     a long", "name status that", "     wraps"])
    }

    func testZStackLayersChildrenAndAligns() {
        let view = ZStack(alignment: .bottomTrailing) {
            Text("....\n....\n....")
            Text("X")
        }
        assertScreen(Screen.lines(view, cols: 4, rows: 3), ["....", "....", "...X"])
    }

    func testForEachMakesOneChildPerElement() {
        let view = VStack(alignment: .leading) {
            ForEach(0..<3) { index in Text("row \(index)") }
        }
        assertScreen(Screen.lines(view, cols: 5, rows: 3), ["row 0", "row 1", "row 2"])
    }

    func testIfElseChoosesABranch() {
        func screen(_ flag: Bool) -> [String] {
            Screen.lines(
                VStack {
                    if flag { Text("yes") } else { Text("no") }
                    if !flag { Text("extra") }
                }, cols: 5, rows: 2)
        }
        assertScreen(screen(true), [" yes"])
        assertScreen(screen(false), [" no", "extra"])
    }

    func testDividerSpansAVStackAndStandsInAnHStack() {
        let view = VStack(spacing: 0) {
            HStack {
                Text("a")
                Divider()
                Text("b")
            }
            Divider()
        }
        assertScreen(Screen.lines(view, cols: 5, rows: 2), ["a │ b", "─────"])
    }

    func testDividerOverColoursKeepsEachCellsBackground() {
        let view = ZStack(alignment: .leading) {
            HStack(spacing: 0) {
                Color.blue.frame(width: 3, height: 1)
                Spacer()
                Color.red.frame(width: 2, height: 1)
            }
            Divider()
        }
        let host = ViewHost(size: Size(cols: 8, rows: 1)) { view }
        var grid = Grid(cols: 8, rows: 1)
        host.render(into: &grid)
        XCTAssertEqual(grid.lines, ["────────"])
        let backgrounds = (0..<8).map { grid[$0, 0].background }
        XCTAssertEqual(backgrounds, [.blue, .blue, .blue, .default, .default, .default, .red, .red])
    }

    func testLayoutPriorityGivesSpaceFirst() {
        let view = HStack(spacing: 0) {
            Text("aaaa bbbb")
            Text("cccc dddd").layoutPriority(1)
        }
        assertScreen(Screen.lines(view, cols: 13, rows: 2), ["aaaacccc dddd", "bbbb"])
    }
}
