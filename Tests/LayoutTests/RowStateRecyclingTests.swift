import FrameGrid
import XCTest

@testable import Layout

/// Rows that own `@State` are never recycled as other rows (the state
/// belongs to the row that made it): a lazy stack that made state while
/// building or updating its rows walks them before they go to the
/// recycler (`LazyStackNode.isReusable`); one that made none does not.
final class RowStateRecyclingTests: XCTestCase {
    func testARowsStateNeverShowsInTheRowsBuiltAfterIt() {
        let feed = CountingFeed(count: 1_000)
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 12, rows: 4)) {
            ScrollView(position: position) { LazyVStack(feed, overscan: 1) { MarkableRow(item: $0) } }
        }
        var grid = Grid(cols: 12, rows: 4)
        _ = Screen.frame(host, &grid)
        for row in 0..<4 { MarkableRow.marks[row]?.wrappedValue = true }
        XCTAssertEqual(Screen.frame(host, &grid), ["*0", "*1", "*2", "*3"])
        position.scroll(by: 40)  // the marked rows leave the overscan and go
        XCTAssertEqual(Screen.frame(host, &grid), [" 40", " 41", " 42", " 43"])
        position.scroll(by: 40)
        XCTAssertEqual(Screen.frame(host, &grid), [" 80", " 81", " 82", " 83"])
    }

    func testStateInARowsOwnLazyStackNeverShowsInTheRowsBuiltAfterIt() {
        let feed = CountingFeed(count: 1_000)
        let cells = CountingFeed(count: 3)
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 12, rows: 4)) {
            ScrollView(position: position) {
                LazyVStack(feed, overscan: 1) { item in
                    LazyHStack(cells, spacing: 1) { MarkableRow(item: $0, row: item.index) }.frame(height: 1)
                }
            }
        }
        var grid = Grid(cols: 12, rows: 4)
        XCTAssertEqual(Screen.frame(host, &grid), [" 0  1  2", " 0  1  2", " 0  1  2", " 0  1  2"])
        MarkableRow.marks[1_000]?.wrappedValue = true  // row 1's first cell
        XCTAssertEqual(Screen.frame(host, &grid), [" 0  1  2", "*0  1  2", " 0  1  2", " 0  1  2"])
        position.scroll(by: 40)
        XCTAssertEqual(Screen.frame(host, &grid), [" 0  1  2", " 0  1  2", " 0  1  2", " 0  1  2"])
        position.scroll(by: 40)
        XCTAssertEqual(Screen.frame(host, &grid), [" 0  1  2", " 0  1  2", " 0  1  2", " 0  1  2"])
    }
}

/// A row with a mark of its own (`@State`), set through `marks`.
struct MarkableRow: View {
    let item: FeedItem
    /// The row of the stack outside holding this one, if any (marks of its cells are at 1,000 x row + index).
    var row: Int? = nil
    @State var marked = false
    nonisolated(unsafe) static var marks: [Int: Binding<Bool>] = [:]

    var body: some View {
        MarkableRow.marks[(row ?? 0) * 1_000 + item.index] = $marked
        return Text((marked ? "*" : " ") + "\(item.index)")
    }
}
