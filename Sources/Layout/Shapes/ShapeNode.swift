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

    override func dismantle(into pool: NodePool) { pool.put(self) }

    override func measure(_ proposal: ProposedSize) -> Size {
        Size(cols: proposal.width ?? 0, rows: proposal.height ?? 0)
    }

    override func draw(into grid: inout Grid, _ context: RenderContext) {
        let rect = presentedRect(at: context.time)
        guard !rect.isEmpty else { return }
        switch paint {
        case .fill(let color):
            let color = color ?? foreground
            switch shape {
            case .rectangle:
                if let color {
                    CellPainter.fill(presentedFrame(at: context.time), color: color, grid: &grid, clip: context.clip)
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
            // Box drawing has no heavy arcs: heavy rounded outlines keep light corners.
            let lines = heavy ? ("━", "┃") : ("─", "│")
            switch shape {
            case .rectangle:
                let corners = heavy ? ("┏", "┓", "┗", "┛") : ("┌", "┐", "└", "┘")
                box(rect, corners: corners, lines: lines, capsule: false, style: style, grid: &grid, clip: context.clip)
            case .roundedRectangle:
                box(
                    rect, corners: ("╭", "╮", "╰", "╯"), lines: lines, capsule: false, style: style, grid: &grid,
                    clip: context.clip)
            case .capsule:
                box(
                    rect, corners: ("╭", "╮", "╰", "╯"), lines: lines, capsule: true, style: style, grid: &grid,
                    clip: context.clip)
            case .ellipse:
                ellipse(rect, color: color ?? foreground, ring: Double(lineWidth), grid: &grid, clip: context.clip)
            }
        }
    }

    private func blocks(_ rect: Rect, grid: inout Grid, clip: Rect) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { grid.put(ShapeNode.fullBlock, x: x, y: y, clip: clip) }
        }
    }

    /// "█" in the default style, made once (not a text walk per cell).
    static let fullBlock = Cell(cluster: "█", style: .plain)!

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
            corner("▐", left, top, color, behind.0, &grid, clip)
            corner("▌", right, top, color, behind.1, &grid, clip)
            return
        }
        corner("▗", left, top, color, behind.0, &grid, clip)
        corner("▖", right, top, color, behind.1, &grid, clip)
        corner("▝", left, bottom, color, behind.2, &grid, clip)
        corner("▘", right, bottom, color, behind.3, &grid, clip)
    }

    private func background(_ grid: Grid, _ x: Int, _ y: Int) -> Color {
        guard x >= 0, y >= 0, x < grid.cols, y < grid.rows else { return .default }
        return grid[x, y].background
    }

    private func corner(
        _ glyph: String, _ x: Int, _ y: Int, _ color: Color, _ behind: Color, _ grid: inout Grid, _ clip: Rect
    ) {
        grid.write(glyph, x: x, y: y, style: Style(foreground: color, background: behind), clip: clip)
    }

    /// Box-drawing outline; a capsule has parentheses on its middle rows.
    private func box(
        _ area: Rect, corners: (String, String, String, String), lines: (String, String), capsule: Bool, style: Style,
        grid: inout Grid, clip: Rect
    ) {
        if area.height == 1 {
            let style = style.over(grid, x: area.x, y: area.y)
            if area.width == 1 {
                grid.write(capsule ? "○" : "□", x: area.x, y: area.y, style: style, clip: clip)
                return
            }
            grid.write(capsule ? "(" : "[", x: area.x, y: area.y, style: style, clip: clip)
            grid.write(capsule ? ")" : "]", x: area.maxX - 1, y: area.y, style: style, clip: clip)
            return
        }
        func edge(_ y: Int, _ left: String, _ right: String) {
            let style = style.over(grid, x: area.x, y: y)
            grid.write(left, x: area.x, y: y, style: style, clip: clip)
            if area.width > 2 {
                let inner = (area.x + 1)..<(area.maxX - 1)
                CellPainter.repeatGlyph(lines.0, row: y, columns: inner, style: style, grid: &grid, clip: clip)
            }
            if area.width > 1 { grid.write(right, x: area.maxX - 1, y: y, style: style, clip: clip) }
        }
        edge(area.y, corners.0, corners.1)
        edge(area.maxY - 1, corners.2, corners.3)
        guard area.height > 2 else { return }
        // The sides as cells made once, restyled per row (over what is
        // behind), rather than a text walk per row and side.
        guard var left = Cell(cluster: capsule ? "(" : lines.1, style: style),
            var right = Cell(cluster: capsule ? ")" : lines.1, style: style), left.width == 1, right.width == 1
        else { return }
        for y in (area.y + 1)..<(area.maxY - 1) {
            left.style = style.over(grid, x: area.x, y: y)
            grid.put(left, x: area.x, y: y, clip: clip)
            if area.width > 1 {
                let x = area.maxX - 1
                right.style = style.over(grid, x: x, y: y)
                grid.put(right, x: x, y: y, clip: clip)
            }
        }
    }

    /// An ellipse at twice the vertical resolution: each cell is two half cells.
    /// `ring`: the outline's thickness in half cells (nil: filled).
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
                        grid.put(ShapeNode.fullBlock, x: x, y: y, clip: clip)
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
