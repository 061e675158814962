import FrameGrid
import TerminalOutput
import XCTest

@testable import ProgramDriver

/// The columns the grid gives clusters are the columns a terminal we did not
/// write gives them: libvterm, fed the renderer's bytes, must show the text
/// after each cluster where the grid put it.
final class ClusterColumnsTests: XCTestCase {
    func testTextAfterIndicJamoAndEmojiClustersLandsWhereTheGridPutIt() throws {
        let samples = [
            "\u{0915}\u{0940}",  // की: a consonant and its vowel sign
            "\u{0915}\u{094D}\u{0937}\u{093F}",  // क्षि: a conjunct and a vowel sign
            "\u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947} \u{0926}\u{0941}\u{0928}\u{093F}\u{092F}\u{093E}",  // नमस्ते दुनिया
            "\u{0915}\u{094D}\u{200D}\u{0937}",  // a half form
            "\u{FFFD}\u{0940}",  // what the render fuzzer found
            "\u{0995}\u{09BE}",  // Bengali কা
            "a\u{1F3FD}",  // a skin tone on a letter
            "\u{1100}\u{1100}", "\u{1100}\u{AC00}", "\u{1100}\u{1161}\u{11A8}",  // jamo
            "e\u{301}\u{302}", "가나", "ｶﾞ", "😀", "🇰🇷",
            // Not "か\u{3099}": libvterm gives the combining voiced mark two
            // columns (it is East Asian Wide); glibc's wcwidth (tmux) and
            // xterm give it none, as the grid does.
        ]
        for sample in samples {
            let name = sample.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            var grid = Grid(cols: 30, rows: 1)
            let end = grid.write(sample, x: 0, y: 0)
            grid.write("|", x: end, y: 0)
            let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
            let capture = CaptureSink()
            _ = try renderer.render(grid, to: capture)
            let screen = TerminalScreen(cols: 30, rows: 1)
            screen.write(capture.bytes)
            var column = 0
            var shown = -1
            while column < 30 {
                let cell = screen.cell(row: 0, col: column)
                if cell.chars.0 == 0x7C {
                    shown = column
                    break
                }
                column += max(1, Int(cell.width))
            }
            XCTAssertEqual(shown, end, "libvterm shows the text after \(name) at another column than the grid")
        }
    }
}
