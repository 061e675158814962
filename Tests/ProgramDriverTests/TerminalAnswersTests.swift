import XCTest

@testable import ProgramDriver

/// The answers a program probing at start-up gets (the table in `TerminalAnswers`).
final class TerminalAnswersTests: XCTestCase {
    private func answers(_ screen: TerminalScreen, _ text: String) -> String {
        screen.write(Array(text.utf8))
        return String(decoding: screen.takeReplies(), as: UTF8.self)
    }

    func testSynchronizedOutputIsReportedAsSupportedAndFollowsTheProgram() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(answers(screen, "\u{1B}[?2026$p"), "\u{1B}[?2026;2$y")
        XCTAssertEqual(answers(screen, "\u{1B}[?2026h\u{1B}[?2026$p"), "\u{1B}[?2026;1$y")
        XCTAssertEqual(answers(screen, "\u{1B}[?25;2026l\u{1B}[?2026$p"), "\u{1B}[?2026;2$y")
        XCTAssertEqual(
            answers(screen, "\u{1B}[?2026h\u{1B}c\u{1B}[?2026$p"), "\u{1B}[?2026;2$y",
            "a full reset ends it")
    }

    func testTheAlternateScreenModesReportLibvtermsOwnState() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(answers(screen, "\u{1B}[?1049$p\u{1B}[?47$p"), "\u{1B}[?1049;2$y\u{1B}[?47;2$y")
        XCTAssertEqual(
            answers(screen, "\u{1B}[?1049h\u{1B}[?1049$p\u{1B}[?1047$p"),
            "\u{1B}[?1049;1$y\u{1B}[?1047;1$y")
        XCTAssertEqual(answers(screen, "\u{1B}[?1049l\u{1B}[?1049$p"), "\u{1B}[?1049;2$y")
    }

    func testModesLibvtermTracksAreAnsweredFromItsState() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(
            answers(
                screen,
                "\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1000$p\u{1B}[?1002$p\u{1B}[?1006$p\u{1B}[?2004$p"
            ),
            "\u{1B}[?1000;2$y\u{1B}[?1002;1$y\u{1B}[?1006;1$y\u{1B}[?2004;1$y")
        XCTAssertEqual(
            answers(screen, "\u{1B}[?25l\u{1B}[?25$p\u{1B}[?7$p"), "\u{1B}[?25;2$y\u{1B}[?7;1$y")
        XCTAssertEqual(
            answers(screen, "\u{1B}[?9999$p"), "\u{1B}[?9999;0$y", "an unknown mode is not recognised")
    }

    func testAnsiModesAreAnsweredInsertAndNewLineAsSet() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(
            answers(screen, "\u{1B}[4$p\u{1B}[20$p\u{1B}[2$p"), "\u{1B}[4;2$y\u{1B}[20;2$y\u{1B}[2;0$y")
        XCTAssertEqual(
            answers(screen, "\u{1B}[4;20h\u{1B}[4$p\u{1B}[20$p"), "\u{1B}[4;1$y\u{1B}[20;1$y")
        XCTAssertEqual(
            answers(screen, "\u{1B}[!p\u{1B}[4$p"), "\u{1B}[4;2$y", "a soft reset ends insert mode")
    }

    func testDeviceAttributesAndVersionAreAnsweredAsACurrentTerminal() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(answers(screen, "\u{1B}[c"), "\u{1B}[?62;22c")
        XCTAssertEqual(
            answers(screen, "\u{1B}[0c\u{1B}[>c\u{1B}[>0c"),
            "\u{1B}[?62;22c\u{1B}[>1;379;0c\u{1B}[>1;379;0c")
        XCTAssertEqual(answers(screen, "\u{1B}[=c"), "\u{1B}P!|00000000\u{1B}\\")
        XCTAssertEqual(answers(screen, "\u{1B}Z"), "\u{1B}[?62;22c", "DECID is answered as DA1")
        XCTAssertEqual(answers(screen, "\u{1B}[>q"), "\u{1B}P>|FrameBench(libvterm 0.1.4)\u{1B}\\")
    }

    func testRepliesKeepTheOrderOfTheQueries() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        // Cursor position (libvterm), then an answer given here, then status (libvterm).
        XCTAssertEqual(
            answers(screen, "\u{1B}[2;3H\u{1B}[6n\u{1B}[>c\u{1B}[5n"),
            "\u{1B}[2;3R\u{1B}[>1;379;0c\u{1B}[0n")
    }

    func testTheKittyKeyboardQueryGetsNoAnswerAndTheDeviceAttributesAfterItDo() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        screen.write(Array("ab\u{1B}[s".utf8))
        XCTAssertEqual(answers(screen, "\u{1B}[?u\u{1B}[>1u\u{1B}[<u\u{1B}[c"), "\u{1B}[?62;22c")
        // None of them was taken for `CSI u` (restore cursor): the cursor stays after "ab".
        XCTAssertEqual(answers(screen, "\u{1B}[6n"), "\u{1B}[1;3R")
    }

    func testColourQueriesAreAnsweredWithTheEmulatorsColoursAndTheQuerysTerminator() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(answers(screen, "\u{1B}]11;?\u{1B}\\"), "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\")
        XCTAssertEqual(answers(screen, "\u{1B}]10;?\u{7}"), "\u{1B}]10;rgb:f0f0/f0f0/f0f0\u{7}")
        XCTAssertEqual(
            answers(screen, "\u{1B}]10;?;?\u{7}"),
            "\u{1B}]10;rgb:f0f0/f0f0/f0f0\u{7}\u{1B}]11;rgb:0000/0000/0000\u{7}")
        XCTAssertEqual(answers(screen, "\u{1B}]4;1;?\u{7}"), "\u{1B}]4;1;rgb:e0e0/0000/0000\u{7}")
        XCTAssertEqual(answers(screen, "\u{1B}]0;title\u{7}"), "", "a title is no query")
    }

    func testCapabilityQueriesAnswerTheColourCountAndSayTheRestIsUnknown() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        // "Co" and "TN", hex-encoded.
        XCTAssertEqual(
            answers(screen, "\u{1B}P+q436F;544E\u{1B}\\"),
            "\u{1B}P1+r436F=323536\u{1B}\\\u{1B}P0+r544E\u{1B}\\")
    }

    func testLibvtermStillAnswersSettingRequests() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        XCTAssertEqual(answers(screen, "\u{1B}[2;3r\u{1B}P$qr\u{1B}\\"), "\u{1B}P1$r2;3r\u{1B}\\")
    }

    func testManyQueriesInOneWriteAreAllAnswered() {
        // libvterm 0.1.4 alone keeps 64 bytes of answers and drops the rest.
        let screen = TerminalScreen(cols: 10, rows: 3)
        let queries = String(repeating: "\u{1B}[6n\u{1B}[?25$p\u{1B}P$qr\u{1B}\\\u{1B}[5n", count: 100)
        XCTAssertEqual(
            answers(screen, queries),
            String(repeating: "\u{1B}[1;1R\u{1B}[?25;1$y\u{1B}P1$r1;3r\u{1B}\\\u{1B}[0n", count: 100))
    }
}
