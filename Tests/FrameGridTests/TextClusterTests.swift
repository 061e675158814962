import XCTest

@testable import FrameGrid

/// Clusters found from UTF-8 bytes must be exactly Swift's `Character`s, and
/// measuring must give every cluster the width drawing gives it.
final class TextClusterTests: XCTestCase {
    /// The boundary rule decided from two scalars, checked against Swift's
    /// grapheme breaking for every scalar of the first three planes on
    /// either side of a set of partners that covers each kind of rule.
    func testFastBoundariesAgreeWithSwiftsGraphemeBreaking() {
        let partners: [UInt32] = [
            0x41, 0x0A, 0x0D, 0xA9, 0x301, 0x600, 0x903, 0x1100, 0x1161, 0x11A8, 0x200D, 0x2764, 0x3099, 0xAC00,
            0xAC01, 0xFE0F, 0x1F1E6, 0x1F3FB, 0x1F600, 0xE0020,
        ]
        var checked = 0
        for value in UInt32(0)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for partner in partners {
                let other = Unicode.Scalar(partner)!
                for (a, b) in [(scalar, other), (other, scalar)]
                where ClusterBoundary.breaksBetween(a.value, b.value) {
                    var pair = String.UnicodeScalarView()
                    pair.append(a)
                    pair.append(b)
                    XCTAssertEqual(
                        String(pair).count, 2, "a boundary between U+\(String(a.value, radix: 16)) and U+\(String(b.value, radix: 16))")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// The ranges `DisplayWidth` answers before its tables give what the tables give.
    func testWidthShortcutsAgreeWithTheWidthTables() {
        for range in [0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x2100...0x2319, 0x2500...0x25FC] {
            for value in range {
                let tables =
                    DisplayWidth.contains(WidthTable.zeroWidth, UInt32(value))
                    ? 0 : DisplayWidth.contains(WidthTable.wide, UInt32(value)) ? 2 : 1
                XCTAssertEqual(DisplayWidth.of(value: UInt32(value)), tables, "U+\(String(value, radix: 16))")
            }
        }
    }

    func testClustersAreSwiftsCharactersCutWhereTerminalsMoveTheCursor() {
        let text =
            "café naïve jalapen\u{0303}o 한글 \u{1100}\u{1161}\u{11A8}가 😀👍🏽 👨\u{200D}👩\u{200D}👧 🇰🇷🇯🇵 ❤\u{FE0F} "
            + "\r\n\u{0600}1 \u{0915}\u{094D}\u{0937} e\u{301}\u{302}\u{303} ｶﾞ か\u{3099} …→■"
        var lengths: [Int] = []
        TextClusters.forEach(text) { _, length, _, _ in
            lengths.append(length)
            return true
        }
        // Every Character but two: the conjunct क्ष (GB9c) and halfwidth ｶﾞ,
        // whose second consonant and voicing mark terminals give columns of their own.
        var expected: [Int] = []
        for character in text {
            switch String(character) {
            case "\u{0915}\u{094D}\u{0937}": expected += [6, 3]
            case "ｶﾞ": expected += [3, 3]
            default: expected.append(character.utf8.count)
            }
        }
        XCTAssertEqual(lengths, expected)
        XCTAssertEqual(DisplayWidth.of(text), text.reduce(0) { $0 + DisplayWidth.of($1) })
    }

    /// Terminals move the cursor for every scalar with a wcwidth (xterm,
    /// libvterm and tmux agree; HarnessTests checks these against libvterm):
    /// a cell holding a consonant and its vowel sign would take one column
    /// where the terminal takes two, and shift the rest of the row.
    func testACharacterIsCutBeforeEachScalarATerminalGivesColumns() {
        let cases: [(String, [String], [Int])] = [
            ("\u{0915}\u{0940}", ["\u{0915}", "\u{0940}"], [1, 1]),  // की: a vowel sign (SpacingMark)
            ("\u{0915}\u{094D}\u{0937}\u{093F}", ["\u{0915}\u{094D}", "\u{0937}", "\u{093F}"], [1, 1, 1]),  // क्षि
            ("\u{0915}\u{094D}\u{200D}\u{0937}", ["\u{0915}\u{094D}\u{200D}", "\u{0937}"], [1, 1]),  // a half form
            ("\u{FFFD}\u{0940}", ["\u{FFFD}", "\u{0940}"], [1, 1]),  // the fuzzer's find
            ("a\u{1F3FD}", ["a", "\u{1F3FD}"], [1, 2]),  // a skin tone on a letter
            ("\u{1100}\u{1100}", ["\u{1100}", "\u{1100}"], [2, 2]),  // two leading jamo
            ("\u{1100}\u{AC00}", ["\u{1100}", "\u{AC00}"], [2, 2]),  // a leading jamo before a syllable
            // Kept whole: marks, conjoining jamo, and emoji sequences (sent in a safe form).
            ("e\u{301}\u{302}", ["e\u{301}\u{302}"], [1]),
            ("\u{1100}\u{1161}\u{11A8}", ["\u{1100}\u{1161}\u{11A8}"], [2]),
            ("👍🏽", ["👍🏽"], [2]),
            ("👨\u{200D}👩\u{200D}👧", ["👨\u{200D}👩\u{200D}👧"], [2]),
            ("🏃\u{200D}♀\u{FE0F}", ["🏃\u{200D}♀\u{FE0F}"], [2]),
            ("🇰🇷", ["🇰🇷"], [2]),
            ("\r\n", ["\r\n"], [1]),
        ]
        for (text, cells, widths) in cases {
            var found: [String] = []
            var foundWidths: [Int] = []
            let bytes = Array(text.utf8)
            TextClusters.forEach(text) { offset, length, width, _ in
                found.append(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self))
                foundWidths.append(width)
                return true
            }
            let name = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            XCTAssertEqual(found, cells, name)
            XCTAssertEqual(foundWidths, widths, name)
            XCTAssertEqual(DisplayWidth.of(text), widths.reduce(0, +), name)
            var grid = Grid(cols: 12, rows: 1)
            XCTAssertEqual(grid.write(text + "|", x: 0, y: 0), widths.reduce(0, +) + 1, name)
            XCTAssertEqual(grid.string(of: grid[widths.reduce(0, +), 0].glyph), "|", name)
        }
    }

    /// Layout measured bidirectional controls and lone format characters as
    /// one column each while drawing gave them none, so a text was laid out
    /// a column wider than it drew.
    func testMeasuringAndDrawingGiveInvisibleClustersTheSameWidth() {
        for invisible in ["\u{200F}", "\u{202E}", "\u{2066}", "\u{200B}", "\u{2060}", "\u{FEFF}"] {
            let text = "a" + invisible + "b"
            var grid = Grid(cols: 8, rows: 1)
            let end = grid.write(text, x: 0, y: 0)
            XCTAssertEqual(DisplayWidth.of(Character(invisible)), 0, "U+\(String(invisible.unicodeScalars.first!.value, radix: 16))")
            XCTAssertEqual(DisplayWidth.of(text), end)
            XCTAssertEqual(grid.lines, ["ab"])
        }
    }

    func testWritingStopsAtTheClipEdgeAndReportsAColumnPastIt() {
        var grid = Grid(cols: 6, rows: 1)
        let end = grid.write(String(repeating: "abc", count: 1000) + "한", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 4, height: 1))
        XCTAssertEqual(grid.lines, ["abca"])
        XCTAssertGreaterThanOrEqual(end, 4)
    }

    /// Issue 15 item 7: a row cost the whole length of its text. From a byte
    /// source only a window around the visible part is read.
    func testWritingFromAByteSourceReadsOnlyTheVisiblePart() {
        for line in [
            [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000),
            [UInt8](repeating: 0x0D, count: 290_000),
            Array("x한\u{301}".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 1_000_000),
        ] {
            let source = CountingBytes(line)
            var grid = Grid(cols: 200, rows: 1)
            grid.write(utf8: source, x: 0, y: 0)
            XCTAssertLessThan(source.reads.count, 10_000)
            var expected = Grid(cols: 200, rows: 1)
            expected.write(String(decoding: line.prefix(400), as: UTF8.self), x: 0, y: 0)
            XCTAssertEqual(grid.lines, expected.lines)
        }
    }

    func testByteSourceCutInsideAClusterStillDrawsTheWholeCluster() {
        // 41 columns ask for a 228-byte window; clusters of seven bytes put
        // its end inside the 33rd: it grows until the visible ones are whole.
        let cluster = "e\u{301}\u{302}\u{303}"
        let line = Array(String(repeating: cluster, count: 60).utf8)
        var grid = Grid(cols: 42, rows: 1)
        let end = grid.write(utf8: line, x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 41, height: 1))
        XCTAssertEqual(end, 41)
        for column in 0..<41 { XCTAssertEqual(grid.string(of: grid[column, 0].glyph), cluster) }
        XCTAssertEqual(grid[41, 0].glyph, .space)
    }
}

/// Bytes that count how many of them are read.
private final class ReadCounter { var count = 0 }

private struct CountingBytes: Collection {
    let bytes: [UInt8]
    let reads = ReadCounter()
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }
    func index(after i: Int) -> Int { i + 1 }
    subscript(position: Int) -> UInt8 {
        reads.count += 1
        return bytes[position]
    }
}
