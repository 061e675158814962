/// One terminal cell: a grapheme cluster, its display width and its style.
///
/// Exactly 16 bytes, two machine words with no padding: the glyph, and the
/// style and width packed together. Rows are compared with `memcmp` and a
/// 200x50 frame is 160 KB, so comparing two frames stays within the caches.
/// A wide character occupies two cells: the left one holds the glyph with
/// `width == 2`, the right one is a continuation cell with `width == 0`.
@frozen
public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    /// Bits 0-25 foreground, 26-51 background (each a 2-bit kind and a 24-bit
    /// value), 52-57 attributes, 58-59 width.
    @usableFromInline var packed: UInt64

    @usableFromInline static let colorMask: UInt64 = (1 << 26) - 1
    @usableFromInline static let backgroundShift: UInt64 = 26
    @usableFromInline static let attributeShift: UInt64 = 52
    @usableFromInline static let widthShift: UInt64 = 58

    @inlinable
    public init(glyph: Glyph, width: UInt8, style: Style) {
        self.glyph = glyph
        packed =
            Cell.pack(style.foreground) | Cell.pack(style.background) << Cell.backgroundShift
            | UInt64(style.attributes.rawValue & 0x3F) << Cell.attributeShift | UInt64(width & 3) << Cell.widthShift
    }

    @inlinable static func pack(_ color: Color) -> UInt64 {
        UInt64(color.raw >> 24) << 24 | UInt64(color.raw & 0xFF_FFFF)
    }

    @inlinable static func unpack(_ bits: UInt64) -> Color {
        Color(raw: UInt32(truncatingIfNeeded: (bits >> 24) & 3) << 24 | UInt32(truncatingIfNeeded: bits & 0xFF_FFFF))
    }

    public var foreground: Color {
        @inlinable get { Cell.unpack(packed & Cell.colorMask) }
        @inlinable set { packed = packed & ~Cell.colorMask | Cell.pack(newValue) }
    }

    public var background: Color {
        @inlinable get { Cell.unpack((packed >> Cell.backgroundShift) & Cell.colorMask) }
        @inlinable set {
            packed = packed & ~(Cell.colorMask << Cell.backgroundShift) | Cell.pack(newValue) << Cell.backgroundShift
        }
    }

    public var attributes: Attributes {
        @inlinable get { Attributes(rawValue: UInt8(truncatingIfNeeded: (packed >> Cell.attributeShift) & 0x3F)) }
        @inlinable set {
            packed = packed & ~(0x3F << Cell.attributeShift) | UInt64(newValue.rawValue & 0x3F) << Cell.attributeShift
        }
    }

    /// 1 or 2 for a cell that starts a glyph; 0 for a continuation cell.
    public var width: UInt8 {
        @inlinable get { UInt8(truncatingIfNeeded: (packed >> Cell.widthShift) & 3) }
        @inlinable set { packed = packed & ~(3 << Cell.widthShift) | UInt64(newValue & 3) << Cell.widthShift }
    }

    @inlinable public var style: Style {
        get { Style(foreground: foreground, background: background, attributes: attributes) }
        set {
            let keep = packed & (3 << Cell.widthShift)
            packed =
                keep | Cell.pack(newValue.foreground) | Cell.pack(newValue.background) << Cell.backgroundShift
                | UInt64(newValue.attributes.rawValue & 0x3F) << Cell.attributeShift
        }
    }

    /// A space in the given style.
    @inlinable public static func blank(_ style: Style = .plain) -> Cell {
        Cell(glyph: .space, width: 1, style: style)
    }

    /// A space in the terminal's default style: what erasing leaves behind.
    @inlinable public static var erased: Cell { Cell.blank() }

    @inlinable public var isContinuation: Bool { width == 0 }

    /// Whether `other` has this cell's style and width (its glyph may differ).
    @inlinable public func hasSameStyleAndWidth(as other: Cell) -> Bool { packed == other.packed }

    /// True when the memory layout has no padding, which the row comparisons rely on.
    public static var layoutIsDense: Bool {
        MemoryLayout<Cell>.size == 16 && MemoryLayout<Cell>.stride == 16
    }
}
