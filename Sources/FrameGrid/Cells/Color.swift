/// A terminal colour: the terminal's default, a palette index (0-15 are the
/// sixteen ANSI colours, 16-255 the xterm cube and greys), or 24-bit RGB.
///
/// Stored in one `UInt32` so a `Cell` stays small and can be compared as raw
/// memory: the top byte is the kind, the low three bytes the value.
@frozen
public struct Color: Hashable, Sendable {
    @usableFromInline let raw: UInt32

    @inlinable init(raw: UInt32) { self.raw = raw }

    @usableFromInline static let paletteTag: UInt32 = 0x0100_0000
    @usableFromInline static let rgbTag: UInt32 = 0x0200_0000

    /// The terminal's own foreground or background.
    @inlinable public static var `default`: Color { Color(raw: 0) }

    /// A palette entry (0-255).
    @inlinable public static func palette(_ index: UInt8) -> Color {
        Color(raw: paletteTag | UInt32(index))
    }

    /// A 24-bit colour.
    @inlinable public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
        Color(raw: rgbTag | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    public static let black = palette(0)
    public static let red = palette(1)
    public static let green = palette(2)
    public static let yellow = palette(3)
    public static let blue = palette(4)
    public static let magenta = palette(5)
    public static let cyan = palette(6)
    public static let white = palette(7)
    public static let brightBlack = palette(8)
    public static let brightRed = palette(9)
    public static let brightGreen = palette(10)
    public static let brightYellow = palette(11)
    public static let brightBlue = palette(12)
    public static let brightMagenta = palette(13)
    public static let brightCyan = palette(14)
    public static let brightWhite = palette(15)

    /// The colour's kind and value, for encoders and reports.
    public enum Kind: Hashable, Sendable {
        case `default`
        case palette(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    @inlinable public var kind: Kind {
        switch raw & 0xFF00_0000 {
        case Color.paletteTag: return .palette(UInt8(truncatingIfNeeded: raw))
        case Color.rgbTag:
            return .rgb(
                UInt8(truncatingIfNeeded: raw >> 16), UInt8(truncatingIfNeeded: raw >> 8),
                UInt8(truncatingIfNeeded: raw))
        default: return .default
        }
    }

    @inlinable public var isDefault: Bool { raw == 0 }

    /// The packed representation (kind in the top byte), for hashing and keys.
    @inlinable public var bitPattern: UInt32 { raw }
}

extension Color: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .default: return "default"
        case .palette(let index): return String(index)
        case .rgb(let r, let g, let b):
            let hex = (Int(r) << 16 | Int(g) << 8 | Int(b))
            let digits = String(hex, radix: 16)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
    }
}
