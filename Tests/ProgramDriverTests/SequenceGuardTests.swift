import XCTest

@testable import ProgramDriver

/// No byte stream crashes the emulator, and the screen is what a terminal would make of it.
final class SequenceGuardTests: XCTestCase {
    /// A sink that records what the emulator would be given.
    private struct Recorder: SequenceGuardSink {
        var bytes: [UInt8] = []
        var largestChunk = 0
        var sequences = 0
        mutating func pass(_ chunk: UnsafeRawBufferPointer) {
            bytes += chunk
            largestChunk = max(largestChunk, chunk.count)
        }
        func claims(_ sequence: ControlSequence) -> Bool { true }
        mutating func consume(_ sequence: ControlSequence) -> Bool {
            sequences += 1
            return false
        }
        mutating func consume(string introducer: UInt8, payload: [UInt8], bellTerminated: Bool) -> Bool { false }
        mutating func didReset() {}
    }

    private func guarded(_ parts: [String]) -> Recorder {
        var guardian = SequenceGuard()
        var recorder = Recorder()
        for part in parts { Array(part.utf8).withUnsafeBytes { guardian.feed($0, into: &recorder) } }
        return recorder
    }

    private func text(_ recorder: Recorder) -> String {
        String(decoding: recorder.bytes, as: UTF8.self)
    }

    func testAnSgrOfMoreParametersThanLibvtermHoldsIsSplitBetweenAttributes() {
        // Bold, italic, underline, reverse, strike, double underline, overline, 24-bit foreground and background: 17.
        let sgr = "\u{1B}[1;3;4;7;9;21;53;38;2;10;20;30;48;2;40;50;60m"
        XCTAssertEqual(
            text(guarded([sgr])), "\u{1B}[1;3;4;7;9;21;53;38;2;10;20;30m\u{1B}[48;2;40;50;60m")
        // Colon groups stay whole too.
        let colons = "\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;38:2::1:2:3;4m"
        XCTAssertEqual(text(guarded([colons])), "\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1m\u{1B}[38:2::1:2:3;4m")
    }

    func testModeListsAreSplitAndOtherLongSequencesKeepTheirFirstSixteenParameters() {
        let modes = (1...20).map(String.init).joined(separator: ";")
        XCTAssertEqual(
            text(guarded(["\u{1B}[?\(modes)h"])),
            "\u{1B}[?" + (1...16).map(String.init).joined(separator: ";") + "h\u{1B}[?17;18;19;20h")
        XCTAssertEqual(
            text(guarded(["\u{1B}[" + modes + "H"])),
            "\u{1B}[" + (1...16).map(String.init).joined(separator: ";") + "H")
    }

    func testNumbersAreClampedAndOmittedParametersKept() {
        XCTAssertEqual(
            text(guarded(["\u{1B}[99999999999999999999;5H\u{1B}[;7r"])), "\u{1B}[65535;5H\u{1B}[;7r")
    }

    func testMalformedSequencesAreDroppedAsXtermDropsThemAndControlsInsideRun() {
        // A private marker after a parameter, a parameter after an intermediate, three intermediates: dropped.
        // A carriage return inside a sequence is executed; CAN cancels one.
        XCTAssertEqual(
            text(guarded(["a\u{1B}[1?h\u{1B}[1$1p\u{1B}[1 !!q\u{1B}[1\r2Hb\u{1B}[3\u{18}c"])),
            "a\r\u{1B}[12Hb\u{18}c")
    }

    func testASequenceSplitAcrossWritesIsReadWhole() {
        XCTAssertEqual(
            text(guarded(["x\u{1B}", "[1;", "31", "m\u{1B}]0;ti", "tle\u{1B}", "\\y"])),
            "x\u{1B}[1;31m\u{1B}]0;title\u{1B}\\y")
    }

    func testStringsArePassedAsTheyCameAndEndWhereAnyEmulatorMayEndThem() {
        let long = String(repeating: "x", count: 3 * SequenceGuard.stringLimit)
        XCTAssertEqual(text(guarded(["\u{1B}]0;\(long)\u{7}"])), "\u{1B}]0;\(long)\u{7}")
        XCTAssertEqual(
            text(guarded(["\u{1B}_apc\u{1B}[1m"])), "\u{1B}_apc\u{1B}[1m",
            "ESC ends it and its sequence is read")
    }

    func testAHugeRepeatReachesTheEmulatorInBoundedChunks() {
        let recorder = guarded([String(repeating: "A\u{1B}[10000b", count: 250)])
        XCTAssertEqual(recorder.bytes.count, 250 * 10_001)
        XCTAssertLessThanOrEqual(recorder.largestChunk, SequenceGuard.chunkLimit)
        let megabyte = guarded([String(repeating: "0123456789", count: 100_000)])
        XCTAssertEqual(megabyte.bytes.count, 1_000_000)
        XCTAssertLessThanOrEqual(megabyte.largestChunk, SequenceGuard.chunkLimit)
    }

    func testARepeatIsClampedAndRepeatsNothingBeforeAnyCharacter() {
        XCTAssertEqual(guarded(["\u{1B}[5b"]).bytes.count, 0)
        XCTAssertEqual(guarded(["é\u{1B}[99999b"]).bytes.count, 2 * (1 + SequenceGuard.maxRepeat))
        XCTAssertEqual(text(guarded(["é\r\n\u{1B}[2b"])), "é\r\néé", "controls do not print")
    }

    func testUnderlineColoursAreRemovedSoTheirParametersAreNotReadAsOtherAttributes() {
        XCTAssertEqual(text(guarded(["\u{1B}[4;58;5;200;1m"])), "\u{1B}[4;1m")
        XCTAssertEqual(text(guarded(["\u{1B}[58:2::1:2:3;3m\u{1B}[38;5;58m"])), "\u{1B}[3m\u{1B}[38;5;58m")
        XCTAssertEqual(text(guarded(["a\u{1B}[58;2;1;2;3mb"])), "ab", "nothing left: no SGR at all (CSI m would reset)")
    }

    /// Found by the driver fuzzer: libvterm 0.1.4 opens a control sequence at `[` even after an intermediate.
    func testAnEscapeWithIntermediatesEndingInASequenceIntroducerIsDroppedAndWhatFollowsIsText() {
        let parameters = String(repeating: ";", count: 20)
        XCTAssertEqual(text(guarded(["a\u{1B}+[39;4\(parameters)mb"])), "a39;4\(parameters)mb")
        XCTAssertEqual(text(guarded(["\u{1B}( ]x\u{1B}#Pq\u{1B}(B"])), "xq\u{1B}(B")
    }
}
