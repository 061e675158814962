import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class LazyStackTests: XCTestCase {
    private func makeHost(
        _ feed: CountingFeed, _ position: ScrollPosition, rows: Int = 6, overscan: Int = 1, pinned: Bool = false
    )
        -> ViewHost<ScrollView<LazyVStack<CountingFeed, FeedRow>>>
    {
        ViewHost(size: Size(cols: 12, rows: rows)) {
            ScrollView(position: position) {
                LazyVStack(feed, overscan: overscan, pinnedSectionHeaders: pinned) { FeedRow(item: $0) }
            }
        }
    }

    /// A ten-million-row feed, its position and its host, before any frame.
    private func feedHost() -> (CountingFeed, ScrollPosition, ViewHost<ScrollView<LazyVStack<CountingFeed, FeedRow>>>) {
        let feed = CountingFeed(count: 10_000_000)
        let position = ScrollPosition()
        return (feed, position, makeHost(feed, position))
    }

    func testOnlyVisibleRowsAndOverscanAreBuiltFromTenMillionItems() {
        let (feed, position, host) = feedHost()
        var grid = Grid(cols: 12, rows: 6)
        assertScreen(Screen.frame(host, &grid), ["0", "1", "1.1", "2", "2.1", "2.2"])
        // Rows 0-2 fill the screen; the frame that builds them builds no overscan.
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 3)
        assertScreen(Screen.frame(host, &grid), ["0", "1", "1.1", "2", "2.1", "2.2"])
        // The next frame builds the one row of overscan below.
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 4)
        XCTAssertEqual(position.lazyStatistics?.liveRows, 4)
        XCTAssertEqual(Set(feed.requested), [0, 1, 2, 3])
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 4, "nothing more to build")
    }

    func testWithoutWaitingTheFirstFrameBuildsTheOverscanToo() {
        LazyOverscan.waitsForShownRows = false
        defer { LazyOverscan.waitsForShownRows = true }
        let (_, position, host) = feedHost()
        var grid = Grid(cols: 12, rows: 6)
        assertScreen(Screen.frame(host, &grid), ["0", "1", "1.1", "2", "2.1", "2.2"])
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 4)
    }

    /// A host of the ten-million-row feed after its first two frames: rows
    /// 0-2 in view, row 3 their overscan, built a frame later.
    private func settledHost() -> (ScrollPosition, ViewHost<ScrollView<LazyVStack<CountingFeed, FeedRow>>>, Grid) {
        let (_, position, host) = feedHost()
        var grid = Grid(cols: 12, rows: 6)
        _ = Screen.frame(host, &grid)
        _ = Screen.frame(host, &grid)
        return (position, host, grid)
    }

    func testAPageBuildsTheRowsItShowsAndTheNextFrameItsOverscan() {
        let (position, host, settled) = settledHost()
        var grid = settled
        // Rows 0-3 are built. A page of 6 lines moves the top to row 3
        // (rows 0-2 are 6 lines): rows 3 and 4 show (1 + 2 lines), then
        // 3 lines of row 5; the overscan is rows 2 and 6.
        position.scroll(by: 6)
        assertScreen(Screen.frame(host, &grid), ["3", "4", "4.1", "5", "5.1", "5.2"])
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 6, "rows 4 and 5, shown; not row 6, overscan")
        XCTAssertEqual(position.lazyStatistics?.liveRows, 4, "row 2, built already, stays as overscan above")
        assertScreen(Screen.frame(host, &grid), ["3", "4", "4.1", "5", "5.1", "5.2"])
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 7, "the next frame builds row 6")
        XCTAssertEqual(position.lazyStatistics?.liveRows, 5)
    }

    func testAScrollWithinTheOverscanBuildsTheOverscanInTheSameFrame() {
        let (position, host, settled) = settledHost()
        var grid = settled
        // One line: row 3, overscan, comes into view; row 4 becomes the overscan, built now.
        position.scroll(by: 1)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 5)
        XCTAssertEqual(position.lazyStatistics?.liveRows, 5, "row 0 above, rows 1-3, row 4 below")
    }

    func testRowsThatStayVisibleAreReusedWhileScrolling() {
        let feed = CountingFeed(count: 10_000_000)
        let position = ScrollPosition()
        let host = makeHost(feed, position)
        var grid = Grid(cols: 12, rows: 6)
        _ = Screen.frame(host, &grid)
        for _ in 0..<12 {
            position.scroll(by: 1)
            _ = Screen.frame(host, &grid)
        }
        // 12 lines scrolled = rows 0-5 (1+2+3+1+2+3 lines) passed: the top is row 6.
        assertScreen(grid.lines, ["6", "7", "7.1", "8", "8.1", "8.2"])
        // Each row is built once: rows 0...9 (overscan row 9 below).
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, 10)
        XCTAssertEqual(position.lazyStatistics?.liveRows, 5, "overscan row 5 above, rows 6-8, overscan row 9")
        XCTAssertEqual(position.offset, 12)
    }

    func testScrollToAFarIndexBuildsOnlyTheRowsItShows() {
        let feed = CountingFeed(count: 10_000_000)
        let position = ScrollPosition()
        let host = makeHost(feed, position)
        var grid = Grid(cols: 12, rows: 6)
        _ = Screen.frame(host, &grid)
        let builtBefore = position.lazyStatistics!.rowsBuilt
        position.scrollTo(index: 7_654_321)
        assertScreen(
            Screen.frame(host, &grid), ["7654321", "7654321.1", "7654322", "7654322.1", "7654322.2", "7654323"])
        XCTAssertEqual(position.lazyStatistics!.rowsBuilt - builtBefore, 3)
        XCTAssertTrue(
            feed.requested.allSatisfy { $0 < 10 || (7_654_320...7_654_326).contains($0) }, "\(feed.requested)")
        XCTAssertEqual(position.anchor, LazyAnchor(index: 7_654_321, offset: 0))
        XCTAssertEqual(position.lazyStatistics?.liveRows, 3, "a jump builds the three rows it shows, without overscan")
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(position.lazyStatistics?.liveRows, 5, "the next frame adds one row of overscan each side")
    }

    func testTheAnchoredRowDoesNotMoveWhenRowsAboveMeasureDifferentlyFromTheEstimate() {
        // Estimate 1 row each; real rows are 1-3 rows tall.
        let feed = CountingFeed(count: 1_000)
        let position = ScrollPosition()
        let host = makeHost(feed, position, overscan: 0)
        var grid = Grid(cols: 12, rows: 6)
        position.scrollTo(index: 500)
        assertScreen(Screen.frame(host, &grid), ["500", "500.1", "500.2", "501", "502", "502.1"])
        // Scrolling up one line reveals the last line of row 499 (2 lines), and everything moves down exactly one.
        position.scroll(by: -1)
        assertScreen(Screen.frame(host, &grid), ["499.1", "500", "500.1", "500.2", "501", "502"])
        XCTAssertEqual(position.anchor, LazyAnchor(index: 499, offset: 1))
        position.scroll(by: -2)
        assertScreen(Screen.frame(host, &grid), ["498", "499", "499.1", "500", "500.1", "500.2"])
    }

    func testScrollingPastTheEndStopsWithTheLastRowAtTheBottom() {
        let feed = CountingFeed(count: 10)
        let position = ScrollPosition()
        let host = makeHost(feed, position)
        var grid = Grid(cols: 12, rows: 6)
        position.scroll(by: 1_000)
        // Rows 8 (3 lines) and 9 (1 line) end the content; 7 has 2 lines.
        assertScreen(Screen.frame(host, &grid), ["7", "7.1", "8", "8.1", "8.2", "9"])
        position.scroll(by: -1_000)
        assertScreen(Screen.frame(host, &grid), ["0", "1", "1.1", "2", "2.1", "2.2"])
        XCTAssertEqual(position.offset, 0)
    }

    func testPinnedSectionHeaderStaysAtTheTopUntilTheNextPushesIt() {
        let feed = CountingFeed(count: 100, sectionLength: 4)
        let position = ScrollPosition()
        let host = makeHost(feed, position, pinned: true)
        var grid = Grid(cols: 12, rows: 6)
        // Section 0: header row 0, rows 1 (2 lines), 2 (3), 3 (1); header row 4.
        position.scroll(by: 2)
        assertScreen(Screen.frame(host, &grid), ["== 0 ==", "2", "2.1", "2.2", "3", "== 4 =="])
        position.scroll(by: 4)
        // Row 3 is at the top, under the pinned header; the next header is right below it.
        assertScreen(Screen.frame(host, &grid), ["== 0 ==", "== 4 ==", "5", "5.1", "5.2", "6"])
        position.scroll(by: 1)
        // Row 4, the next section's header, reached the top and is the pinned one.
        assertScreen(Screen.frame(host, &grid), ["== 4 ==", "5", "5.1", "5.2", "6", "7"])
        position.scroll(by: 1)
        assertScreen(Screen.frame(host, &grid), ["== 4 ==", "5.1", "5.2", "6", "7", "7.1"])
    }

    func testLazyStackWithoutScrollViewShowsTheFirstRows() {
        let feed = CountingFeed(count: 1_000_000)
        let screen = Screen.lines(LazyVStack(feed) { FeedRow(item: $0) }.frame(height: 3), cols: 8, rows: 3)
        assertScreen(screen, ["0", "1", "1.1"])
    }

    func testLazyHStackLaysColumnsOutSideBySide() {
        let feed = GeneratedDataSource(count: 1_000_000) { "c\($0)" }
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 12, rows: 1)) {
            ScrollView(.horizontal, position: position) {
                LazyHStack(feed, spacing: 1, overscan: 0) { Text($0) }
            }
        }
        var grid = Grid(cols: 12, rows: 1)
        assertScreen(Screen.frame(host, &grid), ["c0 c1 c2 c3"])
        position.scrollTo(index: 500_000)
        assertScreen(Screen.frame(host, &grid), ["c500000 c500"])
        XCTAssertEqual(position.lazyStatistics?.liveRows, 2)
    }

    func testWhatIsKeptDependsOnRowsVisitedNotOnTheNumberOfItems() {
        func scrolled(_ count: Int) -> (LazyStackStatistics, [Int]) {
            let feed = CountingFeed(count: count)
            let position = ScrollPosition()
            let host = makeHost(feed, position)
            var grid = Grid(cols: 12, rows: 6)
            for _ in 0..<60 {
                position.scroll(by: 1)
                _ = Screen.frame(host, &grid)
            }
            return (position.lazyStatistics!, feed.requested)
        }
        let small = scrolled(1_000)
        let large = scrolled(10_000_000)
        XCTAssertEqual(small.0, large.0)
        XCTAssertEqual(small.1, large.1, "the same items, in the same order, are asked for")
        XCTAssertLessThan(large.0.rememberedLengths, 40)
        XCTAssertEqual(large.0.rowsBuilt, Set(large.1).count, "each item is built once")
    }

    func testAVeryLongScrollMovesByEstimateWithoutBuildingTheRowsPassed() {
        let feed = CountingFeed(count: 10_000_000)
        let position = ScrollPosition()
        let host = makeHost(feed, position, overscan: 0)
        var grid = Grid(cols: 12, rows: 6)
        _ = Screen.frame(host, &grid)
        position.scroll(by: 5_000_000)
        // The estimate is one line per row: five million lines on is row 5,000,000.
        assertScreen(
            Screen.frame(host, &grid), ["5000000", "5000000.1", "5000000.2", "5000001", "5000002", "5000002.1"])
        XCTAssertLessThan(position.lazyStatistics!.rowsBuilt, 10)
        XCTAssertEqual(position.offset, 5_000_000)
        position.scroll(by: 8)  // short scrolls are exact again
        assertScreen(
            Screen.frame(host, &grid), ["5000003.2", "5000004", "5000005", "5000005.1", "5000006", "5000006.1"])
        XCTAssertEqual(position.offset, 5_000_008)
    }

    func testLazyHStackPinsItsSectionHeaderAtTheLeadingEdge() {
        let feed = GeneratedDataSource(count: 1_000, sectionLength: 4) { index in
            index % 4 == 0 ? "[\(index)]" : "c\(index)"
        }
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 12, rows: 1)) {
            ScrollView(.horizontal, position: position) {
                LazyHStack(feed, spacing: 1, pinnedSectionHeaders: true) { Text($0) }
            }
        }
        var grid = Grid(cols: 12, rows: 1)
        assertScreen(Screen.frame(host, &grid), ["[0] c1 c2 c3"])
        position.scroll(by: 5)
        // Columns 5... show "1 c2 c3 [4]"; the pinned header covers the first three.
        assertScreen(Screen.frame(host, &grid), ["[0]2 c3 [4]"])
    }
}
