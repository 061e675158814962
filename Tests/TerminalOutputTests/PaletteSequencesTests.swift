import XCTest

@testable import TerminalOutput

final class PaletteSequencesTests: XCTestCase {
    /// Every entry, foreground and background, on its first use (evaluated)
    /// and its second (copied): the bytes terminfo's string gives.
    func testEveryPaletteEntryGivesTheCapabilitysBytesFirstAndAfterwards() throws {
        for term in ["xterm-256color", "xterm", "linux"] {
            let capabilities = try TerminalCapabilities.load(term: term)
            var table = PaletteSequences()
            var scratch = OutputBuffer(capacity: 128)
            for pass in 0..<2 {
                for index in 0...255 {
                    for (capability, background) in [
                        (capabilities.setForeground, false), (capabilities.setBackground, true),
                    ] {
                        guard let capability else { continue }
                        var out = OutputBuffer(capacity: 64)
                        out.append(0x41)
                        table.write(
                            capability, index: UInt8(index), background: background, to: &out, scratch: &scratch)
                        XCTAssertEqual(
                            Array(out.written), [0x41] + capability.bytes(index),
                            "\(term) \(index) bg \(background) pass \(pass)")
                    }
                }
            }
        }
    }

    /// Foreground and background entries of one index are kept apart.
    func testForegroundAndBackgroundOfOneIndexDiffer() throws {
        let capabilities = try TerminalCapabilities.load(term: "xterm-256color")
        var table = PaletteSequences()
        var scratch = OutputBuffer(capacity: 128)
        var foreground = OutputBuffer(capacity: 64)
        var background = OutputBuffer(capacity: 64)
        table.write(capabilities.setForeground!, index: 200, background: false, to: &foreground, scratch: &scratch)
        table.write(capabilities.setBackground!, index: 200, background: true, to: &background, scratch: &scratch)
        XCTAssertEqual(String(decoding: foreground.written, as: UTF8.self), "\u{1B}[38;5;200m")
        XCTAssertEqual(String(decoding: background.written, as: UTF8.self), "\u{1B}[48;5;200m")
    }
}
