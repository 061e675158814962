import CVTerm

extension TerminalScreen {
    /// A cell's colours and attributes as libvterm holds them, in the terms
    /// of a recording's style runs (README, "Recordings"): colours as the
    /// program chose them (palette index or 24-bit), attributes by name.
    public struct CellStyle: Equatable, Sendable {
        public enum Colour: Equatable, Sendable {
            case `default`
            case palette(Int)
            case rgb(red: UInt8, green: UInt8, blue: UInt8)
        }

        public var foreground: Colour
        public var background: Colour
        /// A subset of bold, italic, underline, reverse, strikethrough, in that
        /// order. libvterm keeps no dim (SGR 2), blink or conceal.
        public var attributes: [String]

        public init(foreground: Colour, background: Colour, attributes: [String]) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }

        public static let plain = CellStyle(foreground: .default, background: .default, attributes: [])
    }

    /// Every cell's style, row by row; the right half of a wide character has
    /// its left half's (one cell in libvterm, two columns on the screen).
    public func styles() -> [[CellStyle]] {
        (0..<rows).map { row in
            var styles: [CellStyle] = []
            styles.reserveCapacity(cols)
            while styles.count < cols {
                let cell = cell(row: row, col: styles.count)
                let style = Self.style(of: cell)
                for _ in 0..<min(max(1, Int(cell.width)), cols - styles.count) { styles.append(style) }
            }
            return styles
        }
    }

    private static func style(of cell: VTermScreenCell) -> CellStyle {
        var attributes: [String] = []
        if cell.attrs.bold != 0 { attributes.append("bold") }
        if cell.attrs.italic != 0 { attributes.append("italic") }
        if cell.attrs.underline != 0 { attributes.append("underline") }  // single, double or curly
        if cell.attrs.reverse != 0 { attributes.append("reverse") }
        if cell.attrs.strike != 0 { attributes.append("strikethrough") }
        return CellStyle(
            foreground: colour(cell.fg, defaultFlag: VTERM_COLOR_DEFAULT_FG),
            background: colour(cell.bg, defaultFlag: VTERM_COLOR_DEFAULT_BG), attributes: attributes)
    }

    private static func colour(_ colour: VTermColor, defaultFlag: VTermColorType) -> CellStyle.Colour {
        if colour.type & UInt8(defaultFlag.rawValue) != 0 { return .default }
        if colour.type & UInt8(VTERM_COLOR_TYPE_MASK.rawValue) == UInt8(VTERM_COLOR_INDEXED.rawValue) {
            return .palette(Int(colour.indexed.idx))
        }
        return .rgb(red: colour.rgb.red, green: colour.rgb.green, blue: colour.rgb.blue)
    }
}
