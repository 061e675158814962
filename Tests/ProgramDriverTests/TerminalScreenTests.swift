import XCTest

@testable import ProgramDriver

final class TerminalScreenTests: XCTestCase {
    private func damage(_ screen: TerminalScreen, _ text: String) -> TerminalScreen.Damage {
        screen.write(Array(text.utf8))
        return screen.endFrame()
    }

    func testPrintedCellsAreDirtyOnTheirRow() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(
            damage(screen, "hello"), .init(cells: 5, rows: 1, isFullRepaint: false, scrolls: 0))
        XCTAssertEqual(
            damage(screen, "\u{1B}[2;3Hab\u{1B}[3;1Hc"),
            .init(cells: 3, rows: 2, isFullRepaint: false, scrolls: 0))
        XCTAssertEqual(screen.lines(), ["hello", "  ab", "c"])
    }

    func testRewritingACellTwiceInOneFrameCountsItOnce() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(damage(screen, "ab\rab\rab").cells, 2)
    }

    func testClearingTheScreenIsAFullRepaint() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        _ = damage(screen, "x")
        XCTAssertEqual(
            damage(screen, "\u{1B}[H\u{1B}[2J"),
            .init(cells: 30, rows: 3, isFullRepaint: true, scrolls: 0))
        XCTAssertEqual(damage(screen, "").cells, 0)
    }

    func testAScrollPaintsOnlyTheLineItExposesAndCountsAsOneScroll() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        _ = damage(screen, "1\r\n2\r\n3")
        // Line feed on the last row: rows 2-3 move up, the new last row is erased.
        XCTAssertEqual(
            damage(screen, "\n"), .init(cells: 10, rows: 1, isFullRepaint: false, scrolls: 1))
        XCTAssertEqual(screen.lines(), ["2", "3", ""])
        // A scroll region of rows 2-3 (DECSTBM), then a line printed in the exposed row.
        XCTAssertEqual(
            damage(screen, "\u{1B}[2;3r\u{1B}[3;1H\nnew\u{1B}[r"),
            .init(cells: 10, rows: 1, isFullRepaint: false, scrolls: 1))
        XCTAssertEqual(screen.lines(), ["2", "", "new"])
    }

    func testWideCharactersAreTwoCellsAndOneCharacter() {
        let screen = TerminalScreen(cols: 10, rows: 1)
        XCTAssertEqual(damage(screen, "한글").cells, 4)
        XCTAssertEqual(screen.lines(), ["한글"])
    }

    func testResizeChangesTheScreenAndItsDamageGrid() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        screen.resize(cols: 4, rows: 2)
        XCTAssertEqual(screen.lines().count, 2)
        XCTAssertEqual(
            damage(screen, "\u{1B}[2J"), .init(cells: 8, rows: 2, isFullRepaint: true, scrolls: 0))
    }

    func testARepeatEndingBeforeTheLastColumnKeepsTheCharacterPrintedThere() {
        // libvterm 0.1.4 alone drops the `|` (see RepeatExpander).
        let screen = TerminalScreen(cols: 20, rows: 2)
        screen.write(Array("\u{1B}[1;9H \u{1B}[10b|".utf8))
        XCTAssertEqual(screen.lines(), [String(repeating: " ", count: 19) + "|", ""])
    }

    func testRepeatsRepeatTheLastCharacterWideOnesIncludedAndLeaveOtherSequencesAlone() {
        let screen = TerminalScreen(cols: 20, rows: 2)
        // A repeat split across writes; an OSC title holding "[3b" is not text; a private `CSI ? 5 b` is passed on.
        screen.write(Array("ab\u{1B}[".utf8))
        screen.write(Array("3bc\u{1B}]0;x[3b\u{7}\u{1B}[?5b\u{1B}]2;y\u{1B}\\".utf8))
        screen.write(Array("\r\n한\u{1B}[2b\u{1B}[b".utf8))
        XCTAssertEqual(screen.lines(), ["abbbbc", "한한한한"])
    }

    func testTheTerminalAnswersCursorPositionQueries() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        screen.write(Array("\u{1B}[2;5H\u{1B}[6n".utf8))
        XCTAssertEqual(String(decoding: screen.takeReplies(), as: UTF8.self), "\u{1B}[2;5R")
    }
}

/// Streams that crashed libvterm 0.1.4 before the guard (issue 31), through the whole screen.
final class TerminalScreenCrashTests: XCTestCase {
    private func settings(_ screen: TerminalScreen) -> String {
        screen.write(Array("\u{1B}P$qm\u{1B}\\".utf8))
        return String(decoding: screen.takeReplies(), as: UTF8.self)
    }

    func testALongSgrDoesNotCrashAndSetsWhatItsAttributesSay() {
        let long = TerminalScreen(cols: 20, rows: 2)
        long.write(Array("\u{1B}[1;3;4;7;9;38;2;10;20;30;48;2;40;50;60;58;5;200;2;21;53;8m".utf8))
        let separate = TerminalScreen(cols: 20, rows: 2)
        separate.write(
            Array(
                "\u{1B}[1m\u{1B}[3m\u{1B}[4m\u{1B}[7m\u{1B}[9m\u{1B}[38;2;10;20;30m\u{1B}[48;2;40;50;60m\u{1B}[2m\u{1B}[21m\u{1B}[53m\u{1B}[8m"
                    .utf8))
        XCTAssertEqual(settings(long), settings(separate))
        XCTAssertTrue(settings(long).contains("38:2:10:20:30"), settings(long))
    }

    func testSeventeenParametersOfAnyKindDoNotCrash() {
        let screen = TerminalScreen(cols: 20, rows: 2)
        let parameters = Array(repeating: "1", count: 40).joined(separator: ";")
        for final in "@ABCDEFGHIJKLMPSTXZ`abcdefghilmnqrstux" {
            screen.write(
                Array(
                    "\u{1B}[\(parameters)\(final)\u{1B}[?\(parameters)\(final)\u{1B}[>\(parameters)\(final)"
                        .utf8))
        }
        _ = screen.takeReplies()
        screen.write(Array("\u{1B}[H\u{1B}[2Jok".utf8))
        XCTAssertEqual(screen.lines().first, "ok")
    }

    func testAHugeRepeatWriteFillsTheScreenWithoutCrashing() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1",
            "long tier: set FRAMEBENCH_LONG_TESTS=1")
        // 250 x 10,001 characters; 2,500,250 = 31,253 rows of 80 and 10 more.
        let screen = TerminalScreen(cols: 80, rows: 24)
        screen.write(Array(String(repeating: "A\u{1B}[10000b", count: 250).utf8))
        XCTAssertEqual(
            screen.lines(),
            Array(repeating: String(repeating: "A", count: 80), count: 23) + ["AAAAAAAAAA"])
    }

    func testAMultiMegabyteWriteOfTextDoesNotCrash() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1",
            "long tier: set FRAMEBENCH_LONG_TESTS=1")
        // 4,000,000 = 5,714 rows of 700 and 200 more.
        let screen = TerminalScreen(cols: 700, rows: 700)
        screen.write(Array(repeating: UInt8(ascii: "x"), count: 4_000_000))
        XCTAssertEqual(screen.lines().last, String(repeating: "x", count: 200))
    }

    func testSaveAndRestoreCursorAreReadAsXtermReadsThem() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        screen.write(Array("ab\u{1B}[s\u{1B}[3;5Hc\u{1B}[ud\u{1B}[6n".utf8))
        XCTAssertEqual(String(decoding: screen.takeReplies(), as: UTF8.self), "\u{1B}[1;4R")
        XCTAssertEqual(screen.lines(), ["abd", "", "    c"])
    }

    /// Found by the driver fuzzer (heap corruption in libvterm 0.1.4).
    func testAScrollRegionPastTheScreenAfterAResizeIsResetAsXtermResetsIt() {
        let screen = TerminalScreen(cols: 27, rows: 9)
        screen.write(Array("\u{1B}[7;38r\u{1B}[5;3H".utf8))
        screen.resize(cols: 70, rows: 1)
        screen.write(Array("\u{1B}[6n".utf8))
        XCTAssertEqual(String(decoding: screen.takeReplies(), as: UTF8.self), "\u{1B}[1;3R", "the cursor stays")
        screen.write(Array(String(repeating: "A", count: 3267).utf8))
        XCTAssertEqual(screen.lines(), [String(repeating: "A", count: 49)])  // 2 + 3267 = 46 rows of 70 and 49
    }

    /// Found by the driver fuzzer (SIGSEGV in libvterm 0.1.4).
    func testAnEscapeWithAnIntermediateBeforeABracketDoesNotOpenALongSequence() {
        let screen = TerminalScreen(cols: 40, rows: 2)
        screen.write(Array("\u{1B}+[39;4\(String(repeating: ";", count: 20))m".utf8))
        XCTAssertEqual(screen.lines(), ["39;4;;;;;;;;;;;;;;;;;;;;m", ""])
    }
}
