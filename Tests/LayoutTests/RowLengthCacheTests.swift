import XCTest

@testable import Layout

/// The lazy stacks' row-length table against a `Dictionary` doing the same:
/// lookups, overwrites, growth past the first table, forgetting on a new
/// cross size or a reuse, and the cap.
final class RowLengthCacheTests: XCTestCase {
    func testMatchesADictionaryThroughRandomUse() {
        var cache = RowLengthCache(limit: 20_000)
        var model: [Int: Int] = [:]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<200_000 {
            // Indices clustered like a scroll (neighbours) and scattered like jumps (up to 10 million).
            let index = next(4) == 0 ? next(10_000_000) : 5_000 + next(6_000)
            switch next(100) {
            case 0..<45:
                let length = 1 + next(40)
                cache.record(length, of: index)
                if model.count >= 20_000 && model[index] == nil { model.removeAll() }
                model[index] = length
            case 45..<99:
                XCTAssertEqual(cache.length(of: index), model[index], "step \(step), row \(index)")
            default:
                if next(50) == 0 {
                    cache.removeAll()
                    model.removeAll()
                }
            }
            XCTAssertEqual(cache.count, model.count, "step \(step)")
            if cache.count != model.count { return }
        }
        XCTAssertGreaterThan(model.count, RowLengthCache.initialCapacity, "the table never grew")
    }

    func testANewCrossSizeForgetsAndTheSameKeeps() {
        var cache = RowLengthCache()
        cache.use(cross: 80)
        cache.record(3, of: 7)
        cache.use(cross: 80)
        XCTAssertEqual(cache.length(of: 7), 3)
        cache.use(cross: 100)
        XCTAssertNil(cache.length(of: 7))
        XCTAssertEqual(cache.count, 0)
        cache.record(4, of: 7)
        cache.record(5, of: 7)
        XCTAssertEqual(cache.length(of: 7), 5)
        XCTAssertEqual(cache.count, 1)
    }

    func testTheCapStartsOverWithTheNewRow() {
        var cache = RowLengthCache(limit: 3)
        for index in 0..<3 { cache.record(index + 1, of: index) }
        XCTAssertEqual(cache.count, 3)
        cache.record(9, of: 100)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.length(of: 100), 9)
        XCTAssertNil(cache.length(of: 0))
    }

    func testNegativeAndHugeIndicesAreRowsLikeAnyOther() {
        var cache = RowLengthCache()
        for index in [-1, Int.min, Int.max, 0, 1 << 40] { cache.record(2, of: index) }
        for index in [-1, Int.min, Int.max, 0, 1 << 40] { XCTAssertEqual(cache.length(of: index), 2) }
        XCTAssertNil(cache.length(of: 1))
    }

    func testATableIsSizedByItsItemCountUpToTheInitialTable() {
        XCTAssertEqual(RowLengthCache(rows: 0).capacity, 8, "the smallest table: 16 slots")
        XCTAssertEqual(RowLengthCache(rows: 20).capacity, 32, "a carousel of 20 posters: 64 slots, not 4,096")
        XCTAssertEqual(RowLengthCache(rows: 32).capacity, 32)
        XCTAssertEqual(RowLengthCache(rows: 33).capacity, 64)
        XCTAssertEqual(RowLengthCache(rows: 10_000_000).capacity, RowLengthCache.initialCapacity)
        XCTAssertEqual(RowLengthCache().capacity, RowLengthCache.initialCapacity)
    }

    func testEveryRowOfAStackFitsItsTableWithoutGrowing() {
        for rows in [1, 7, 20, 100, 1_000] {
            var cache = RowLengthCache(rows: rows)
            let capacity = cache.capacity
            for index in 0..<rows { cache.record(index % 5 + 1, of: index) }
            XCTAssertEqual(cache.capacity, capacity, "\(rows) rows")
            XCTAssertEqual(cache.count, rows)
            for index in 0..<rows { XCTAssertEqual(cache.length(of: index), index % 5 + 1, "row \(index) of \(rows)") }
        }
    }

    func testReservingForMoreRowsGrowsTheTableAndKeepsWhatItRemembers() {
        var cache = RowLengthCache(rows: 10)
        for index in 0..<10 { cache.record(index + 1, of: index) }
        cache.reserve(rows: 500)
        XCTAssertEqual(cache.capacity, 512)
        XCTAssertEqual(cache.count, 10)
        for index in 0..<10 { XCTAssertEqual(cache.length(of: index), index + 1) }
        cache.reserve(rows: 10_000_000)
        XCTAssertEqual(cache.capacity, RowLengthCache.initialCapacity, "a reserve stops at the initial table")
        cache.reserve(rows: 3)
        XCTAssertEqual(cache.capacity, RowLengthCache.initialCapacity, "a reserve never shrinks")
    }

    func testARetiredTableIsTakenByTheNextCacheOfItsSizeAndRemembersNothing() {
        let spares = RowLengthCache.Spares()
        var first = RowLengthCache(rows: 20, spares: spares)
        for index in 0..<20 { first.record(3, of: index) }
        first.retire()
        XCTAssertEqual(spares.count, 1)
        let otherSize = RowLengthCache(rows: 1_000, spares: spares)
        XCTAssertEqual(spares.count, 1, "a table of another size is made anew")
        XCTAssertEqual(otherSize.capacity, 1_024)
        var second = RowLengthCache(rows: 20, spares: spares)
        XCTAssertEqual(spares.count, 0, "the kept table was taken")
        XCTAssertEqual(second.count, 0)
        for index in 0..<20 { XCTAssertNil(second.length(of: index), "row \(index) of the stack before") }
        second.record(5, of: 3)
        XCTAssertEqual(second.length(of: 3), 5)
        XCTAssertNil(second.length(of: 4))
    }

    func testSparesKeepAtMostTheirLimitOfEachSize() {
        let spares = RowLengthCache.Spares()
        // Made while none is kept, so each retire adds one until the limit.
        var caches = (0..<(RowLengthCache.Spares.limit + 3)).map { _ in RowLengthCache(rows: 100, spares: spares) }
        for index in caches.indices { caches[index].retire() }
        XCTAssertEqual(spares.count, RowLengthCache.Spares.limit)
    }

    func testAGrownTableLeavesItsSmallerOneToTheSpares() {
        let spares = RowLengthCache.Spares()
        var cache = RowLengthCache(rows: 8, spares: spares)
        for index in 0..<40 { cache.record(index % 3 + 1, of: index) }
        XCTAssertEqual(cache.capacity, 64, "grown twice: 8 -> 16 -> 32 -> 64 rows")
        XCTAssertEqual(spares.count, 3)
        for index in 0..<40 { XCTAssertEqual(cache.length(of: index), index % 3 + 1) }
    }

    func testATableGrownPastTheInitialSizeIsMadeAnewAndNeverKept() {
        let spares = RowLengthCache.Spares()
        var cache = RowLengthCache(limit: 20_000, rows: 10_000_000, spares: spares)
        for index in 0..<(RowLengthCache.initialCapacity + 1) { cache.record(1, of: index * 7) }
        XCTAssertEqual(cache.capacity, 2 * RowLengthCache.initialCapacity)
        XCTAssertEqual(spares.count, 1, "the initial table, left when it grew")
        cache.retire()
        XCTAssertEqual(spares.count, 1, "a table past the initial size is not kept")
    }
}
