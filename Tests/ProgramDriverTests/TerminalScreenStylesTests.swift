import ProgramDriver
import XCTest

final class TerminalScreenStylesTests: XCTestCase {
    private typealias Style = TerminalScreen.CellStyle

    func testColoursKeepTheFormTheProgramChoseAndDefaultsStayDefault() {
        let screen = TerminalScreen(cols: 6, rows: 1)
        screen.write(Array("\u{1B}[31mA\u{1B}[38;5;196mB\u{1B}[38;2;1;2;3mC\u{1B}[0m\u{1B}[44mD\u{1B}[0mE".utf8))
        let row = screen.styles()[0]
        XCTAssertEqual(row[0].foreground, .palette(1))
        XCTAssertEqual(row[1].foreground, .palette(196))
        XCTAssertEqual(row[2].foreground, .rgb(red: 1, green: 2, blue: 3))
        XCTAssertEqual(row[3], Style(foreground: .default, background: .palette(4), attributes: []))
        XCTAssertEqual(row[4], .plain)
        XCTAssertEqual(row[5], .plain)
    }

    func testAttributesAreNamedAsRecordingsNameThem() {
        let screen = TerminalScreen(cols: 3, rows: 1)
        screen.write(Array("\u{1B}[1;3;4;7;9mX\u{1B}[0m\u{1B}[2mY".utf8))
        XCTAssertEqual(screen.styles()[0][0].attributes, ["bold", "italic", "underline", "reverse", "strikethrough"])
        XCTAssertEqual(screen.styles()[0][1], .plain, "libvterm keeps no dim")
    }

    func testTheRightHalfOfAWideCharacterHasItsLeftHalfsStyle() {
        let screen = TerminalScreen(cols: 4, rows: 1)
        screen.write(Array("\u{1B}[32m字\u{1B}[0mx".utf8))
        XCTAssertEqual(screen.styles()[0].map(\.foreground), [.palette(2), .palette(2), .default, .default])
    }

    func testLineDrawingCellsReadAsTheirGlyphs() {
        let screen = TerminalScreen(cols: 6, rows: 1)
        screen.write(Array("\u{1B}(0lqqk\u{1B}(Bx".utf8))
        XCTAssertEqual(screen.lines(), ["┌──┐x"])
    }
}
