import FrameGrid

/// Fills with sub-cell edges: a rectangle whose edges fall inside a cell
/// (while it animates) draws those edge cells as eighth blocks, so motion
/// looks smooth at eight steps per cell.
enum CellPainter {
    /// Lower blocks: index n covers the bottom n eighths (0 is a space).
    static let lowerBlocks = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Left blocks: index n covers the left n eighths (0 is a space).
    static let leftBlocks = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
    /// The blocks as cells made once: building a cell from a glyph's text
    /// walks its clusters, which cost more than painting it (callgrind).
    static let lowerBlockCells = lowerBlocks.map(EdgeGlyphs.cell)
    static let leftBlockCells = leftBlocks.map(EdgeGlyphs.cell)
    static let fullBlockCell = EdgeGlyphs.cell("█")
    static let upperHalfCell = EdgeGlyphs.cell("▀")
    static let lowerHalfCell = EdgeGlyphs.cell("▄")

    /// Fills `rect` (fractional cells) with `color` as background, within `clip`.
    ///
    /// Whole cells get the colour; a cell an edge falls inside gets the block
    /// glyph covering the part the rectangle covers. Edge cells are drawn
    /// before the interior, so they read what was behind the rectangle.
    static func fill(_ rect: FrameRect, color: Color, grid: inout Grid, clip: Rect) {
        let solid = Style(background: color)
        guard rect.width >= 1, rect.height >= 1 else {
            grid.fill(rect.rounded.intersection(clip), style: solid)
            return
        }
        let top = rect.y
        let bottom = rect.y + rect.height
        let left = rect.x
        let right = rect.x + rect.width
        let fullRows = Int(top.rounded(.up))..<Int(bottom.rounded(.down))
        let fullColumns = Int(left.rounded(.up))..<Int(right.rounded(.down))
        let spanColumns = Int(left.rounded())..<Int(right.rounded())

        // Columns an edge falls inside, on the whole rows.
        let leftColumn = Int(left.rounded(.down))
        let leftCovered = eighths(Double(leftColumn + 1) - left)
        if Double(leftColumn) < left && leftCovered > 0 {
            for y in fullRows {
                paint(x: leftColumn, y: y, covering: leftCovered, of: leftBlockCells, fromStart: false, color, &grid, clip)
            }
        }
        let rightColumn = Int(right.rounded(.down))
        let rightCovered = eighths(right - Double(rightColumn))
        if Double(rightColumn) < right && rightCovered > 0 {
            for y in fullRows {
                paint(x: rightColumn, y: y, covering: rightCovered, of: leftBlockCells, fromStart: true, color, &grid, clip)
            }
        }
        // Rows an edge falls inside, across the rounded span of columns.
        let topRow = Int(top.rounded(.down))
        let topCovered = eighths(Double(topRow + 1) - top)
        if Double(topRow) < top && topCovered > 0 {
            paintRow(topRow, spanColumns, covering: topCovered, fromTop: false, color, &grid, clip)
        }
        let bottomRow = Int(bottom.rounded(.down))
        let bottomCovered = eighths(bottom - Double(bottomRow))
        if Double(bottomRow) < bottom && bottomCovered > 0 {
            paintRow(bottomRow, spanColumns, covering: bottomCovered, fromTop: true, color, &grid, clip)
        }
        guard !fullRows.isEmpty, !fullColumns.isEmpty else { return }
        let interior = Rect(
            x: fullColumns.lowerBound, y: fullRows.lowerBound, width: fullColumns.count, height: fullRows.count)
        grid.fill(interior.intersection(clip), style: solid)
    }

    /// A fraction of a cell in eighths, 0...8.
    private static func eighths(_ fraction: Double) -> Int { max(0, min(8, Int((fraction * 8).rounded()))) }

    /// One edge cell covered `covered` eighths from its start (left or bottom
    /// glyphs grow from there) or from its end.
    private static func paint(
        x: Int, y: Int, covering covered: Int, of blocks: [Cell], fromStart: Bool, _ color: Color,
        _ grid: inout Grid, _ clip: Rect
    ) {
        if covered >= 8 {
            // Whole: the colour as background, so text drawn over it keeps the fill.
            grid.fill(Rect(x: x, y: y, width: 1, height: 1).intersection(clip), style: Style(background: color))
        } else if fromStart {
            paint(x: x, y: y, block: blocks[covered], fillIsForeground: true, color: color, grid: &grid, clip: clip)
        } else {
            paint(
                x: x, y: y, block: blocks[8 - covered], fillIsForeground: false, color: color, grid: &grid, clip: clip)
        }
    }

    /// A row an edge falls inside: its lower part covered (`fromTop` false) or its upper part.
    private static func paintRow(
        _ y: Int, _ columns: Range<Int>, covering covered: Int, fromTop: Bool, _ color: Color, _ grid: inout Grid,
        _ clip: Rect
    ) {
        if covered >= 8 {
            let row = Rect(x: columns.lowerBound, y: y, width: columns.count, height: 1)
            grid.fill(row.intersection(clip), style: Style(background: color))
        } else if fromTop {
            paintRow(
                y, columns, glyph: lowerBlocks[8 - covered], fillIsForeground: false, color: color, grid: &grid,
                clip: clip)
        } else {
            paintRow(
                y, columns, glyph: lowerBlocks[covered], fillIsForeground: true, color: color, grid: &grid, clip: clip)
        }
    }

    private static func paintRow(
        _ y: Int, _ columns: Range<Int>, glyph: String, fillIsForeground: Bool, color: Color, grid: inout Grid,
        clip: Rect
    ) {
        guard y >= 0, y < grid.rows, !columns.isEmpty else { return }
        let x = max(columns.lowerBound, 0)
        guard x < grid.cols else { return }
        // Edge rows have one background behind them in practice: take it from the first cell.
        let behind = grid[x, y].background
        let style = Style(foreground: color, background: behind, attributes: fillIsForeground ? [] : .reverse)
        repeatGlyph(glyph, row: y, columns: columns, style: style, grid: &grid, clip: clip)
    }

    /// A single-width glyph repeated along row `y` over `columns`, within
    /// `clip`: written once, then copied as a cell (writing text cell by cell
    /// costs a grapheme walk each time). With `keepingBackgrounds`, each cell
    /// keeps the background already drawn there (a line over colours).
    static func repeatGlyph(
        _ glyph: String, row y: Int, columns: Range<Int>, style: Style, grid: inout Grid, clip: Rect,
        keepingBackgrounds: Bool = false
    ) {
        let area = Rect(x: columns.lowerBound, y: y, width: columns.count, height: 1).intersection(clip).intersection(
            grid.bounds)
        guard !area.isEmpty else { return }
        guard keepingBackgrounds else {
            grid.write(glyph, x: area.x, y: y, style: style, clip: area)
            let cell = grid[area.x, y]
            guard cell.width == 1, area.width > 1 else { return }
            grid.fill(Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1), with: cell)
            return
        }
        grid.write(glyph, x: area.x, y: y, style: style.over(grid, x: area.x, y: y), clip: area)
        var cell = grid[area.x, y]
        guard cell.width == 1, area.width > 1 else { return }
        cell.style = style
        grid.fill(row: y, columns: (area.x + 1)..<area.maxX, with: cell, keepingBackgrounds: true)
    }

    /// `repeatGlyph` for a glyph made once as a cell (`BoxGlyphs`): put
    /// restyled, then copied along the row.
    static func repeatCell(_ glyph: Cell, row y: Int, columns: Range<Int>, style: Style, grid: inout Grid, clip: Rect) {
        let area = Rect(x: columns.lowerBound, y: y, width: columns.count, height: 1).intersection(clip).intersection(
            grid.bounds)
        guard !area.isEmpty else { return }
        var cell = glyph
        cell.style = style
        grid.put(cell, x: area.x, y: y)
        guard area.width > 1 else { return }
        grid.fill(Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1), with: cell)
    }

    /// One edge cell: the block glyph in the fill colour over what is there.
    /// When the glyph stands for the uncovered part instead, the cell is
    /// drawn reversed, because the colour behind may be the terminal's
    /// default background, which no foreground colour can name.
    static func paint(x: Int, y: Int, glyph: String, fillIsForeground: Bool, color: Color, grid: inout Grid, clip: Rect)
    {
        guard clip.contains(x: x, y: y), x >= 0, y >= 0, x < grid.cols, y < grid.rows else { return }
        let behind = grid[x, y].background
        let style = Style(foreground: color, background: behind, attributes: fillIsForeground ? [] : .reverse)
        // Block glyphs are single-width clusters: put as a cell, without a text walk.
        if let cell = Cell(cluster: glyph, style: style), cell.width == 1 {
            grid.put(cell, x: x, y: y, clip: clip)
        } else {
            grid.write(glyph, x: x, y: y, style: style, clip: clip)
        }
    }

    /// `paint` for a block made once (`lowerBlockCells`, `fullBlockCell`...):
    /// the same cell, restyled, without building it from text per call.
    static func paint(x: Int, y: Int, block: Cell, fillIsForeground: Bool, color: Color, grid: inout Grid, clip: Rect) {
        guard clip.contains(x: x, y: y), x >= 0, y >= 0, x < grid.cols, y < grid.rows else { return }
        var cell = block
        cell.style = Style(
            foreground: color, background: grid[x, y].background, attributes: fillIsForeground ? [] : .reverse)
        grid.put(cell, x: x, y: y)
    }
}
