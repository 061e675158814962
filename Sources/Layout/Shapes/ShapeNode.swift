import FrameGrid

/// Draws a shape into its presented frame. Filled rectangles (and colours)
/// use eighth blocks at edges that fall inside a cell while animating.
final class ShapeNode: ViewNode {
    var shape: ShapeOutline
    var paint: ShapePaint
    var foreground: Color?

    init(shape: ShapeOutline, paint: ShapePaint, foreground: Color?) {
        self.shape = shape
        self.paint = paint
        self.foreground = foreground
    }

    override func dismantle(into pool: NodePool) {
        resetForReuse()
        pool.put(self)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        Size(cols: proposal.width ?? 0, rows: proposal.height ?? 0)
    }

    // A leaf: nothing to move below it (the default walks `forEachChild`
    // through a closure, for every leaf of every scrolled row).
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {}

    override var drawsAtPresentedFrame: Bool { true }

    // Colour fills paint eighth blocks at fractional edges (`CellPainter.fill`).
    override func drawsTheSame(presentedAt a: FrameRect, and b: FrameRect) -> Bool {
        a == b
    }

    override func addRows(presentedAt frame: FrameRect, to drawn: inout DrawnRows, _ context: RenderContext) {
        let rect = ViewNode.drawnRect(frame, context)
        guard !rect.isEmpty else { return }
        if case .fill(let color) = paint, shape == .rectangle, color ?? foreground != nil {
            // A colour fill part way through a motion paints the rows its
            // edges fall inside (eighth blocks, `CellPainter.fill`): from the
            // row under its top to the row under its bottom, which can be one
            // past its rounded frame at either end.
            let y = frame.y + Double(context.offsetY)
            let top = min(rect.y, Int(y.rounded(.down)))
            let bottom = max(rect.maxY, Int((y + frame.height).rounded(.up)))
            return drawn.add(top, bottom, by: self)
        }
        drawn.add(rect.y, rect.maxY, by: self)
    }

    override func draw(into grid: inout Grid, _ context: RenderContext) {
        let rect = presentedRect(context)
        guard !rect.isEmpty else { return }
        switch paint {
        case .fill(let color):
            let color = color ?? foreground
            switch shape {
            case .rectangle:
                if let color {
                    CellPainter.fill(presentedFrame(context), color: color, grid: &grid, clip: context.clip)
                } else {
                    blocks(rect, grid: &grid, clip: context.clip)
                }
            case .roundedRectangle, .capsule:
                fillRounded(rect, color: color, capsule: shape == .capsule, grid: &grid, clip: context.clip)
            case .ellipse:
                ellipse(rect, color: color, ring: nil, grid: &grid, clip: context.clip)
            }
        case .stroke(let color, let lineWidth):
            let style = Style(foreground: color ?? foreground ?? .default)
            let heavy = lineWidth > 1
            switch shape {
            case .rectangle, .roundedRectangle, .capsule:
                let glyphs: BoxGlyphs =
                    shape == .rectangle ? (heavy ? .heavy : .light) : (heavy ? .roundedHeavy : .rounded)
                box(rect, glyphs, capsule: shape == .capsule, style: style, grid: &grid, clip: context.clip)
            case .ellipse:
                ellipse(rect, color: color ?? foreground, ring: Double(lineWidth), grid: &grid, clip: context.clip)
            }
        }
    }

    private func blocks(_ rect: Rect, grid: inout Grid, clip: Rect) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { grid.put(CellPainter.fullBlockCell, x: x, y: y, clip: clip) }
        }
    }

    /// Filled rounded shapes: a background fill with quarter- or half-block ends.
    private func fillRounded(_ rect: Rect, color: Color?, capsule: Bool, grid: inout Grid, clip: Rect) {
        guard let color else { return blocks(rect, grid: &grid, clip: clip) }
        let left = rect.x
        let right = rect.maxX - 1
        let top = rect.y
        let bottom = rect.maxY - 1
        // The corners show what was behind the shape: read it before filling.
        let behind = (
            background(grid, left, top), background(grid, right, top),
            background(grid, left, bottom), background(grid, right, bottom)
        )
        grid.fill(rect.intersection(clip), style: Style(background: color))
        guard rect.width >= 2 else { return }
        if rect.height == 1 {
            guard capsule || rect.width >= 3 else { return }
            corner(EdgeGlyphs.rightHalf, left, top, color, behind.0, &grid, clip)
            corner(EdgeGlyphs.leftHalf, right, top, color, behind.1, &grid, clip)
            return
        }
        corner(EdgeGlyphs.lowerRightQuadrant, left, top, color, behind.0, &grid, clip)
        corner(EdgeGlyphs.lowerLeftQuadrant, right, top, color, behind.1, &grid, clip)
        corner(EdgeGlyphs.upperRightQuadrant, left, bottom, color, behind.2, &grid, clip)
        corner(EdgeGlyphs.upperLeftQuadrant, right, bottom, color, behind.3, &grid, clip)
    }

    private func background(_ grid: Grid, _ x: Int, _ y: Int) -> Color {
        guard x >= 0, y >= 0, x < grid.cols, y < grid.rows else { return .default }
        return grid[x, y].background
    }

    private func corner(
        _ glyph: Cell, _ x: Int, _ y: Int, _ color: Color, _ behind: Color, _ grid: inout Grid, _ clip: Rect
    ) {
        EdgeGlyphs.put(glyph, x: x, y: y, style: Style(foreground: color, background: behind), grid: &grid, clip: clip)
    }

    /// Box-drawing outline; a capsule has parentheses on its middle rows.
    private func box(
        _ area: Rect, _ glyphs: BoxGlyphs, capsule: Bool, style: Style, grid: inout Grid, clip: Rect
    ) {
        if area.height == 1 {
            let style = style.over(grid, x: area.x, y: area.y)
            if area.width == 1 {
                EdgeGlyphs.put(
                    capsule ? EdgeGlyphs.circle : EdgeGlyphs.square, x: area.x, y: area.y, style: style, grid: &grid,
                    clip: clip)
                return
            }
            EdgeGlyphs.put(
                capsule ? EdgeGlyphs.openParenthesis : EdgeGlyphs.openBracket, x: area.x, y: area.y, style: style,
                grid: &grid, clip: clip)
            EdgeGlyphs.put(
                capsule ? EdgeGlyphs.closeParenthesis : EdgeGlyphs.closeBracket, x: area.maxX - 1, y: area.y,
                style: style, grid: &grid, clip: clip)
            return
        }
        func edge(_ y: Int, _ left: Cell, _ right: Cell) {
            let style = style.over(grid, x: area.x, y: y)
            EdgeGlyphs.put(left, x: area.x, y: y, style: style, grid: &grid, clip: clip)
            if area.width > 2 {
                let inner = (area.x + 1)..<(area.maxX - 1)
                CellPainter.repeatCell(glyphs.horizontal, row: y, columns: inner, style: style, grid: &grid, clip: clip)
            }
            if area.width > 1 { EdgeGlyphs.put(right, x: area.maxX - 1, y: y, style: style, grid: &grid, clip: clip) }
        }
        edge(area.y, glyphs.topLeft, glyphs.topRight)
        edge(area.maxY - 1, glyphs.bottomLeft, glyphs.bottomRight)
        guard area.height > 2 else { return }
        // The sides restyled per row (over what is behind).
        let left = capsule ? EdgeGlyphs.openParenthesis : glyphs.vertical
        let right = capsule ? EdgeGlyphs.closeParenthesis : glyphs.vertical
        // Each side cell takes the background behind it when the style has none (`Style.over`).
        let sides = (area.y + 1)..<(area.maxY - 1)
        var leftCell = left
        leftCell.style = style
        var rightCell = right
        rightCell.style = style
        let behind = style.background.isDefault
        // A column at a time: the same cells as putting both sides row by row,
        // even where they meet (`GridColumnFillTests`).
        grid.fill(column: area.x, rows: sides, with: leftCell, keepingBackgrounds: behind, clip: clip)
        if area.width > 1 {
            grid.fill(column: area.maxX - 1, rows: sides, with: rightCell, keepingBackgrounds: behind, clip: clip)
        }
    }

    private func ellipse(_ rect: Rect, color: Color?, ring: Double?, grid: inout Grid, clip: Rect) {
        let radiusX = Double(rect.width) / 2
        let radiusY = Double(rect.height)  // in half cells
        func inside(_ column: Int, _ half: Int, shrink: Double) -> Bool {
            let dx = (Double(column) + 0.5 - radiusX) / max(radiusX - shrink, 0.01)
            let dy = (Double(half) + 0.5 - radiusY) / max(radiusY - shrink, 0.01)
            return dx * dx + dy * dy <= 1
        }
        func covered(_ column: Int, _ half: Int) -> Bool {
            guard inside(column, half, shrink: 0) else { return false }
            guard let ring else { return true }
            return !inside(column, half, shrink: ring)
        }
        // Every cell is written inside `clip` or not at all: only the rows
        // and columns the clip shows are computed (an avatar scrolled half out costs half).
        let visible = rect.intersection(clip)
        guard visible.width > 0, visible.height > 0 else { return }
        for row in (visible.y - rect.y)..<(visible.maxY - rect.y) {
            for column in (visible.x - rect.x)..<(visible.maxX - rect.x) {
                let upper = covered(column, row * 2)
                let lower = covered(column, row * 2 + 1)
                let x = rect.x + column
                let y = rect.y + row
                switch (upper, lower) {
                case (true, true):
                    if let color {
                        CellPainter.paint(
                            x: x, y: y, block: CellPainter.fullBlockCell, fillIsForeground: true, color: color,
                            grid: &grid, clip: clip)
                    } else {
                        grid.put(CellPainter.fullBlockCell, x: x, y: y, clip: clip)
                    }
                case (true, false):
                    halfBlock(CellPainter.upperHalfCell, x: x, y: y, color: color, grid: &grid, clip: clip)
                case (false, true):
                    halfBlock(CellPainter.lowerHalfCell, x: x, y: y, color: color, grid: &grid, clip: clip)
                case (false, false): break
                }
            }
        }
    }

    private func halfBlock(_ block: Cell, x: Int, y: Int, color: Color?, grid: inout Grid, clip: Rect) {
        CellPainter.paint(
            x: x, y: y, block: block, fillIsForeground: true, color: color ?? .default, grid: &grid, clip: clip)
    }
}

/// The glyphs of shape edges and corners as cells made once: building a
/// cell from a glyph's text walks its clusters, which cost more than
/// painting it (watcha-home's posters drew some 1,200 corners and edges a
/// frame from text: a third of its shapes' drawing, measured with callgrind).
enum EdgeGlyphs {
    static let lowerRightQuadrant = cell("▗")
    static let lowerLeftQuadrant = cell("▖")
    static let upperRightQuadrant = cell("▝")
    static let upperLeftQuadrant = cell("▘")
    static let rightHalf = cell("▐")
    static let leftHalf = cell("▌")
    static let circle = cell("○")
    static let square = cell("□")
    static let openParenthesis = cell("(")
    static let closeParenthesis = cell(")")
    static let openBracket = cell("[")
    static let closeBracket = cell("]")

    /// A single-width glyph (by the width table) as a plain cell.
    static func cell(_ glyph: String) -> Cell {
        guard let cell = Cell(cluster: glyph, style: .plain), cell.width == 1 else {
            preconditionFailure("glyph \(glyph) is not a single-width cluster")
        }
        return cell
    }

    /// `glyph` in `style` at (x, y) within `clip`: what writing its text does.
    static func put(_ glyph: Cell, x: Int, y: Int, style: Style, grid: inout Grid, clip: Rect) {
        var cell = glyph
        cell.style = style
        grid.put(cell, x: x, y: y, clip: clip)
    }
}

/// The cells of a box outline: corners and lines.
struct BoxGlyphs {
    let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Cell

    private init(_ corners: (String, String, String, String), _ lines: (String, String)) {
        topLeft = EdgeGlyphs.cell(corners.0)
        topRight = EdgeGlyphs.cell(corners.1)
        bottomLeft = EdgeGlyphs.cell(corners.2)
        bottomRight = EdgeGlyphs.cell(corners.3)
        horizontal = EdgeGlyphs.cell(lines.0)
        vertical = EdgeGlyphs.cell(lines.1)
    }

    static let light = BoxGlyphs(("┌", "┐", "└", "┘"), ("─", "│"))
    static let heavy = BoxGlyphs(("┏", "┓", "┗", "┛"), ("━", "┃"))
    static let rounded = BoxGlyphs(("╭", "╮", "╰", "╯"), ("─", "│"))
    /// Box drawing has no heavy arcs: heavy rounded outlines keep light corners.
    static let roundedHeavy = BoxGlyphs(("╭", "╮", "╰", "╯"), ("━", "┃"))
}
