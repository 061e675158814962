/// Turns the bytes read from the terminal into the list's keys: `j`/`k`,
/// `g`/`G`, `n`, `q`, and the arrow, page, Home and End keys in both cursor
/// modes (`ESC [ B` normal, `ESC O B` application) and both Home/End forms
/// (`ESC [ H`, `ESC [ 1 ~`). Other keys are dropped, as the other peers
/// ignore them.
struct KeyReader {
    enum Input: Equatable {
        case key(ListState.Key)
        case quit
    }

    /// The start of an escape sequence that the last read ended inside.
    private var pending: [UInt8] = []

    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Input] {
        var inputs: [Input] = []
        for byte in bytes {
            if pending.isEmpty {
                if byte == 0x1B {
                    pending = [byte]
                } else if let input = Self.letter(byte) {
                    inputs.append(input)
                }
                continue
            }
            pending.append(byte)
            switch (pending.count, byte) {
            case (2, UInt8(ascii: "[")), (2, UInt8(ascii: "O")):
                continue  // a CSI or SS3 sequence goes on
            case (2, _):
                pending = []  // Alt and a key: not one of the list's
            case (3, _) where pending[1] == UInt8(ascii: "O"):
                if let key = Self.final(byte) { inputs.append(.key(key)) }
                pending = []
            case (_, 0x40...0x7E):
                if let key = Self.csi(pending) { inputs.append(.key(key)) }
                pending = []
            default:
                if pending.count > 16 { pending = [] }  // not a key the driver sends
            }
        }
        return inputs
    }

    private static func letter(_ byte: UInt8) -> Input? {
        switch byte {
        case UInt8(ascii: "j"): return .key(.down)
        case UInt8(ascii: "k"): return .key(.up)
        case UInt8(ascii: "g"): return .key(.home)
        case UInt8(ascii: "G"): return .key(.end)
        case UInt8(ascii: "n"): return .key(.jump)
        case UInt8(ascii: "q"): return .quit
        default: return nil
        }
    }

    /// The key of a final byte (`ESC [ B`, `ESC O B`).
    private static func final(_ byte: UInt8) -> ListState.Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    /// The key of a whole CSI sequence (`ESC [ 6 ~` page down, `ESC [ 1 ; 2 B` shifted down...).
    private static func csi(_ sequence: [UInt8]) -> ListState.Key? {
        guard let last = sequence.last else { return nil }
        if last != UInt8(ascii: "~") { return final(last) }
        let number = Int(String(decoding: sequence[2..<(sequence.count - 1)].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self))
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        default: return nil
        }
    }
}
