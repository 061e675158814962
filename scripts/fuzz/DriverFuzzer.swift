// libFuzzer entry point for the program driver's byte path: arbitrary bytes
// (seeded with real programs' recorded streams, scripts/fuzz/driver-corpus)
// are what a program wrote. They go through `TerminalScreen` (the sequence
// guard, libvterm, the answers) in writes of varying sizes with a resize
// half-way, and through the guard alone into a checker that asserts what
// libvterm may receive: chunks of at most `SequenceGuard.chunkLimit`, and
// every control sequence well formed with at most 16 parameters of at most
// 65535. libvterm is not built with AddressSanitizer, so the checker is the
// oracle for what it is given. Built and run by scripts/fuzz.sh.
@testable import ProgramDriver

/// What libvterm is given, checked as it arrives (state carries across chunks).
private struct EmulatorInputChecker: SequenceGuardSink {
    private enum State { case other, escape, controlSequence }
    private var state = State.other
    private var parameters = 0
    private var digits = 0
    private var value = 0

    mutating func pass(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= SequenceGuard.chunkLimit, "a chunk of \(bytes.count) bytes")
        for byte in bytes { check(byte) }
    }

    private mutating func check(_ byte: UInt8) {
        switch state {
        case .other:
            if byte == 0x1B { state = .escape }
        case .escape:
            // As libvterm 0.1.4 reads it: intermediates keep the escape open, and `[` opens a
            // control sequence even after them.
            if (0x20...0x2F).contains(byte) { return }
            state = byte == UInt8(ascii: "[") ? .controlSequence : (byte == 0x1B ? .escape : .other)
            parameters = 1
            value = 0
        case .controlSequence:
            switch byte {
            case 0x30...0x39:
                value = value * 10 + Int(byte - 0x30)
                precondition(value <= 65_535, "a parameter above 65535")
            case UInt8(ascii: ";"), UInt8(ascii: ":"):
                parameters += 1
                value = 0
                precondition(parameters <= ControlSequence.emulatorParameterLimit, "a sequence of 17 parameters")
            case 0x20...0x2F, 0x3C...0x3F:
                break
            case 0x40...0x7E:
                state = .other
            default:
                preconditionFailure("byte \(byte) inside a control sequence given to libvterm")
            }
        }
    }

    func claims(_ sequence: ControlSequence) -> Bool { true }

    mutating func consume(_ sequence: ControlSequence) -> Bool { false }
    mutating func consume(string introducer: UInt8, payload: [UInt8], bellTerminated: Bool) -> Bool {
        precondition(payload.count <= SequenceGuard.stringLimit)
        return false
    }
    mutating func didReset() {}
}

/// Write sizes, cycled: single bytes split every sequence, large ones cross the chunk limit.
private let writeSizes = [1, 7, 64, 3, 509, 2, 4100, 31, 1]

@_cdecl("LLVMFuzzerTestOneInput")
public func driverFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    // The size comes from the length, so recorded streams are fed unchanged.
    let cols = 10 + size % 91
    let rows = 3 + size % 37
    let screen = TerminalScreen(cols: cols, rows: rows)
    var guardAlone = SequenceGuard()
    var checker = EmulatorInputChecker()
    var offset = 0
    var write = 0
    var resized = false
    while offset < size {
        let length = min(size - offset, writeSizes[write % writeSizes.count])
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
        screen.write(slice)
        guardAlone.feed(slice, into: &checker)
        _ = screen.takeReplies()
        let damage = screen.endFrame()
        precondition(damage.cells <= screen.cols * screen.rows)
        offset += length
        write += 1
        if !resized && offset >= size / 2 {
            resized = true
            precondition(screen.lines().count == screen.rows)
            screen.resize(cols: 1 + (cols * 7) % 120, rows: 1 + (rows * 5) % 45)
        }
    }
    for key in [
        KeyScript.Key.named(.up, modifiers: []), .character("x", modifiers: [.control]),
        .named(.f5, modifiers: [.shift]),
    ] {
        _ = screen.encode(key)
    }
    precondition(screen.lines().count == screen.rows)
    return 0
}
