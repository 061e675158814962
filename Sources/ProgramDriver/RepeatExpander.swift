/// Expands REP (`CSI n b`, repeat the last printed character n times) into
/// the characters themselves before libvterm sees them.
///
/// Why: libvterm 0.1.4 (Debian 12) loses the character printed in the last
/// column after a REP that ends in the column before it (`ESC[1;9H ESC[10b|`
/// on a 20-column screen shows no `|`), where xterm, tmux and pyte print
/// it. ncurses and our encoder both use REP, so without this the screen
/// (and `--verify`) would be wrong on such rows. The expansion is what REP
/// means, so the screen is the same on emulators without the bug.
///
/// A small escape-sequence scanner: it tracks the last printed character
/// (its UTF-8 bytes) through ground text, and skips over escape sequences,
/// CSI sequences and control strings (OSC, DCS, APC, PM, SOS) so bytes
/// inside them are never taken for text. State carries across writes.
struct RepeatExpander {
    private enum State {
        case ground, escape, escapeIntermediate, controlSequence, controlString, controlStringEscape
    }

    private var state = State.ground
    private var lastCharacter: [UInt8] = []
    private var sequence: [UInt8] = []
    /// REP counts above this are clamped (no screen is wider).
    static let maxRepeat = 10_000

    /// The bytes to give the emulator for `input`.
    mutating func expand(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        for byte in input { process(byte, into: &output) }
        return output
    }

    private mutating func process(_ byte: UInt8, into output: inout [UInt8]) {
        switch state {
        case .ground:
            if byte == 0x1B {
                state = .escape
                sequence = [byte]
                return
            }
            if byte >= 0x80 && byte < 0xC0 {
                if !lastCharacter.isEmpty && lastCharacter.count < 4 { lastCharacter.append(byte) }
            } else if byte >= 0x20 && byte != 0x7F {
                lastCharacter = [byte]
            }
            output.append(byte)
        case .escape:
            sequence.append(byte)
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
                state = .controlString
                output += sequence
            case 0x20...0x2F: state = .escapeIntermediate
            default:
                state = .ground
                output += sequence
            }
        case .escapeIntermediate:
            sequence.append(byte)
            if !(0x20...0x2F).contains(byte) {
                state = .ground
                output += sequence
            }
        case .controlSequence:
            sequence.append(byte)
            guard (0x40...0x7E).contains(byte) else { return }
            state = .ground
            if byte == UInt8(ascii: "b"), let count = repeatCount(sequence) {
                for _ in 0..<count { output += lastCharacter }
            } else {
                output += sequence
            }
        case .controlString:
            if byte == 0x1B {
                state = .controlStringEscape
            } else {
                output.append(byte)
                if byte == 0x07 { state = .ground }
            }
        case .controlStringEscape:
            if byte == UInt8(ascii: "\\") {
                output += [0x1B, byte]
                state = .ground
            } else {
                // ESC ends the string (as in xterm and libvterm) and starts a new sequence.
                output.append(0x1B)
                state = .escape
                sequence = [0x1B]
                process(byte, into: &output)
            }
        }
    }

    /// The count of `ESC [ digits b` (1 when omitted); nil for any other form.
    private func repeatCount(_ sequence: [UInt8]) -> Int? {
        let parameters = sequence.dropFirst(2).dropLast()
        guard parameters.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        guard !parameters.isEmpty else { return 1 }
        var value = 0
        for digit in parameters { value = min(Self.maxRepeat, value * 10 + Int(digit - 0x30)) }
        return max(1, value)
    }
}
