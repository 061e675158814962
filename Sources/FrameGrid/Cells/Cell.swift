/// One terminal cell: a grapheme cluster, its display width and its style.
///
/// Exactly 24 bytes with no padding, so rows can be compared with `memcmp`
/// and hashed as words (`Cell.layoutIsDense` checks that at run time).
/// A wide character occupies two cells: the left one holds the glyph with
/// `width == 2`, the right one is a continuation cell with `width == 0`.
@frozen
public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes
    /// 1 or 2 for a cell that starts a glyph; 0 for a continuation cell.
    public var width: UInt8
    @usableFromInline var padding16: UInt16 = 0
    @usableFromInline var padding32: UInt32 = 0

    @inlinable
    public init(glyph: Glyph, width: UInt8, style: Style) {
        self.glyph = glyph
        self.width = width
        self.foreground = style.foreground
        self.background = style.background
        self.attributes = style.attributes
    }

    @inlinable public var style: Style {
        get { Style(foreground: foreground, background: background, attributes: attributes) }
        set {
            foreground = newValue.foreground
            background = newValue.background
            attributes = newValue.attributes
        }
    }

    /// A space in the given style.
    @inlinable public static func blank(_ style: Style = .plain) -> Cell {
        Cell(glyph: .space, width: 1, style: style)
    }

    /// A space in the terminal's default style: what erasing leaves behind.
    public static let erased = Cell.blank()

    @inlinable public var isContinuation: Bool { width == 0 }

    /// True when the memory layout has no padding, which the row comparisons rely on.
    public static var layoutIsDense: Bool {
        MemoryLayout<Cell>.size == 24 && MemoryLayout<Cell>.stride == 24
    }
}
