import ProgramDriver
import XCTest

@testable import Harness

final class ProgramRecordingStylesTests: XCTestCase {
    func testARowsStylesAreWrittenAsRunsOfNonDefaultCellsInRecordsShape() {
        let screen = TerminalScreen(cols: 8, rows: 1)
        screen.write(Array("\u{1B}[1;31mab\u{1B}[0m \u{1B}[48;5;236mcd\u{1B}[0m\u{1B}[38;2;255;128;0;7mE\u{1B}[0m".utf8))
        XCTAssertEqual(
            ProgramRecording.styleRuns(screen.styles()[0]),
            "[{\"x\": 0, \"n\": 2, \"fg\": 1, \"bg\": \"default\", \"attrs\": [\"bold\"]}, "
                + "{\"x\": 3, \"n\": 2, \"fg\": \"default\", \"bg\": 236, \"attrs\": []}, "
                + "{\"x\": 5, \"n\": 1, \"fg\": \"#ff8000\", \"bg\": \"default\", \"attrs\": [\"reverse\"]}]")
    }

    func testAPlainRowHasNoRuns() {
        let screen = TerminalScreen(cols: 4, rows: 1)
        screen.write(Array("text".utf8))
        XCTAssertEqual(ProgramRecording.styleRuns(screen.styles()[0]), "[]")
    }
}
