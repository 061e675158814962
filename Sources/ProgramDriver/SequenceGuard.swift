#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// What `SequenceGuard` hands on: bytes for the emulator, and the complete
/// sequences a terminal answers, before they are passed.
protocol SequenceGuardSink {
    /// Bytes for the emulator, in order, at most `SequenceGuard.chunkLimit` at a time.
    mutating func pass(_ bytes: UnsafeRawBufferPointer)
    /// Whether `consume` must see `sequence` (a query, a mode it tracks):
    /// only those are handed over with everything before them passed first,
    /// so the rest (SGR, cursor moves) stay in one emulator call.
    func claims(_ sequence: ControlSequence) -> Bool
    /// A complete control sequence `claims` chose; true when it was consumed
    /// (answered here, not passed to the emulator). Everything before it has been passed.
    mutating func consume(_ sequence: ControlSequence) -> Bool
    /// A complete control string of at most `SequenceGuard.stringLimit`
    /// bytes: `introducer` is `]` (OSC) or `P` (DCS), `payload` excludes the
    /// introducer and terminator, `bellTerminated` says whether it ended in
    /// BEL rather than ST. True when consumed.
    mutating func consume(string introducer: UInt8, payload: [UInt8], bellTerminated: Bool) -> Bool
    /// The program reset the terminal (`ESC c`).
    mutating func didReset()
}

/// Sits between the program's bytes and libvterm 0.1.4 and makes sure no
/// byte stream can crash the emulator, while the screen shows what a
/// terminal would make of the stream:
///
/// - Bytes go to the emulator in chunks of at most `chunkLimit`: libvterm
///   converts one call's text on the stack, and one multi-megabyte write
///   overflowed it (SIGSEGV).
/// - Every control sequence is parsed here and re-encoded, so libvterm
///   never sees one it cannot hold: more than 16 parameters (its
///   `CSI_ARGS_MAX`; 17 crash it) are split as `ControlSequence.parameterGroups`
///   says (an SGR between attributes, keeping its meaning), numbers are
///   clamped, malformed ones are dropped as xterm drops them.
/// - REP (`CSI n b`) is expanded into the characters themselves (libvterm
///   0.1.4 loses the character printed in the last column after a REP that
///   ends in the column before it, where xterm, tmux and pyte print it),
///   through the same bounded chunks, at most `maxRepeat` a sequence.
/// - Underline colours (SGR 58) are removed: libvterm 0.1.4 does not know
///   58 and would read `58;5;n`'s 5 as blink.
///
/// Why it is safe whatever the bytes: every ESC the emulator receives
/// starts a complete sequence written here (a re-encoded CSI, a whole
/// `ESC` sequence, a string's introducer or its ST); text and string
/// contents are passed without ESC, and in UTF-8 mode libvterm reads no
/// 8-bit C1 controls. So libvterm's parser is only ever in its ground or
/// string state when a byte of ours arrives. Strings are ended here at the
/// first byte that may end them in any emulator (BEL, CAN, SUB, ESC).
///
/// State carries across `feed` calls (a sequence may be split anywhere).
/// Ground text is scanned a run at a time and passed without copying; the
/// staging buffer is reused, so feeding allocates nothing in steady state.
struct SequenceGuard {
    /// The most bytes given to the emulator in one call.
    static let chunkLimit = 4096
    /// REP counts above this are clamped (no screen row is wider).
    static let maxRepeat = 10_000
    /// Text runs up to this length are copied to the staging buffer (one
    /// emulator call with the sequences around them); longer ones are passed from the input.
    static let copiedRun = 256
    /// Control strings up to this length are offered to the sink whole; longer ones are passed on as they come.
    static let stringLimit = 512

    private enum State {
        case ground
        case escape
        case controlSequence
        /// A malformed control sequence: read up to its final byte, then dropped.
        case controlSequenceIgnored
        /// An OSC or DCS being collected (up to `stringLimit`).
        case stringCollected
        case stringCollectedEscape
        /// Any other control string, or one longer than `stringLimit`: passed on as it comes.
        case stringPassed
    }

    private var state = State.ground
    private var sequence = ControlSequence()
    /// The current parameter's value, or `ControlSequence.missing` when it has no digit yet.
    private var parameter = ControlSequence.missing
    /// A parameter byte has been seen (so a leader is no longer allowed).
    private var hasParameters = false
    /// `ESC` and the intermediates of the escape sequence being read.
    private var escape: [UInt8] = []
    private var escapeIntermediates = 0
    private var stringIntroducer: UInt8 = 0
    private var stringPayload: [UInt8] = []
    /// The UTF-8 bytes of the last printed character, for REP.
    private var lastCharacter: [UInt8] = []
    private var staging: [UInt8] = []
    /// `repeatedCharacter` repeated up to `chunkLimit` bytes, for long REPs.
    private var repeatBuffer: [UInt8] = []
    private var repeatedCharacter: [UInt8] = []

    init() {
        staging.reserveCapacity(Self.chunkLimit + 64)
        escape.reserveCapacity(4)
        lastCharacter.reserveCapacity(4)
        stringPayload.reserveCapacity(Self.stringLimit)
    }

    /// Reads `input`, handing the emulator's bytes and the complete queries to `sink`.
    mutating func feed<Sink: SequenceGuardSink>(
        _ input: UnsafeRawBufferPointer, into sink: inout Sink
    ) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let end = input.count
        var index = 0
        while index < end {
            switch state {
            case .ground:
                let found = memchr(base + index, 0x1B, end - index)
                let runEnd = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
                if runEnd > index {
                    noteLastCharacter(base, index, runEnd)
                    if runEnd - index <= Self.copiedRun {
                        staging.append(contentsOf: UnsafeBufferPointer(start: base + index, count: runEnd - index))
                        if staging.count >= Self.chunkLimit { flush(into: &sink) }
                    } else {
                        flush(into: &sink)
                        passDirect(base, index, runEnd, into: &sink)
                    }
                }
                if runEnd < end {
                    beginEscape()
                    index = runEnd + 1
                } else {
                    index = end
                }
            case .stringPassed:
                var runEnd = index
                while runEnd < end && !Self.mayEndString(base[runEnd]) { runEnd += 1 }
                if runEnd > index {
                    flush(into: &sink)
                    passDirect(base, index, runEnd, into: &sink)
                }
                if runEnd < end {
                    let byte = base[runEnd]
                    state = .ground
                    if byte == 0x1B { beginEscape() } else { emit(byte, into: &sink) }
                    index = runEnd + 1
                } else {
                    index = end
                }
            default:
                process(base[index], into: &sink)
                index += 1
            }
        }
        flush(into: &sink)
    }

    /// The finals after ESC that open a control sequence or string.
    private static func introducesSequence(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
            UInt8(ascii: "X"):
            return true
        default:
            return false
        }
    }

    private static func mayEndString(_ byte: UInt8) -> Bool {
        byte == 0x1B || byte == 0x07 || byte == 0x18 || byte == 0x1A
    }

    private mutating func beginEscape() {
        state = .escape
        escape.removeAll(keepingCapacity: true)
        escape.append(0x1B)
        escapeIntermediates = 0
    }

    private mutating func process<Sink: SequenceGuardSink>(_ byte: UInt8, into sink: inout Sink) {
        switch state {
        case .ground, .stringPassed:
            preconditionFailure("runs are read in feed")
        case .escape:
            processEscape(byte, into: &sink)
        case .controlSequence, .controlSequenceIgnored:
            processControlSequence(byte, into: &sink)
        case .stringCollected:
            if Self.mayEndString(byte) {
                if byte == 0x1B {
                    state = .stringCollectedEscape
                } else {
                    endString(terminator: byte, into: &sink)
                }
            } else if stringPayload.count < Self.stringLimit {
                stringPayload.append(byte)
            } else {
                emitStringStart()
                state = .stringPassed
                emit(byte, into: &sink)
            }
        case .stringCollectedEscape:
            if byte == UInt8(ascii: "\\") {
                endString(terminator: 0x1B, into: &sink)
            } else {
                // ESC ends the string (xterm, libvterm) and starts a new sequence.
                emitStringStart()
                state = .ground
                beginEscape()
                process(byte, into: &sink)
            }
        }
    }

    private mutating func processEscape(_ byte: UInt8, into sink: inout some SequenceGuardSink) {
        switch byte {
        case 0x1B:
            beginEscape()
        case 0x18, 0x1A:
            // CAN and SUB cancel the sequence.
            state = .ground
            emit(byte, into: &sink)
        case 0x00...0x1F:
            emit(byte, into: &sink)  // executed where it stands, as in a terminal; the sequence goes on
        case 0x7F:
            break
        case 0x20...0x2F:
            escapeIntermediates += 1
            if escapeIntermediates <= 2 { escape.append(byte) }
        case 0x30...0x7E:
            state = .ground
            guard escapeIntermediates <= 2 else { return }  // more than any escape sequence has: dropped
            // libvterm 0.1.4 starts a control sequence or string at `[`, `]`, `P`... even after
            // intermediates (`ESC + [` then 20 parameters crashed it; found by the driver fuzzer).
            // For xterm it is a charset designation it does not know, so nothing: dropped.
            if escapeIntermediates > 0 && Self.introducesSequence(byte) { return }
            if escapeIntermediates == 0 {
                switch byte {
                case UInt8(ascii: "["):
                    state = .controlSequence
                    sequence.reset()
                    parameter = ControlSequence.missing
                    hasParameters = false
                    return
                case UInt8(ascii: "]"), UInt8(ascii: "P"):
                    state = .stringCollected
                    stringIntroducer = byte
                    stringPayload.removeAll(keepingCapacity: true)
                    return
                case UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
                    state = .stringPassed
                    emit(0x1B, into: &sink)
                    emit(byte, into: &sink)
                    return
                case UInt8(ascii: "Z"):
                    // DECID: xterm answers it as DA1 (`CSI c`), so it goes where DA1 goes.
                    state = .ground
                    sequence.reset()
                    sequence.final = UInt8(ascii: "c")
                    dispatch(into: &sink)
                    return
                case UInt8(ascii: "c"):
                    flush(into: &sink)
                    sink.didReset()
                default:
                    break
                }
            }
            for escaped in escape { emit(escaped, into: &sink) }
            emit(byte, into: &sink)
        default:
            // A byte of 0x80 or more cannot continue an escape sequence: the ESC is dropped, the byte is text.
            state = .ground
            emit(byte, into: &sink)
        }
    }

    private mutating func processControlSequence(
        _ byte: UInt8, into sink: inout some SequenceGuardSink
    ) {
        let ignored = state == .controlSequenceIgnored
        switch byte {
        case 0x1B:
            beginEscape()
        case 0x18, 0x1A:
            state = .ground
            emit(byte, into: &sink)
        case 0x00...0x1F:
            emit(byte, into: &sink)
        case 0x30...0x39:
            guard !ignored else { return }
            if sequence.hasIntermediate {
                state = .controlSequenceIgnored
                return
            }
            hasParameters = true
            let digit = Int32(byte - 0x30)
            parameter =
                parameter == ControlSequence.missing
                ? digit : min(ControlSequence.maxParameter, parameter * 10 + digit)
        case UInt8(ascii: ":"), UInt8(ascii: ";"):
            guard !ignored else { return }
            if sequence.hasIntermediate {
                state = .controlSequenceIgnored
                return
            }
            hasParameters = true
            endParameter(colon: byte == UInt8(ascii: ":"))
        case 0x3C...0x3F:
            guard !ignored else { return }
            // A private marker is allowed only first (xterm ignores the sequence otherwise).
            if hasParameters || sequence.leader != 0 || sequence.hasIntermediate {
                state = .controlSequenceIgnored
            } else {
                sequence.leader = byte
            }
        case 0x20...0x2F:
            guard !ignored else { return }
            if sequence.intermediate.0 == 0 {
                sequence.intermediate.0 = byte
            } else if sequence.intermediate.1 == 0 {
                sequence.intermediate.1 = byte
            } else {
                state = .controlSequenceIgnored
            }
        case 0x40...0x7E:
            state = .ground
            guard !ignored else { return }
            if hasParameters { endParameter(colon: false) }
            sequence.final = byte
            dispatch(into: &sink)
        case 0x7F:
            break
        default:
            state = .controlSequenceIgnored
        }
    }

    private mutating func endParameter(colon: Bool) {
        if sequence.parameters.count < ControlSequence.parameterLimit {
            sequence.parameters.append(parameter)
            sequence.colonAfter.append(colon)
        }
        parameter = ControlSequence.missing
    }

    private mutating func dispatch(into sink: inout some SequenceGuardSink) {
        if sequence.isForm(leader: 0, final: UInt8(ascii: "b")) {
            repeatLastCharacter(
                min(Self.maxRepeat, Int(max(1, sequence.parameter(0, default: 1)))), into: &sink)
            return
        }
        if sink.claims(sequence) {
            flush(into: &sink)
            if sink.consume(sequence) { return }
        }
        if sequence.setsUnderlineColour {
            sequence.removeUnderlineColour()
            // Nothing left: sending `CSI m` would reset every attribute.
            if sequence.parameters.isEmpty { return }
        }
        if sequence.parameters.count <= ControlSequence.emulatorParameterLimit {
            sequence.encode(parameters: 0..<sequence.parameters.count, into: &staging)
        } else {
            for group in sequence.parameterGroups() { sequence.encode(parameters: group, into: &staging) }
        }
        if staging.count >= Self.chunkLimit { flush(into: &sink) }
    }

    /// Emits the last printed character `count` times: short runs through
    /// the staging buffer, long ones from a reused buffer of the character
    /// repeated, a chunk at a time.
    private mutating func repeatLastCharacter(_ count: Int, into sink: inout some SequenceGuardSink) {
        let unit = lastCharacter.count
        guard unit > 0 else { return }
        if count * unit <= 64 {
            for _ in 0..<count { staging.append(contentsOf: lastCharacter) }
            if staging.count >= Self.chunkLimit { flush(into: &sink) }
            return
        }
        if repeatedCharacter != lastCharacter {
            // Allocates once per distinct character repeated at length (REP of a space, a line-drawing glyph...).
            repeatedCharacter = lastCharacter
            repeatBuffer.removeAll(keepingCapacity: true)
            for _ in 0..<(Self.chunkLimit / unit) { repeatBuffer.append(contentsOf: lastCharacter) }
        }
        flush(into: &sink)
        var remaining = count * unit
        repeatBuffer.withUnsafeBytes { raw in
            while remaining > 0 {
                let length = min(remaining, raw.count)
                sink.pass(UnsafeRawBufferPointer(rebasing: raw[0..<length]))
                remaining -= length
            }
        }
    }

    private mutating func emitStringStart() {
        staging.append(0x1B)
        staging.append(stringIntroducer)
        staging.append(contentsOf: stringPayload)
    }

    private mutating func endString(terminator: UInt8, into sink: inout some SequenceGuardSink) {
        state = .ground
        flush(into: &sink)
        if terminator == 0x07 || terminator == 0x1B,
            sink.consume(
                string: stringIntroducer, payload: stringPayload, bellTerminated: terminator == 0x07)
        {
            return
        }
        emitStringStart()
        if terminator == 0x1B {
            staging.append(0x1B)
            staging.append(UInt8(ascii: "\\"))
        } else {
            staging.append(terminator)
        }
        flush(into: &sink)
    }

    /// Keeps the last printed character of ground text `base[start..<end]` (no ESC in it) for REP.
    private mutating func noteLastCharacter(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
        var index = end - 1
        // Controls do not print; the last character is the last graphic one.
        while index >= start && (base[index] < 0x20 || base[index] == 0x7F) { index -= 1 }
        guard index >= start else { return }
        var lead = index
        while lead > start && lead > index - 3 && (0x80..<0xC0).contains(base[lead]) { lead -= 1 }
        if (0x80..<0xC0).contains(base[lead]) {
            // Only continuation bytes in this run: they end the character begun in the previous one.
            for offset in lead...index where lastCharacter.count < 4 {
                lastCharacter.append(base[offset])
            }
            return
        }
        lastCharacter.removeAll(keepingCapacity: true)
        for offset in lead...index { lastCharacter.append(base[offset]) }
    }

    private mutating func emit(_ byte: UInt8, into sink: inout some SequenceGuardSink) {
        staging.append(byte)
        if staging.count >= Self.chunkLimit { flush(into: &sink) }
    }

    private mutating func flush(into sink: inout some SequenceGuardSink) {
        guard !staging.isEmpty else { return }
        staging.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = min(Self.chunkLimit, raw.count - offset)
                sink.pass(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)]))
                offset += count
            }
        }
        staging.removeAll(keepingCapacity: true)
    }

    private func passDirect(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into sink: inout some SequenceGuardSink
    ) {
        var offset = start
        while offset < end {
            let count = min(Self.chunkLimit, end - offset)
            sink.pass(UnsafeRawBufferPointer(start: base + offset, count: count))
            offset += count
        }
    }
}
