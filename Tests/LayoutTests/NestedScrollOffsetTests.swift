import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// An observer of the scroll offset above a scroll view that holds other
/// scroll views (carousels in a feed) sees the nearest one's offset.
final class NestedScrollOffsetTests: XCTestCase {
    func testTheOuterScrollViewsOffsetHidesNestedOnes() {
        let outer = ScrollPosition()
        let inner = ScrollPosition()
        let rows = GeneratedDataSource(count: 100) { $0 }
        let digits = GeneratedDataSource(count: 100) { "\($0 % 10)" }
        var seen: [Int] = []
        let host = ViewHost(size: Size(cols: 6, rows: 3)) {
            ScrollView(position: outer) {
                LazyVStack(rows) { row in
                    ScrollView(.horizontal, position: inner) {
                        LazyHStack(digits, spacing: 0) { Text($0) }
                    }
                    .frame(height: 1)
                }
            }
            .onPreferenceChange(ScrollOffsetPreferenceKey.self) { seen.append($0) }
        }
        var grid = Grid(cols: 6, rows: 3)
        inner.scrollTo(offset: 4)
        assertScreen(Screen.frame(host, &grid), ["456789", "456789", "456789"])
        outer.scroll(by: 2)
        _ = Screen.frame(host, &grid)
        inner.scroll(by: 1)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(seen, [0, 2], "the carousels' offsets never reach the observer")
    }
}

/// Rows that measure nothing (a tiny screen squeezes out all their text)
/// still take a cell in a lazy stack, so scrolling never walks every row.
final class EmptyLazyRowTests: XCTestCase {
    func testScrollingOverRowsThatMeasureNothingBuildsOnlyAFew() {
        let position = ScrollPosition()
        let rows = GeneratedDataSource(count: 10_000_000) { $0 }
        let host = ViewHost(size: Size(cols: 4, rows: 2)) {
            ScrollView(position: position) {
                LazyVStack(rows) { _ in EmptyView() }
            }
        }
        var grid = Grid(cols: 4, rows: 2)
        _ = Screen.frame(host, &grid)
        position.scroll(by: 3)
        _ = Screen.frame(host, &grid)
        position.scroll(by: -2)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(position.anchor.index, 1)
        XCTAssertLessThan(position.lazyStatistics!.rowsBuilt, 50)
    }
}

/// The walk that runs observers after a layout enters only subtrees that
/// hold one, worked out once per layout generation. Rows a lazy stack
/// builds while scrolling arrive within a generation: their observers run too.
final class ObserversInLazyRowsTests: XCTestCase {
    func testObserversInRowsScrolledIntoViewAreNotified() {
        let outer = ScrollPosition()
        let rows = GeneratedDataSource(count: 1_000) { $0 }
        var seenRows: Set<Int> = []
        let host = ViewHost(size: Size(cols: 6, rows: 3)) {
            ScrollView(position: outer) {
                LazyVStack(rows) { row in
                    // Rows from 15 on observe a preference of their own
                    // content: none of those on the first screen do.
                    if row >= 15 {
                        Text("\(row)")
                            .preference(key: RowNumberKey.self, value: row)
                            .onPreferenceChange(RowNumberKey.self) { seenRows.insert($0) }
                    } else {
                        Text("\(row)")
                    }
                }
            }
            // An observer from the first frame on: the walk runs on every layout.
            .onPreferenceChange(ScrollOffsetPreferenceKey.self) { _ in }
        }
        var grid = Grid(cols: 6, rows: 3)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(seenRows, [])
        for _ in 0..<20 {
            outer.scroll(by: 1)
            _ = Screen.frame(host, &grid)
        }
        XCTAssertTrue(seenRows.isSuperset(of: Set(15..<23)), "rows scrolled in: \(seenRows.sorted())")
        // Far away: rows recycled from the ones before report their new items.
        outer.scrollTo(index: 500)
        _ = Screen.frame(host, &grid)
        XCTAssertTrue(seenRows.isSuperset(of: [500, 501, 502]), "\(seenRows.sorted().suffix(8))")
    }

    func testObserversInACarouselsItemsScrolledIntoViewAreNotified() {
        // The outer stack's rows stay the same; a carousel inside one builds
        // items that observe (`RowSetChanges` counts every stack's rows, so
        // the answer kept for the outer row is worked out again).
        let outer = ScrollPosition()
        let carousel = ScrollPosition()
        let rows = GeneratedDataSource(count: 1_000) { $0 }
        let items = GeneratedDataSource(count: 1_000) { $0 }
        var seenItems: Set<Int> = []
        let host = ViewHost(size: Size(cols: 12, rows: 3)) {
            ScrollView(position: outer) {
                LazyVStack(rows) { row in
                    if row == 1 {
                        ScrollView(.horizontal, position: carousel) {
                            LazyHStack(items, spacing: 1) { item in
                                if item >= 60 {
                                    Text("item \(item)")
                                        .preference(key: RowNumberKey.self, value: item)
                                        .onPreferenceChange(RowNumberKey.self) { seenItems.insert($0) }
                                } else {
                                    Text("item \(item)")
                                }
                            }
                        }
                        .frame(height: 1)
                    } else {
                        Text("row \(row)")
                    }
                }
            }
            .onPreferenceChange(ScrollOffsetPreferenceKey.self) { _ in }
        }
        var grid = Grid(cols: 12, rows: 3)
        _ = Screen.frame(host, &grid)
        // A frame that changes no rows first: the answers are kept.
        outer.scroll(by: 0)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(seenItems, [])
        for _ in 0..<60 {
            carousel.scroll(by: 8)
            _ = Screen.frame(host, &grid)
        }
        XCTAssertTrue(seenItems.isSuperset(of: Set(60..<64)), "items scrolled in: \(seenItems.sorted())")
    }

    func testATreeWithoutObserversInRowsStillNotifiesTheOneAbove() {
        let position = ScrollPosition()
        let rows = GeneratedDataSource(count: 1_000) { $0 }
        var offsets: [Int] = []
        let host = ViewHost(size: Size(cols: 6, rows: 3)) {
            ScrollView(position: position) {
                LazyVStack(rows) { Text("\($0)") }
            }
            .onPreferenceChange(ScrollOffsetPreferenceKey.self) { offsets.append($0) }
        }
        var grid = Grid(cols: 6, rows: 3)
        _ = Screen.frame(host, &grid)
        position.scroll(by: 1)
        _ = Screen.frame(host, &grid)
        position.scroll(by: 2)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(offsets, [0, 1, 3])
    }
}

private enum RowNumberKey: PreferenceKey {
    static let defaultValue = -1
}
