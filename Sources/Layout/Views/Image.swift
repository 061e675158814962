import FrameGrid

/// A symbol, drawn as the glyph that stands for it in a terminal.
///
/// `Image(systemName:)` takes SF Symbols names; `SymbolGlyphs` lists those it
/// knows. An unknown name draws "?" rather than failing, so a screen still
/// shows where the image would be.
public struct Image: View {
    public typealias Body = Never
    let glyph: String

    public init(systemName name: String) { glyph = SymbolGlyphs.glyph(for: name) ?? "?" }

    /// An image drawn as the given text (for glyphs no symbol name covers).
    public init(glyph: String) { self.glyph = glyph }

    public static func _makeNode(_ view: Image, _ context: BuildContext) -> ViewNode {
        TextNode(view.glyph, style: context.environment.textStyle, lineLimit: 1)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Image, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: TextNode.self, for: view) {
            $0.update(view.glyph, style: context.environment.textStyle, lineLimit: 1)
        }
    }
}

/// SF Symbols names and the terminal glyphs that stand for them.
public enum SymbolGlyphs {
    /// The glyph for `name`, or nil when there is none.
    public static func glyph(for name: String) -> String? { table[name] }

    /// Every known name (for documentation and tests).
    public static var names: [String] { table.keys.sorted() }

    private static let table: [String: String] = [
        "arrow.left": "←", "arrow.right": "→", "arrow.up": "↑", "arrow.down": "↓",
        "arrow.clockwise": "↻", "arrow.counterclockwise": "↺",
        "bell": "🔔", "bell.badge": "🔔", "bell.fill": "🔔",
        "checkmark": "✓", "checkmark.seal.fill": "✔", "checkmark.circle": "✓",
        "mappin.and.ellipse": "📍", "mappin": "📍",
        "link": "🔗",
        "chevron.left": "‹", "chevron.right": "›", "chevron.up": "˄", "chevron.down": "˅",
        "square.and.arrow.up": "⇪",
        "book": "📖", "book.fill": "📖",
        "square.on.square": "⧉",
        "lock.fill": "🔒", "lock": "🔒",
        "character": "A", "textformat.size": "A",
        "xmark": "✕", "plus": "+", "minus": "−", "ellipsis": "…",
        "magnifyingglass": "⌕", "house": "⌂", "house.fill": "⌂",
        "heart": "♡", "heart.fill": "♥", "star": "☆", "star.fill": "★",
        "person": "👤", "person.crop.circle": "👤", "calendar": "📅",
        "play.fill": "▶", "pause.fill": "⏸", "gearshape": "⚙",
        "bubble.left": "💬", "arrow.2.squarepath": "⇄", "tv": "📺",
    ]
}
