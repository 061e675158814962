import XCTest

@testable import FrameGrid

final class GridRowCopyTests: XCTestCase {
    func testOnlyRowsWhoseStampsDifferAreCopiedAndTheyTakeTheSourceStamps() {
        var source = Grid(cols: 6, rows: 3)
        source.write("top", x: 0, y: 0)
        source.write("mid", x: 0, y: 1)
        source.write("end", x: 0, y: 2)
        var target = source  // shares every row's stamp
        source.write("MID", x: 0, y: 1)
        target.write("old", x: 0, y: 2)

        XCTAssertEqual(
            target.copyChangedRows(from: source), 2, "rows 1 and 2 differ by stamp; row 0 is kept")
        XCTAssertEqual(target.lines, ["top", "MID", "end"])
        for y in 0..<3 { XCTAssertEqual(target.stamp(ofRow: y), source.stamp(ofRow: y), "row \(y)") }
        XCTAssertEqual(target.copyChangedRows(from: source), 0, "equal stamps: nothing left to copy")
    }

    func testACopiedRowsLongClustersReadTheSourcesArena() {
        let family = "👨\u{200D}👩\u{200D}👧"
        var source = Grid(cols: 8, rows: 2)
        source.write("ab", x: 0, y: 0)
        source.write(family, x: 0, y: 1)
        var target = Grid(cols: 8, rows: 2)
        target.write("a long row of text", x: 0, y: 0)  // an arena of its own, at other offsets
        target.write("🏳️\u{200D}🌈", x: 2, y: 1)

        XCTAssertEqual(target.copyChangedRows(from: source), 2)
        XCTAssertEqual(target.lines, ["ab", family])
        XCTAssertTrue(target.rowUsesArena(1))
        XCTAssertFalse(target.rowUsesArena(0))
        XCTAssertEqual(target.string(of: target[0, 1].glyph), family)
    }

    func testACopyIntoAGridOfTheSameStorageWritesNothing() {
        var source = Grid(cols: 4, rows: 2)
        source.write("x", x: 0, y: 0)
        var target = source
        XCTAssertEqual(target.copyChangedRows(from: source), 0)
        XCTAssertEqual(target.lines, ["x", ""])
    }
}
