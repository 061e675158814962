import CVTerm

/// The answers `TerminalScreen` gives where libvterm 0.1.4 gives none or
/// gives an old terminal's, so that a program probing at start-up (Textual,
/// Bubble Tea, vim, ncurses) sees a current terminal and draws as it would
/// in one. Everything else (DSR 5/6, DECXCPR, DECRQSS, DECRQM of the modes
/// libvterm reports) is answered by libvterm from its own state.
///
/// | query | answer | as |
/// |---|---|---|
/// | DECRQM `CSI ? 2026 $ p` | `CSI ? 2026 ; 1/2 $ y` (set while the program has it on) | kitty, foot, WezTerm, iTerm2, tmux 3.4 (xterm 379 does not know 2026) |
/// | DECRQM `CSI ? 1049/47 $ p` | libvterm's alternate-screen state (its 1047) under the number asked | xterm 379 |
/// | DECRQM `CSI 4/20 $ p` (ANSI) | 1/2 from IRM/LNM as set; 0 for other ANSI modes | xterm 379 |
/// | DA1 `CSI c` | `CSI ? 62 ; 22 c` (VT220 class, ANSI colour) | xterm 379 `-ti vt220`, without features libvterm lacks |
/// | DA2 `CSI > c` | `CSI > 1 ; 379 ; 0 c` | xterm 379 `-ti vt220` |
/// | DA3 `CSI = c` | `DCS ! | 00000000 ST` | xterm 379 |
/// | XTVERSION `CSI > q` | `DCS > | FrameBench(libvterm 0.1.4) ST` (a name, as every terminal gives its own) | form of xterm 379 |
/// | OSC 10/11 `?` (also 4;n;?) | `OSC 10/11 ; rgb:RRRR/GGGG/BBBB` of libvterm's own colours, same terminator | xterm 379 |
/// | kitty keyboard `CSI ? u` (and `CSI > u`, `CSI < u`, `CSI = u`) | none: not supported (a DA1 sent after it is answered first) | xterm 379 |
/// | SCOSC `CSI s`, SCORC `CSI u` (not queries) | saved/restored as DECSC/DECRC (libvterm homes the cursor on `CSI s`) | xterm 379 |
/// | XTGETTCAP `DCS + q name ST` | `DCS 1 + r name=value ST` for Co/colors (256), else `DCS 0 + r name ST` | xterm 379 form |
enum TerminalAnswers {
    static let primaryAttributes = Array("\u{1B}[?62;22c".utf8)
    static let secondaryAttributes = Array("\u{1B}[>1;379;0c".utf8)
    static let tertiaryAttributes = Array("\u{1B}P!|00000000\u{1B}\\".utf8)
    static let version = Array("\u{1B}P>|FrameBench(libvterm 0.1.4)\u{1B}\\".utf8)
    /// The termcap names XTGETTCAP answers, hex-encoded as asked, and their values.
    static let capabilities: [String: String] = ["Co": "256", "colors": "256"]
}

/// Hands the guard's bytes to libvterm and its queries to the answers.
struct EmulatorFeed: SequenceGuardSink {
    unowned(unsafe) let screen: TerminalScreen

    func pass(_ bytes: UnsafeRawBufferPointer) { screen.passToEmulator(bytes) }

    func claims(_ sequence: ControlSequence) -> Bool { TerminalScreen.claims(sequence) }

    func consume(_ sequence: ControlSequence) -> Bool { screen.answer(sequence) }

    func consume(string introducer: UInt8, payload: [UInt8], bellTerminated: Bool) -> Bool {
        screen.answer(string: introducer, payload: payload, bellTerminated: bellTerminated)
    }

    func didReset() { screen.modes = TerminalModes() }
}

extension TerminalScreen {
    /// The sequences `answer` looks at: by final byte, every form it handles.
    static func claims(_ sequence: ControlSequence) -> Bool {
        switch sequence.final {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "p"), UInt8(ascii: "c"), UInt8(ascii: "q"),
            UInt8(ascii: "s"), UInt8(ascii: "u"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// Answers `sequence` if it is a query answered here; notes the modes it sets. True when consumed.
    func answer(_ sequence: ControlSequence) -> Bool {
        let dollar = UInt8(ascii: "$")
        switch (sequence.leader, sequence.intermediate.0, sequence.final) {
        case (_, 0, UInt8(ascii: "h")), (_, 0, UInt8(ascii: "l")):
            modes.note(sequence)
            return false
        case (0, UInt8(ascii: "!"), UInt8(ascii: "p")):
            modes.softReset()
            return false
        case (UInt8(ascii: "?"), dollar, UInt8(ascii: "p")):
            if !answerModeRequest(sequence.parameter(0, default: 0)) { askEmulator(sequence) }
            return true
        case (_, 0, UInt8(ascii: "n")):
            askEmulator(sequence)  // DSR, CPR, DECXCPR: libvterm knows the cursor
            return true
        case (0, dollar, UInt8(ascii: "p")):
            let mode = sequence.parameter(0, default: 0)
            reply("\u{1B}[\(mode);\(modes.ansiMode(mode))$y")
            return true
        case (0, 0, UInt8(ascii: "c")):
            if sequence.parameter(0, default: 0) == 0 { reply(TerminalAnswers.primaryAttributes) }
            return true
        case (UInt8(ascii: ">"), 0, UInt8(ascii: "c")):
            if sequence.parameter(0, default: 0) == 0 { reply(TerminalAnswers.secondaryAttributes) }
            return true
        case (UInt8(ascii: "="), 0, UInt8(ascii: "c")):
            if sequence.parameter(0, default: 0) == 0 { reply(TerminalAnswers.tertiaryAttributes) }
            return true
        case (UInt8(ascii: ">"), 0, UInt8(ascii: "q")):
            if sequence.parameter(0, default: 0) == 0 { reply(TerminalAnswers.version) }
            return true
        case (0, 0, UInt8(ascii: "s")) where sequence.parameters.isEmpty && !modes.leftRightMargins,
            (0, 0, UInt8(ascii: "u")) where sequence.parameters.isEmpty:
            // SCOSC / SCORC, as xterm reads them: libvterm 0.1.4 takes `CSI s` for DECSLRM
            // (the cursor goes home) and ignores `CSI u`. DECSC / DECRC do the same.
            let escape: [UInt8] = [
                0x1B, sequence.final == UInt8(ascii: "s") ? UInt8(ascii: "7") : UInt8(ascii: "8"),
            ]
            escape.withUnsafeBytes { passToEmulator($0) }
            return true
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "u")), (UInt8(ascii: ">"), 0, UInt8(ascii: "u")),
            (UInt8(ascii: "<"), 0, UInt8(ascii: "u")), (UInt8(ascii: "="), 0, UInt8(ascii: "u")):
            return true  // the kitty keyboard protocol: not supported, so no answer and no effect
        default:
            return false
        }
    }

    /// DECRQM of private mode `mode`: the tracked ones here, the alternate
    /// screen from libvterm's 1047 (it reports no 47 or 1049), the rest by libvterm.
    private func answerModeRequest(_ mode: Int32) -> Bool {
        if let value = modes.privateMode(mode) {
            reply("\u{1B}[?\(mode);\(value)$y")
            return true
        }
        guard mode == 47 || mode == 1049 else { return false }
        drainEmulatorOutput()
        let pending = replies
        replies.removeAll()
        Array("\u{1B}[?1047$p".utf8).withUnsafeBytes { passToEmulator($0) }
        drainEmulatorOutput()
        let probe = String(decoding: replies, as: UTF8.self)
        replies = pending
        let value = probe == "\u{1B}[?1047;1$y" ? 1 : 2
        reply("\u{1B}[?\(mode);\(value)$y")
        return true
    }

    /// Answers OSC 10/11/4 colour queries and XTGETTCAP. True when consumed.
    func answer(string introducer: UInt8, payload: [UInt8], bellTerminated: Bool) -> Bool {
        let terminator = bellTerminated ? "\u{7}" : "\u{1B}\\"
        let text = String(decoding: payload, as: UTF8.self)
        if introducer == UInt8(ascii: "]") {
            guard let answers = colourAnswers(text) else { return false }
            for answer in answers { reply("\u{1B}]\(answer)\(terminator)") }
            return true
        }
        guard text.hasPrefix("+q") else {
            guard introducer == UInt8(ascii: "P") else { return false }
            // DECRQSS and other DCS: libvterm answers, at once (see `askEmulator`).
            var bytes: [UInt8] = [0x1B, introducer] + payload
            bytes += bellTerminated ? [0x07] : [0x1B, UInt8(ascii: "\\")]
            bytes.withUnsafeBytes { passToEmulator($0) }
            drainEmulatorOutput()
            return true
        }
        for name in text.dropFirst(2).split(separator: ";", omittingEmptySubsequences: false) {
            if let decoded = Self.unhex(name), let value = TerminalAnswers.capabilities[decoded] {
                reply("\u{1B}P1+r\(name)=\(Self.hex(value))\u{1B}\\")
            } else {
                reply("\u{1B}P0+r\(name)\u{1B}\\")
            }
        }
        return true
    }

    /// The answers to an OSC made only of colour queries (`10;?`, `11;?`,
    /// `10;?;?` for both, `4;n;?`), nil for any other OSC (passed on).
    private func colourAnswers(_ text: String) -> [String]? {
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        guard let command = fields.first, fields.count >= 2 else { return nil }
        var answers: [String] = []
        let state = vterm_obtain_state(terminal)
        switch command {
        case "10", "11":
            // xterm reads `10;?;?` as 10 then 11: each further field is the next colour.
            guard fields.dropFirst().allSatisfy({ $0 == "?" }), fields.count <= 3 else { return nil }
            var foreground = VTermColor()
            var background = VTermColor()
            vterm_state_get_default_colors(state, &foreground, &background)
            for (offset, _) in fields.dropFirst().enumerated() {
                let number = Int(command)! + offset
                answers.append("\(number);\(Self.rgb(number == 10 ? foreground : background, state))")
            }
        case "4":
            let pairs = fields.dropFirst()
            guard pairs.count % 2 == 0 else { return nil }
            var index = pairs.startIndex
            while index < pairs.endIndex {
                guard let number = Int(pairs[index]), (0..<256).contains(number), pairs[index + 1] == "?"
                else {
                    return nil
                }
                var colour = VTermColor()
                vterm_state_get_palette_color(state, Int32(number), &colour)
                answers.append("4;\(number);\(Self.rgb(colour, state))")
                index += 2
            }
        default:
            return nil
        }
        return answers
    }

    /// xterm's colour form: four hex digits a channel (the byte twice).
    private static func rgb(_ colour: VTermColor, _ state: OpaquePointer?) -> String {
        var colour = colour
        vterm_state_convert_color_to_rgb(state, &colour)
        func channel(_ value: UInt8) -> String {
            let digits = String(value, radix: 16)
            let byte = digits.count == 1 ? "0" + digits : digits
            return byte + byte
        }
        return "rgb:\(channel(colour.rgb.red))/\(channel(colour.rgb.green))/\(channel(colour.rgb.blue))"
    }

    private static func hex(_ text: String) -> String {
        text.utf8.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    private static func unhex(_ text: Substring) -> String? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[pair..<(pair + 2)], as: UTF8.self), radix: 16)
            else {
                return nil
            }
            bytes.append(byte)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Passes a query libvterm answers and takes its answer at once: libvterm
    /// 0.1.4 keeps 64 bytes of output and drops the rest, so queries sent
    /// together in one write would otherwise lose their answers.
    private func askEmulator(_ sequence: ControlSequence) {
        var bytes: [UInt8] = []
        sequence.encode(
            parameters: 0..<min(sequence.parameters.count, ControlSequence.emulatorParameterLimit), into: &bytes)
        drainEmulatorOutput()
        bytes.withUnsafeBytes { passToEmulator($0) }
        drainEmulatorOutput()
    }

    func reply(_ text: String) { reply(Array(text.utf8)) }

    /// Appends an answer after the replies libvterm already has (so they stay in the order asked).
    func reply(_ bytes: [UInt8]) {
        drainEmulatorOutput()
        replies.append(contentsOf: bytes)
    }
}
