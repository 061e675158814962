import FrameGrid
import XCTest

@testable import TerminalOutput

/// Coloured blank runs on terminals with back-colour erase (`bce`): erased
/// cells take the pen's background there, so `el` and `ech` paint them.
final class BackColorEraseTests: XCTestCase {
    private let blue = Style(background: .palette(4))

    /// Row 1 of a 20-column frame: "row" then blanks in `style` from column `from` to `to`.
    private func frame(colouredFrom from: Int, to: Int, style: Style, tail: String = "") -> Grid {
        var grid = Grid.lines(["title", "row"], cols: 20)
        grid.fill(Rect(x: from, y: 1, width: to - from, height: 1), style: style)
        if !tail.isEmpty { grid.write(tail, x: to, y: 1) }
        return grid
    }

    /// The lengths of `ech` and `rep` are remembered per count: a frame
    /// with coloured blank runs of every length from 8 to 17, in a fresh
    /// harness and in one that encoded every such run before, gives the
    /// same bytes, and two counts never share a remembered length.
    func testRememberedEraseAndRepeatLengthsGiveTheBytesFreshOnesDo() throws {
        for term in ["xterm-256color", "st-256color"] {
            let warm = try RenderHarness(cols: 20, rows: 2, term: term)
            for length in 8...17 {
                try warm.render(.lines(["title", "row"], cols: 20))
                try warm.render(frame(colouredFrom: 2, to: 2 + length, style: blue, tail: "x"))
            }
            for length in (8...17).reversed() {
                let fresh = try RenderHarness(cols: 20, rows: 2, term: term)
                try fresh.render(.lines(["title", "row"], cols: 20))
                try warm.render(.lines(["title", "row"], cols: 20))
                let next = frame(colouredFrom: 2, to: 2 + length, style: blue, tail: "x")
                XCTAssertEqual(try warm.render(next), try fresh.render(next), "\(term): a run of \(length)")
            }
        }
    }

    func testTerminfoEntriesTellWhetherErasingUsesThePenBackground() throws {
        XCTAssertTrue(try TerminalCapabilities.load(term: "xterm-256color").backColorErase)
        XCTAssertFalse(try TerminalCapabilities.load(term: "tmux-256color").backColorErase)
        XCTAssertFalse(try TerminalCapabilities.load(term: "kitty").backColorErase)
        XCTAssertFalse(try TerminalCapabilities.load(term: "xterm-mono").backColorErase)
    }

    func testAColouredBlankRunToTheEndOfTheRowIsOneEraseToEndInItsBackground() throws {
        let harness = try RenderHarness(cols: 20, rows: 2)
        try harness.render(.lines(["title", "row"], cols: 20))
        let bytes = try harness.render(frame(colouredFrom: 4, to: 20, style: blue))
        // One step right (the cursor is after "row"), blue background, erase to the end of the line.
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "\u{1B}[C\u{1B}[44m\u{1B}[K")
    }

    func testAColouredBlankRunInsideARowIsEraseCharactersWhenThatIsShorter() throws {
        // st-256color has bce and ech but no rep: twelve blue spaces (12 bytes)
        // cost more than `ech` (5) and the move over the run that it needs (5).
        let harness = try RenderHarness(cols: 20, rows: 2, term: "st-256color")
        try harness.render(.lines(["title", "row"], cols: 20))
        let bytes = try harness.render(frame(colouredFrom: 4, to: 16, style: blue, tail: "end"))
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self), "\u{1B}[C\u{1B}[44m\u{1B}[12X\u{1B}[17G\u{1B}[39;49mend")
    }

    func testAColouredBlankRunInsideARowIsRepeatedWhenEraseCharactersSavesNothing() throws {
        // xterm-256color has rep: a space and `rep` (6 bytes) beat `ech` (5)
        // plus the move over the run (5), which `rep` makes by itself.
        let harness = try RenderHarness(cols: 20, rows: 2)
        try harness.render(.lines(["title", "row"], cols: 20))
        let bytes = try harness.render(frame(colouredFrom: 4, to: 16, style: blue, tail: "end"))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "\u{1B}[C\u{1B}[44m \u{1B}[11b\u{1B}[39;49mend")
    }

    func testBlanksWithAForegroundOrAttributesAreStillPainted() throws {
        // An erase leaves the default foreground and no attributes: an
        // underlined blank, or one whose colour a cursor would show, is painted.
        for style in [
            Style(background: .palette(4), attributes: .underline),
            Style(foreground: .palette(1), background: .palette(4)),
        ] {
            let harness = try RenderHarness(cols: 20, rows: 2)
            try harness.render(.lines(["title", "row"], cols: 20))
            let sent = String(decoding: try harness.render(frame(colouredFrom: 4, to: 20, style: style)), as: UTF8.self)
            XCTAssertFalse(sent.hasSuffix("\u{1B}[K"), sent.debugDescription)
            XCTAssertFalse(sent.contains("X"), sent.debugDescription)
        }
    }

    func testWithoutBackColorEraseColouredBlanksArePaintedAsBefore() throws {
        // kitty's entry has no bce: the blue run is painted (a space repeated with `rep`), never erased.
        let harness = try RenderHarness(cols: 20, rows: 2, term: "kitty")
        try harness.render(.lines(["title", "row"], cols: 20))
        let sent = String(decoding: try harness.render(frame(colouredFrom: 4, to: 20, style: blue)), as: UTF8.self)
        XCTAssertEqual(sent, "\u{1B}[C\u{1B}[44m \u{1B}[15b")
    }

    func testErasingWithoutBackColorEraseStillClearsDefaultBlanks() throws {
        // The default blank is what every terminal's erase leaves, bce or not.
        let harness = try RenderHarness(cols: 20, rows: 2, term: "kitty")
        try harness.render(.lines(["title", "row with some text"], cols: 20))
        let sent = String(decoding: try harness.render(.lines(["title", "row"], cols: 20)), as: UTF8.self)
        // "with some text" (columns 4-17) becomes blanks: one `ech` from column 5.
        XCTAssertEqual(sent, "\u{1B}[5G\u{1B}[14X")
    }

    func testColouredBlankRowsOfAScrollingFrameReplayWithTheirBackgrounds() throws {
        // Several coloured runs and rows, changed frame after frame: the
        // terminal model (which erases in the pen's background) shows each frame.
        let harness = try RenderHarness(cols: 30, rows: 6)
        var grid = Grid(cols: 30, rows: 6)
        for step in 0..<12 {
            for y in 0..<6 {
                let colour = Style(background: .palette(UInt8((y + step) % 8)))
                grid.fill(Rect(x: 0, y: y, width: 30, height: 1), style: colour)
                grid.write("item \(y + step)", x: (y * 3 + step) % 20, y: y, style: colour)
            }
            try harness.render(grid)
        }
    }
}
