import XCTest

@testable import FrameGrid

final class SignatureTableTests: XCTestCase {
    func testARowIsFoundByItsSignature() {
        var table = SignatureTable()
        table.prepare(rowCount: 4)
        table.insert(0xA, row: 0)
        table.insert(0xB, row: 3)
        XCTAssertEqual(table.uniqueRow(for: 0xA), 0)
        XCTAssertEqual(table.uniqueRow(for: 0xB), 3)
        XCTAssertNil(table.uniqueRow(for: 0xC))
    }

    func testASignatureSharedByTwoRowsFindsNoRow() {
        var table = SignatureTable()
        table.prepare(rowCount: 4)
        table.insert(0xA, row: 1)
        table.insert(0xA, row: 2)
        table.insert(0xA, row: 3)
        XCTAssertNil(
            table.uniqueRow(for: 0xA), "blank lines share a signature: no scroll can be read from them")
    }

    func testKeysThatCollideInTheirSlotAreKeptApart() {
        var table = SignatureTable()
        table.prepare(rowCount: 4)  // 16 slots: keys equal modulo 16 probe on
        table.insert(0x10, row: 0)
        table.insert(0x20, row: 1)
        table.insert(0x30, row: 2)
        table.insert(0x20, row: 3)
        XCTAssertEqual(table.uniqueRow(for: 0x10), 0)
        XCTAssertNil(table.uniqueRow(for: 0x20))
        XCTAssertEqual(table.uniqueRow(for: 0x30), 2)
        XCTAssertNil(table.uniqueRow(for: 0x40), "a probe stops at the first empty slot")
    }

    func testRemoveAllForgetsEveryRow() {
        var table = SignatureTable()
        table.prepare(rowCount: 50)
        for row in 0..<50 { table.insert(UInt64(row) &* 0x9E37_79B9_7F4A_7C15, row: row) }
        XCTAssertEqual(table.uniqueRow(for: 7 &* 0x9E37_79B9_7F4A_7C15), 7)
        table.removeAll()
        for row in 0..<50 { XCTAssertNil(table.uniqueRow(for: UInt64(row) &* 0x9E37_79B9_7F4A_7C15)) }
    }

    func testAFullFrameOfDistinctRowsIsAllFound() {
        // The table is at least twice the row count, so it never fills.
        var table = SignatureTable()
        table.prepare(rowCount: 300)
        for row in 0..<300 { table.insert(UInt64(row * 64), row: row) }  // every key in slot 0 first
        for row in 0..<300 { XCTAssertEqual(table.uniqueRow(for: UInt64(row * 64)), row) }
    }
}
