import XCTest

@testable import Harness
@testable import FrameBenchCLI

final class KeyParserTests: XCTestCase {
    func testKeysAndEscapeSequencesMeanWhatLiveModeSays() {
        var parser = KeyParser()
        let bytes = Array("jk\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~3\tphq\u{3}".utf8)
        XCTAssertEqual(
            parser.feed(bytes),
            [
                .scroll(1), .scroll(-1), .scroll(-1), .scroll(1), .scroll(-1), .page(-1), .page(1), .home, .end, .home,
                .end, .tab(2), .nextTab, .togglePlay, .toggleHUD, .quit, .quit,
            ])
    }

    func testDigitsTabAndEnterSelectAndAct() {
        var parser = KeyParser()
        XCTAssertEqual(
            parser.feed(Array("12345\t\r\n6".utf8)),
            [.tab(0), .tab(1), .tab(2), .tab(3), .tab(4), .nextTab, .action, .action])
    }

    func testMouseWheelInSGRAndX10Reports() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed(Array("\u{1B}[<64;10;5M\u{1B}[<65;10;5M\u{1B}[<0;1;1M\u{1B}[<0;1;1m".utf8)), [.scroll(-3), .scroll(3)])
        XCTAssertEqual(parser.feed([0x1B, 0x5B, 0x4D, 32 + 65, 40, 40]), [.scroll(3)])
    }

    func testSequencesSplitAcrossReadsWaitForTheRest() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed([0x1B, 0x5B]), [])
        XCTAssertEqual(parser.feed([0x36]), [])
        XCTAssertEqual(parser.feed([0x7E, 0x6A]), [.page(1), .scroll(1)])
    }

    func testUnknownBytesAreSkipped() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed(Array("xyz\u{1B}[99zj".utf8)), [.scroll(1)])
    }

    func testALoneEscTimesOutAsEscAndDoesNotSwallowTheNextKey() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed([0x1B]), [], "it may still be the start of a sequence")
        XCTAssertTrue(parser.isWaiting)
        XCTAssertEqual(parser.flush(), [.escape], "nothing followed within the timeout: the Esc key")
        XCTAssertEqual(parser.feed(Array("q".utf8)), [.quit])
        // Esc and a key in the same read (typed fast): both count.
        XCTAssertEqual(parser.feed(Array("\u{1B}q".utf8)), [.escape, .quit])
        XCTAssertEqual(parser.feed([0x1B, 0x1B, 0x6A]), [.escape, .escape, .scroll(1)])
        // A sequence cut short is dropped, not read as keys.
        XCTAssertEqual(parser.feed(Array("\u{1B}[1".utf8)), [])
        XCTAssertEqual(parser.flush(), [])
        XCTAssertEqual(parser.feed(Array("j".utf8)), [.scroll(1)])
    }

    func testCtrlZSuspendsAndCtrlBackslashQuits() {
        var parser = KeyParser()
        XCTAssertEqual(parser.feed([0x1A, 0x1C]), [.suspend, .quit])
    }
}
