import FrameGrid

/// A run of text that wraps at spaces to the width it is offered and is
/// cut with "…" when it gets fewer rows than it needs. Widths are display
/// widths: a Korean syllable or an emoji takes two columns.
///
/// Emphasis comes from the environment (`.font`, `.fontWeight`,
/// `.foregroundColor`) or from the text's own modifiers, which win.
public struct Text: View, Equatable {
    public typealias Body = Never
    let content: String
    var font: Font?
    var weight: Font.Weight?
    var color: Color?
    var attributes: Attributes = []

    public init(_ content: String) { self.content = content }
    public init(verbatim content: String) { self.content = content }

    public func bold() -> Text { with { $0.attributes.insert(.bold) } }
    public func italic() -> Text { with { $0.attributes.insert(.italic) } }
    public func underline() -> Text { with { $0.attributes.insert(.underline) } }
    public func strikethrough() -> Text { with { $0.attributes.insert(.strikethrough) } }
    public func font(_ font: Font) -> Text { with { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight) -> Text { with { $0.weight = weight } }
    public func foregroundColor(_ color: Color) -> Text { with { $0.color = color } }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }

    func style(in environment: EnvironmentValues) -> Style {
        var environment = environment
        if let font { environment.font = font }
        if let weight { environment.fontWeight = weight }
        if let color { environment.foreground = color }
        environment.attributes.formUnion(attributes)
        return environment.textStyle
    }

    public static func _makeNode(_ view: Text, _ context: BuildContext) -> ViewNode {
        let style = view.style(in: context.environment)
        guard let node = context.pooled(TextNode.self) else {
            return TextNode(view.content, style: style, lineLimit: context.environment.lineLimit)
        }
        // A pooled node was reset; updating it is building it (as for a recycled row), its line buffers kept.
        node.update(view.content, style: style, lineLimit: context.environment.lineLimit)
        return node
    }

    public static func _updateNode(_ node: ViewNode, _ view: Text, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: TextNode.self, for: view) {
            $0.update(
                view.content, style: view.style(in: context.environment), lineLimit: context.environment.lineLimit)
        }
    }
}

/// Draws text in lines computed for its frame; the lines are kept until the
/// text or the frame's size changes. Measuring remembers, for the last two
/// widths asked about, how many lines the text wraps to there, so a stack
/// asking several times per pass wraps it once per width.
final class TextNode: ViewNode {
    // Read per line drawn, written only by updates and layout on the thread
    // that drives views; the run-time exclusivity checks cost more than the
    // reads (measured with callgrind).
    @exclusivity(unchecked) private(set) var text: String
    @exclusivity(unchecked) private(set) var style: Style
    private var lineLimit: Int?
    /// The lines last computed, for `linesWidth` columns and at most `linesLimit` lines (nil: any number).
    @exclusivity(unchecked) private var lines = TextLines()
    private var linesWidth = -1
    private var linesLimit: Int?
    private var wraps = (WrapSummary.none, WrapSummary.none)
    /// Sizes under the line limit, by width and lines (see `CutSizeCache`).
    private var limited = CutSizeCache()
    /// The unwrapped layout (width `Int.max`: each hard line whole), once
    /// worked out (see `wrapWidth`).
    private var unwrapped = WrapSummary.none
    /// Where the cells of `lines` are kept in `TextCellStore` (nil: not made
    /// since the lines last changed), and the style they were made in.
    @exclusivity(unchecked) private var keptLines: TextCellStore.Block?
    @exclusivity(unchecked) private var keptStyle = Style.plain
    /// The lines are too long to keep: they are written afresh until they change.
    @exclusivity(unchecked) private var linesNotKept = false

    /// The untruncated layout of the text at one width.
    struct WrapSummary {
        var width: Int
        var size: Size
        static let none = WrapSummary(width: -1, size: .zero)

        /// Whether this is the layout at `width`: its own width, or any from
        /// its widest line's up to it (lines break only where they would
        /// pass the width, so those widths break them alike; see
        /// `placeChildren`). A text measured at its share of a stack and
        /// asked again at the width it took is not wrapped again.
        @inline(__always) func answers(_ width: Int) -> Bool {
            self.width == width || (size.cols <= width && width <= self.width)
        }
    }

    init(_ text: String, style: Style, lineLimit: Int?) {
        self.text = text
        self.style = style
        self.lineLimit = lineLimit
    }

    override func dismantle(into pool: NodePool) {
        resetForReuse()
        pool.put(self)
    }

    /// A blank text for a `NodePool`'s reserve, with room for three lines.
    convenience init(reserved: Void) {
        self.init("", style: Style(), lineLimit: nil)
        lines.reserveRoom(2)
    }

    func update(_ text: String, style: Style, lineLimit: Int?) {
        if text != self.text || lineLimit != self.lineLimit {
            forgetKeptLines()
            linesWidth = -1
            wraps = (.none, .none)
            limited.removeAll()
            unwrapped = .none
        }
        self.text = text
        self.style = style
        self.lineLimit = lineLimit
    }

    /// Lines allowed in `height` rows. Never fewer than one, as in SwiftUI:
    /// text offered no height still shows (and overflows with) one line.
    private func maxLines(_ height: Int?) -> Int? {
        switch (height, lineLimit) {
        case (nil, nil): return nil
        case (let height?, nil): return max(1, height)
        case (nil, let limit?): return max(1, limit)
        case (let height?, let limit?): return max(1, min(height, limit))
        }
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let limit = maxLines(proposal.height)
        if let limit, limit <= 0 { return .zero }
        // No width and an unbounded one both mean "no wrapping": one cache slot.
        var offered = proposal.width ?? Int.max
        if offered >= ProposedSize.unbounded { offered = Int.max }
        if offered <= 0 { return .zero }
        let width = wrapWidth(offered)
        // With a line limit the answer needs at most that many lines: wrap
        // only those (a 10 MB text with `.lineLimit(2)` costs two lines). The
        // size equals cutting the full wrap to the limit, as below.
        if let lineLimit, let limit, limit <= lineLimit {
            if wraps.0.width == width && wraps.0.size.rows <= limit { return wraps.0.size }
            return cutSize(offered, limit)
        }
        let natural = wrapNaturally(at: width)
        if let limit, limit < natural.rows { return cutSize(offered, limit) }
        return natural
    }

    /// The size in at most `limit` lines at the offered width, kept for the
    /// next asking. A cut line's "…" goes after as much of the line as fits
    /// in the width less one column, so the answer is the width's own,
    /// except where even the longest line fits with a column to spare: in
    /// a width of at least two columns per UTF-8 byte, which all share the
    /// unwrapped answer (a count label with `.lineLimit(1)` was cut again
    /// for each wide share of its stacks).
    private func cutSize(_ offered: Int, _ limit: Int) -> Size {
        let width = offered / 2 >= text.utf8.count ? Int.max : offered
        if let size = limited.lookup(width: width, lines: limit) { return size }
        let (size, cut) = TextLayout.sizeAndCut(text, width: width == Int.max ? nil : width, maxLines: limit)
        limited.store(width: width, lines: limit, size, cut: cut)
        return size
    }

    /// The width to wrap at for `width`: `Int.max` (no wrapping) when the
    /// text cannot wrap there, so every wide proposal shares one answer and
    /// one set of lines. Lines break only where they would pass the width,
    /// so a text wraps nowhere in a width of at least its unwrapped columns,
    /// which are at most two per UTF-8 byte (a cluster is at least a byte
    /// and at most two columns). Stacks offer many wide widths (their shares
    /// of an unbounded proposal are halves, thirds... of it): profile-feed's
    /// action icons were wrapped again for each of some 28 proposals a row.
    private func wrapWidth(_ width: Int) -> Int {
        if width == Int.max || width / 2 >= text.utf8.count { return Int.max }
        return unwrapped.width == Int.max && width >= unwrapped.size.cols ? Int.max : width
    }

    /// The untruncated size at `width` (`Int.max`: no wrapping), from the
    /// last two widths wrapped at (see `WrapSummary.answers`), else wrapped
    /// now with the lines kept: placing the text at this width (the usual
    /// next step) reuses them.
    private func wrapNaturally(at width: Int) -> Size {
        if wraps.0.answers(width) { return wraps.0.size }
        if wraps.1.answers(width) { return wraps.1.size }
        var cols = 0
        forgetKeptLines()
        lines.reset(expecting: width == Int.max ? 1 : text.utf8.count / width + 2)
        TextLayout.forEachLine(text, width: width == Int.max ? nil : width, maxLines: nil) { line in
            cols = max(cols, line.width)
            lines.append(line)
        }
        linesWidth = width
        linesLimit = nil
        let natural = Size(cols: cols, rows: lines.count)
        let summary = WrapSummary(width: width, size: natural)
        if width == Int.max { unwrapped = summary }
        wraps = (summary, wraps.0)
        return natural
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        let limit = maxLines(rect.height)
        let width = wrapWidth(rect.width)
        if (linesWidth == width || linesWidth == rect.width)
            && (linesLimit == limit || (linesLimit == nil && lines.count <= (limit ?? .max)))
        {
            return
        }
        // Lines wrapped whole at a width of at least this one hold for it
        // when the widest fits: breaking where a line would pass the width,
        // each line is the longest run of words that fits, at any width from
        // the widest line's to the one wrapped at (a text measured at the
        // offered width and placed at the width it chose: a paragraph was
        // wrapped twice per row built).
        if linesLimit == nil && linesWidth != Int.max && rect.width <= linesWidth && lines.count <= (limit ?? .max)
            && lines.widest <= rect.width
        {
            return
        }
        // Lines expected: bytes / width + 2 (a column takes at least one UTF-8
        // byte and wrapped lines are nearly full, so short only for texts of
        // many newlines, which then grow as arrays do).
        forgetKeptLines()
        lines.reset(expecting: min(limit ?? rect.height, text.utf8.count / max(1, rect.width) + 2))
        TextLayout.forEachLine(text, width: rect.width, maxLines: limit) { lines.append($0) }
        // Cut lines hold for this width alone; whole ones for every width that shares them.
        linesWidth = lines.count > 0 && lines[lines.count - 1].truncated ? rect.width : width
        linesLimit = limit
    }

    /// The lines as last placed (for tests).
    var placedLines: [TextLayout.Line] { (0..<lines.count).map { lines[$0] } }

    // A leaf: nothing to move below it (the default walks `forEachChild`
    // through a closure, for every leaf of every scrolled row).
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {}

    // Its lines, from its frame's top: as many as there are, whatever the frame's height.
    override var drawsAtPresentedFrame: Bool { true }

    override func addRows(presentedAt frame: FrameRect, to drawn: inout DrawnRows, _ context: RenderContext) {
        let top = ViewNode.drawnRect(frame, context).y
        drawn.add(top, top + lines.count, by: self)
    }

    override func draw(into grid: inout Grid, _ context: RenderContext) {
        let origin = presentedRect(context)
        // Only the lines inside the clip are visited: a long text scrolled
        // through a small viewport costs its visible lines, not all of them.
        let firstRow = max(0, context.clip.y - origin.y)
        let endRow = min(lines.count, context.clip.maxY - origin.y)
        guard firstRow < endRow else { return }
        for row in firstRow..<endRow {
            let line = lines[row]
            let y = origin.y + row
            let style = style.over(grid, x: origin.x, y: y)
            // A line drawn before in this style, wholly inside the clip: its
            // cells are copied (the same cells, stamp and edge repairs as writing it).
            if !line.truncated, let cells = keptCells(row, style, first: row == firstRow), !cells.isEmpty,
                origin.x >= max(0, context.clip.x), origin.x + cells.count <= min(grid.cols, context.clip.maxX),
                cells.count <= max(line.width, frame.width), y >= 0, y < grid.rows
            {
                grid.paste(UnsafeBufferPointer(cells), x: origin.x, y: y)
                continue
            }
            let bytes = utf8Range(of: line)
            if line.truncated {
                let clip = Rect(x: origin.x, y: y, width: line.width - 1, height: 1).intersection(context.clip)
                grid.write(text, utf8: bytes, x: origin.x, y: y, style: style, clip: clip)
                grid.write("…", x: origin.x + line.width - 1, y: y, style: style, clip: context.clip)
            } else {
                let clip = Rect(x: origin.x, y: y, width: max(line.width, frame.width), height: 1).intersection(
                    context.clip)
                grid.write(text, utf8: bytes, x: origin.x, y: y, style: style, clip: clip)
            }
        }
    }
}

extension TextNode {
    /// The line by its UTF-8 offsets, not as a substring (see `Grid.write(_:utf8:...)`).
    private func utf8Range(of line: TextLayout.Line) -> Range<Int> {
        let utf8 = text.utf8
        let start = utf8.distance(from: utf8.startIndex, to: line.range.lowerBound)
        return start..<(start + utf8.distance(from: line.range.lowerBound, to: line.range.upperBound))
    }

    /// The lines' cells are out of date (the lines or the text changed).
    private func forgetKeptLines() {
        keptLines = nil
        linesNotKept = false
    }

    /// The cells of line `row` in `style`, kept from an earlier draw or made
    /// now for every line; nil when the line is not kept (cut with "…", a
    /// cluster needing a grid's arena, lines too long to keep, or another
    /// style than the kept one on a line other than the `first` drawn: a
    /// text over two backgrounds keeps its first line's and writes the others).
    private func keptCells(_ row: Int, _ style: Style, first: Bool) -> UnsafeMutableBufferPointer<Cell>? {
        guard TextCellKeeping.isEnabled, !linesNotKept else { return nil }
        let store = TextCellStore.shared
        if let block = keptLines, store.holds(block), block.entryCount == lines.count, keptStyle == style {
            return Self.cells(row, in: block, store)
        }
        guard first || keptLines == nil || !store.holds(keptLines!) else { return nil }
        guard let block = keepLines(in: style, store) else { return nil }
        return Self.cells(row, in: block, store)
    }

    private static func cells(_ row: Int, in block: TextCellStore.Block, _ store: TextCellStore)
        -> UnsafeMutableBufferPointer<Cell>?
    {
        let entry = store.entries(of: block)[row]
        guard entry != TextCellStore.notKept else { return nil }
        let start = TextCellStore.start(of: entry)
        return UnsafeMutableBufferPointer(rebasing: store.cells(of: block)[start..<(start + TextCellStore.count(of: entry))])
    }

    /// Writes the cells of every line in `style` into a block of the store;
    /// nil (and the lines marked not kept) when they are too long to keep.
    private func keepLines(in style: Style, _ store: TextCellStore) -> TextCellStore.Block? {
        var bytes = 0
        for row in 0..<lines.count where !lines[row].truncated { bytes += utf8Range(of: lines[row]).count }
        // A cluster takes at least one byte and at most two columns.
        guard var block = store.reserve(cells: 2 * bytes, entries: lines.count) else {
            linesNotKept = true
            return nil
        }
        let cells = store.cells(of: block)
        let entries = store.entries(of: block)
        var used = 0
        for row in 0..<lines.count {
            entries[row] = TextCellStore.notKept
            guard !lines[row].truncated else { continue }
            let range = utf8Range(of: lines[row])
            let room = UnsafeMutableBufferPointer(rebasing: cells[used..<(used + 2 * range.count)])
            guard let columns = Grid.writeCells(of: text, utf8: range, style: style, into: room) else { continue }
            entries[row] = TextCellStore.entry(start: used, count: columns)
            used += columns
        }
        store.shrink(&block, toCells: used)
        keptLines = block
        keptStyle = style
        return block
    }
}

extension Style {
    /// This style, taking the background already drawn at (x, y) when it has none of its own,
    /// so text drawn over a filled shape or `.background` keeps that fill.
    func over(_ grid: Grid, x: Int, y: Int) -> Style {
        guard background.isDefault, x >= 0, y >= 0, x < grid.cols, y < grid.rows else { return self }
        var style = self
        style.background = grid[x, y].background
        return style
    }
}
