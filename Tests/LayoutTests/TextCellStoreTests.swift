import FrameGrid
import XCTest

@testable import Layout

/// The ring behind kept text cells: a block stays valid until writing has
/// gone once around the ring past it, blocks never wrap, and a block too
/// large for the ring is refused.
final class TextCellStoreTests: XCTestCase {
    func testABlockIsHeldUntilTheRingComesRoundToIt() throws {
        let store = TextCellStore(cellCapacity: 64, entryCapacity: 32)
        let first = try XCTUnwrap(store.reserve(cells: 8, entries: 2))
        store.cells(of: first).update(repeating: Cell.blank(Style(foreground: .red)))
        XCTAssertTrue(store.holds(first))
        // 7 more blocks of 8 cells fill the ring exactly: the first is still whole.
        for _ in 0..<7 { _ = try XCTUnwrap(store.reserve(cells: 8, entries: 2)) }
        XCTAssertTrue(store.holds(first))
        XCTAssertEqual(store.cells(of: first).first?.foreground, .red)
        // The next one lands on it.
        let next = try XCTUnwrap(store.reserve(cells: 8, entries: 2))
        XCTAssertFalse(store.holds(first))
        XCTAssertTrue(store.holds(next))
    }

    func testABlockNeverWrapsRoundTheRingsEnd() throws {
        let store = TextCellStore(cellCapacity: 64, entryCapacity: 64)
        _ = try XCTUnwrap(store.reserve(cells: 6, entries: 1))
        for _ in 0..<20 {
            let block = try XCTUnwrap(store.reserve(cells: 7, entries: 3))
            XCTAssertLessThanOrEqual(block.cellStart % 64 + 7, 64)
            XCTAssertLessThanOrEqual(block.entryStart % 64 + 3, 64)
            XCTAssertEqual(store.cells(of: block).count, 7)
        }
    }

    func testABlockOfMoreThanAnEighthOfTheRingIsRefused() {
        let store = TextCellStore(cellCapacity: 64, entryCapacity: 64)
        XCTAssertNil(store.reserve(cells: 9, entries: 1))
        XCTAssertNil(store.reserve(cells: 1, entries: 9))
        XCTAssertNotNil(store.reserve(cells: 8, entries: 8))
    }

    func testShrinkingGivesBackTheTailOnlyWhenNothingCameAfter() throws {
        let store = TextCellStore(cellCapacity: 64, entryCapacity: 64)
        var block = try XCTUnwrap(store.reserve(cells: 8, entries: 1))
        store.shrink(&block, toCells: 3)
        let next = try XCTUnwrap(store.reserve(cells: 4, entries: 1))
        XCTAssertEqual(next.cellStart, block.cellStart + 3)
        var late = block
        late.cellCount = 3
        store.shrink(&late, toCells: 1)  // `next` came after: nothing is handed back
        let after = try XCTUnwrap(store.reserve(cells: 1, entries: 1))
        XCTAssertEqual(after.cellStart, next.cellStart + 4)
    }
}
