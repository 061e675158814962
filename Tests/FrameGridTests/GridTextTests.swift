import XCTest

@testable import FrameGrid

final class GridTextTests: XCTestCase {
    func testCellLayoutIsDenseSoRowsCompareAsMemory() {
        XCTAssertTrue(Cell.layoutIsDense)
    }

    func testASCIITextFillsOneCellPerCharacter() {
        var grid = Grid(cols: 8, rows: 1)
        let end = grid.write("hello", x: 1, y: 0)
        XCTAssertEqual(end, 6)
        XCTAssertEqual(grid.lines, [" hello"])
    }

    func testKoreanTakesTwoCellsWithContinuation() {
        var grid = Grid(cols: 6, rows: 1)
        let end = grid.write("한글", x: 0, y: 0)
        XCTAssertEqual(end, 4)
        XCTAssertEqual(grid[0, 0].width, 2)
        XCTAssertTrue(grid[1, 0].isContinuation)
        XCTAssertEqual(grid[2, 0].width, 2)
        XCTAssertEqual(grid.lines, ["한글"])
    }

    func testEmojiIsWideAndCombiningMarksStayInTheirCell() {
        var grid = Grid(cols: 6, rows: 1)
        grid.write("😀e\u{301}x", x: 0, y: 0)
        XCTAssertEqual(grid[0, 0].width, 2)
        XCTAssertEqual(grid.string(of: grid[2, 0].glyph), "e\u{301}")
        XCTAssertEqual(grid[3, 0].glyph, Glyph(ascii: UInt8(ascii: "x")))
    }

    func testZeroWidthJoinerSequenceIsOneWideCellStoredInTheArena() {
        var grid = Grid(cols: 6, rows: 1)
        let family = "👨\u{200D}👩\u{200D}👧"
        let end = grid.write(family + "a", x: 0, y: 0)
        XCTAssertEqual(end, 3)
        XCTAssertEqual(grid.string(of: grid[0, 0].glyph), family)
        XCTAssertTrue(grid[0, 0].glyph.isInArena)
        XCTAssertTrue(grid.rowUsesArena(0))
        XCTAssertEqual(grid.lines, [family + "a"])
    }

    func testEmojiPresentationSelectorMakesATextSymbolWide() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{2764}\u{FE0F}")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("\u{2764}")), 1)
    }

    func testWideCharacterThatDoesNotFitInTheLastColumnBecomesABlank() {
        var grid = Grid(cols: 5, rows: 1)
        grid.write("abcd한", x: 0, y: 0)
        XCTAssertEqual(grid.lines, ["abcd"])
        XCTAssertEqual(grid[4, 0].width, 1)
    }

    func testOverwritingTheRightHalfOfAWideCharacterBlanksTheLeftHalf() {
        var grid = Grid(cols: 6, rows: 1)
        grid.write("한글", x: 0, y: 0)
        grid.write("x", x: 1, y: 0)
        XCTAssertEqual(grid.lines, [" x글"])
        XCTAssertEqual(grid[0, 0], .erased)
    }

    func testOverwritingTheLeftHalfOfAWideCharacterBlanksTheRightHalf() {
        var grid = Grid(cols: 6, rows: 1)
        grid.write("한글", x: 0, y: 0)
        grid.write("y", x: 2, y: 0)
        XCTAssertEqual(grid.lines, ["한y"])
        XCTAssertEqual(grid[3, 0].width, 1)
        XCTAssertFalse(grid[3, 0].isContinuation)
    }

    func testClippingCutsTextAndShowsABlankForAHalfVisibleWideCharacter() {
        var grid = Grid(cols: 10, rows: 2)
        let clip = Rect(x: 2, y: 0, width: 4, height: 1)
        grid.write("a한bc글", x: 1, y: 0, clip: clip)
        // a at 1 is clipped; 한 at 2-3; b at 4; c at 5; 글 at 6-7 clipped.
        XCTAssertEqual(grid.lines, ["  한bc", ""])
        grid.write("한x", x: 1, y: 0, clip: clip)
        XCTAssertEqual(grid.lines[0], "   xbc")
        grid.write("zz", x: 0, y: 1, clip: clip)
        XCTAssertEqual(grid.lines[1], "")
    }

    func testControlCharactersBecomeVisibleGlyphsNeverRawBytes() {
        var grid = Grid(cols: 20, rows: 1)
        grid.write("a\u{1B}[31mb\u{07}\u{9B}c\td", x: 0, y: 0)
        XCTAssertEqual(grid.lines, ["a␛[31mb␇\u{FFFD}c␉d"])
        for x in 0..<grid.cols {
            grid.withBytes(of: grid[x, 0].glyph) { bytes in
                XCTAssertFalse(bytes.contains { $0 < 0x20 || $0 == 0x7F }, "raw control byte at column \(x)")
            }
        }
    }

    func testBidiOverridesAreDroppedAndLoneMarksSitOnADottedCircle() {
        var grid = Grid(cols: 10, rows: 1)
        grid.write("\u{202E}ab\u{301}", x: 0, y: 0)
        XCTAssertEqual(grid.lines, ["ab\u{301}"])
        grid.write("\u{301}z", x: 5, y: 0)
        XCTAssertEqual(grid.string(of: grid[5, 0].glyph), "\u{25CC}\u{301}")
    }

    func testThousandsOfCombiningMarksAreCappedPerCell() {
        var grid = Grid(cols: 4, rows: 1)
        grid.write("a" + String(repeating: "\u{301}", count: 5_000) + "b", x: 0, y: 0)
        XCTAssertLessThanOrEqual(grid.string(of: grid[0, 0].glyph).utf8.count, Grid.maxClusterBytes)
        XCTAssertEqual(grid[1, 0].glyph, Glyph(ascii: UInt8(ascii: "b")))
    }

    func testWritingGivesTheRowAFreshStampAndCopiesKeepStamps() {
        var grid = Grid(cols: 4, rows: 2)
        let before = grid.stamp(ofRow: 0)
        grid.write("x", x: 0, y: 0)
        XCTAssertNotEqual(grid.stamp(ofRow: 0), before)
        let copy = grid
        XCTAssertEqual(copy.stamp(ofRow: 0), grid.stamp(ofRow: 0))
        XCTAssertEqual(copy.stamp(ofRow: 1), grid.stamp(ofRow: 1))
    }

    func testDisplayWidthMatchesTerminalConventions() {
        XCTAssertEqual(DisplayWidth.of("abc"), 3)
        XCTAssertEqual(DisplayWidth.of("한글"), 4)
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("ＡＢ"), 4)
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x200B)!), 0)
    }
}
