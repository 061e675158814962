import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class ScrollViewTests: XCTestCase {
    func testScrollingBackAtTheStartAsksForNoLayout() {
        for lazy in [true, false] {
            let position = ScrollPosition()
            let rows = GeneratedDataSource(count: 100) { $0 }
            let host = ViewHost(size: Size(cols: 6, rows: 3)) {
                ScrollView(position: position) {
                    if lazy {
                        LazyVStack(rows) { Text("\($0)") }
                    } else {
                        VStack(alignment: .leading, spacing: 0) { ForEach(0..<10) { Text("\($0)") } }
                    }
                }
            }
            var grid = Grid(cols: 6, rows: 3)
            // The first frame builds the rows in view and the second a lazy
            // stack's overscan; the third's layout changes nothing: the fourth is skipped.
            _ = Screen.frame(host, &grid)
            _ = Screen.frame(host, &grid)
            _ = Screen.frame(host, &grid)
            position.scroll(by: -2)
            assertScreen(Screen.frame(host, &grid), ["0", "1", "2"])
            XCTAssertTrue(host.lastLayoutWasSkipped, "nothing to move: no layout (lazy: \(lazy))")
            position.scroll(by: 2)
            assertScreen(Screen.frame(host, &grid), ["2", "3", "4"])
            XCTAssertFalse(host.lastLayoutWasSkipped)
            // Off the start, or with a request waiting, a scroll back is applied.
            position.scroll(by: -1)
            assertScreen(Screen.frame(host, &grid), ["1", "2", "3"])
            position.scroll(by: -1)
            position.scroll(by: 3)
            position.scroll(by: -1)
            assertScreen(Screen.frame(host, &grid), ["2", "3", "4"])
            position.scroll(by: -5)
            assertScreen(Screen.frame(host, &grid), ["0", "1", "2"])
            XCTAssertEqual(position.offset, 0)
        }
    }

    func testVerticalScrollViewClipsAndOffsetsItsContent() {
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 6, rows: 3)) {
            ScrollView(position: position) {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<10) { Text("line \($0)") }
                }
            }
        }
        var grid = Grid(cols: 6, rows: 3)
        assertScreen(Screen.frame(host, &grid), ["line 0", "line 1", "line 2"])
        position.scroll(by: 4)
        assertScreen(Screen.frame(host, &grid), ["line 4", "line 5", "line 6"])
        XCTAssertEqual(position.offset, 4)
        XCTAssertEqual(position.contentLength, 10)
        position.scroll(by: 100)
        assertScreen(Screen.frame(host, &grid), ["line 7", "line 8", "line 9"])
        XCTAssertEqual(position.offset, 7, "clamped to the content's end")
    }

    func testHorizontalScrollView() {
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 5, rows: 1)) {
            ScrollView(.horizontal, position: position) {
                HStack(spacing: 0) { ForEach(0..<10) { Text("\($0)") } }
            }
        }
        var grid = Grid(cols: 5, rows: 1)
        assertScreen(Screen.frame(host, &grid), ["01234"])
        position.scrollTo(offset: 3)
        assertScreen(Screen.frame(host, &grid), ["34567"])
    }

    func testAHeaderReactsToTheReportedScrollOffset() {
        let position = ScrollPosition()
        let feed = GeneratedDataSource(count: 1_000) { "row \($0)" }
        let host = ViewHost(size: Size(cols: 12, rows: 4)) { CollapsingHeaderScreen(feed: feed, position: position) }
        var grid = Grid(cols: 12, rows: 4)
        assertScreen(Screen.frame(host, &grid), ["Big Title", "row 0", "row 1", "row 2"])
        position.scroll(by: 2)
        // The offset is reported after layout; the header collapses in the same frame.
        assertScreen(Screen.frame(host, &grid), ["title @2", "row 2", "row 3", "row 4"])
        position.scroll(by: -2)
        assertScreen(Screen.frame(host, &grid), ["Big Title", "row 0", "row 1", "row 2"])
    }
}

struct CollapsingHeaderScreen: View {
    let feed: GeneratedDataSource<String>
    let position: ScrollPosition
    @State var offset = 0

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(offset == 0 ? "Big Title" : "title @\(offset)")
            ScrollView(position: position) {
                LazyVStack(feed) { Text($0) }
            }
            .onPreferenceChange(ScrollOffsetPreferenceKey.self) { offset = $0 }
        }
    }
}
