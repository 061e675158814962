import Harness
/// What a key press or mouse event in live mode means.
public enum LiveInput: Equatable, Sendable {
    case scroll(Int)
    case page(Int)
    case home
    case end
    case tab(Int)
    case nextTab
    /// Enter: the screen's primary action (a button).
    case action
    case togglePlay
    case toggleHUD
    case quit
    /// Ctrl-Z: stop the process (raw mode turns it into a byte, not a signal).
    case suspend
    /// The Esc key on its own.
    case escape
}

/// Turns terminal input bytes into `LiveInput`: arrows (CSI and SS3 forms),
/// j/k, PgUp/PgDn, Home/End, the mouse wheel (SGR and X10 reports), digits
/// 1-5, Tab, Enter, p, h, q, Ctrl-C and Ctrl-\ (quit), Ctrl-Z (suspend) and
/// Esc. Bytes it does not know are skipped; sequences cut at the end of a
/// read wait for the next one, until `flush`: a terminal sends a sequence in
/// one burst, so an Esc with nothing after it for `escapeTimeout` was the Esc
/// key, and must not swallow the key typed next.
public struct KeyParser {
    private var pending: [UInt8] = []

    /// How long an Esc waits for the rest of a sequence (what terminals and
    /// curses use, give or take).
    public static let escapeTimeoutNanoseconds: UInt64 = 50_000_000

    public init() {}

    /// Whether bytes are waiting for the rest of a sequence.
    public var isWaiting: Bool { !pending.isEmpty }

    /// No more bytes came within the timeout: a lone Esc counts as the Esc
    /// key; the start of a sequence cut short is dropped.
    public mutating func flush() -> [LiveInput] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.escape] : []
    }

    public mutating func feed(_ bytes: [UInt8]) -> [LiveInput] {
        pending += bytes
        var inputs: [LiveInput] = []
        var index = 0
        while index < pending.count {
            guard let (input, length) = parse(at: index) else { break }
            if let input { inputs.append(input) }
            index += length
        }
        pending.removeFirst(index)
        return inputs
    }

    /// One item at `index`: its meaning (nil: ignored) and length; nil when incomplete.
    private func parse(at index: Int) -> (LiveInput?, Int)? {
        let byte = pending[index]
        switch byte {
        case UInt8(ascii: "j"): return (.scroll(1), 1)
        case UInt8(ascii: "k"): return (.scroll(-1), 1)
        case UInt8(ascii: "q"), 0x03, 0x1C: return (.quit, 1)
        case 0x1A: return (.suspend, 1)
        case UInt8(ascii: "p"): return (.togglePlay, 1)
        case UInt8(ascii: "h"): return (.toggleHUD, 1)
        case 0x09: return (.nextTab, 1)
        case 0x0D, 0x0A: return (.action, 1)
        case UInt8(ascii: "1")...UInt8(ascii: "5"): return (.tab(Int(byte - UInt8(ascii: "1"))), 1)
        case 0x1B: return escape(at: index)
        default: return (nil, 1)
        }
    }

    private func escape(at index: Int) -> (LiveInput?, Int)? {
        guard index + 1 < pending.count else { return nil }
        let kind = pending[index + 1]
        if kind == UInt8(ascii: "O") {  // SS3: application cursor keys
            guard index + 2 < pending.count else { return nil }
            return (cursorKey(pending[index + 2]), 3)
        }
        // Esc then a byte that starts no sequence: the Esc key, then that key on its own.
        guard kind == UInt8(ascii: "[") else { return (.escape, 1) }
        var end = index + 2
        while end < pending.count && !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let body = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let final = pending[end]
        let length = end - index + 1
        if final == UInt8(ascii: "M") && body.isEmpty {  // X10 mouse: three more bytes
            guard end + 3 < pending.count else { return nil }
            let button = Int(pending[end + 1]) - 32
            return (wheel(button), length + 3)
        }
        if body.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {  // SGR mouse
            let button = Int(body.dropFirst().split(separator: ";").first ?? "") ?? -1
            return (final == UInt8(ascii: "M") ? wheel(button) : nil, length)
        }
        if final == UInt8(ascii: "~") {
            switch body {
            case "5": return (.page(-1), length)
            case "6": return (.page(1), length)
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            default: return (nil, length)
            }
        }
        return (cursorKey(final), length)
    }

    private func cursorKey(_ final: UInt8) -> LiveInput? {
        switch final {
        case UInt8(ascii: "A"): return .scroll(-1)
        case UInt8(ascii: "B"): return .scroll(1)
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    private func wheel(_ button: Int) -> LiveInput? {
        switch button {
        case 64: return .scroll(-3)
        case 65: return .scroll(3)
        default: return nil
        }
    }
}
