/// A frame: a flat grid of cells, `rows x cols`, each row contiguous.
///
/// Rows are stored in a ring: row `y` starts at cell `rowStart(y)`, that is
/// `((y + origin) % rows) * cols`. Scrolling the whole grid turns the ring
/// (`scroll(rows:by:)`), so a frame that scrolls moves no cell of the rows
/// that stay: it costs the rows that enter, not the screen.
///
/// A value type; copies share storage until one of them is written (the
/// arrays are copy-on-write). Writes keep the wide-character invariant: a cell
/// of width 2 is always followed by a continuation cell, and overwriting either
/// half of a wide character turns the other half into a blank.
///
/// Clusters longer than eight UTF-8 bytes are kept in a per-grid arena that is
/// emptied by `clear`; they are capped at `Grid.maxClusterBytes` so hostile
/// text (a letter under thousands of combining marks) cannot grow a cell.
public struct Grid: Sendable {
    public private(set) var cols: Int
    public private(set) var rows: Int
    @usableFromInline var cells: [Cell]
    @usableFromInline var stamps: [UInt64]
    /// Per row: whether any of its cells refers to the arena (then equal bits
    /// do not prove equal text, and the diff compares bytes).
    @usableFromInline var arenaRows: [Bool]
    @usableFromInline var arena: [UInt8]
    /// Which stored row shows row 0 (see `rowStart`); changed only by a scroll.
    @usableFromInline var origin = 0
    /// The latest stamp when `clear` last ran, and the blank it set: a row
    /// whose stamp is no greater holds only that blank (every later write
    /// stamps its row afresh). Zero, claiming nothing, until the first
    /// `clear` and after rows are copied in with their stamps.
    public internal(set) var clearedThrough: UInt64 = 0
    public private(set) var clearedBlank = Cell.erased

    /// Longest cluster a cell keeps, in UTF-8 bytes; longer ones are cut at a scalar boundary.
    public static let maxClusterBytes = 32

    /// A grid of erased cells. Sizes must be positive: a size from the user
    /// (a flag, a terminal report) is checked where it is read, so a zero
    /// here is a programmer error.
    public init(cols: Int, rows: Int) {
        precondition(cols > 0 && rows > 0, "grid sizes are checked by the caller")
        self.cols = cols
        self.rows = rows
        cells = Array(repeating: .erased, count: cols * rows)
        stamps = (0..<rows).map { _ in RowStamp.fresh() }
        arenaRows = Array(repeating: false, count: rows)
        arena = []
        arena.reserveCapacity(256)
    }

    public init(size: Size) { self.init(cols: size.cols, rows: size.rows) }

    public var size: Size { Size(cols: cols, rows: rows) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: cols, height: rows) }

    /// The cell at a position. - Precondition: the position is inside the grid.
    @inlinable @inline(__always) public subscript(x: Int, y: Int) -> Cell {
        precondition(x >= 0 && x < cols && y >= 0 && y < rows)
        return cells[rowStart(y) + x]
    }

    /// Index in `cells` of row `y`'s first cell.
    @inlinable @inline(__always)
    func rowStart(_ y: Int) -> Int { Grid.rowStart(y, origin: origin, rows: rows, cols: cols) }

    /// `rowStart` from copies of the fields, for use while `cells` is borrowed.
    @inlinable @inline(__always)
    static func rowStart(_ y: Int, origin: Int, rows: Int, cols: Int) -> Int {
        // A grid that never turned (every scene's) takes the first branch
        // every time: it predicts perfectly and costs what `y * cols` did
        // before the ring.
        if origin == 0 { return y * cols }
        let stored = y + origin
        return (stored >= rows ? stored - rows : stored) * cols
    }

    /// The stamp of row `y`; equal stamps mean equal rows (see `RowStamp`).
    @inlinable public func stamp(ofRow y: Int) -> UInt64 { stamps[y] }

    /// Bytes of long clusters kept in the arena (emptied by `clear` only).
    public var arenaByteCount: Int { arena.count }

    /// Whether row `y` holds a cluster stored in the arena.
    @inlinable public func rowUsesArena(_ y: Int) -> Bool { arenaRows[y] }

    /// Calls `body` with the cells of row `y`.
    @inlinable
    public func withRow<R>(_ y: Int, _ body: (UnsafeBufferPointer<Cell>) throws -> R) rethrows -> R {
        try cells.withUnsafeBufferPointer { all in
            let start = rowStart(y)
            return try body(UnsafeBufferPointer(rebasing: all[start..<(start + cols)]))
        }
    }

    /// Calls `body` with the UTF-8 bytes of a glyph stored in this grid.
    @inlinable
    public func withBytes<R>(of glyph: Glyph, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if glyph.isInArena {
            return try arena.withUnsafeBytes { bytes in
                try body(UnsafeRawBufferPointer(rebasing: bytes[glyph.arenaOffset..<(glyph.arenaOffset + glyph.arenaLength)]))
            }
        }
        var word = glyph.raw.littleEndian
        let length = glyph.inlineLength
        return try withUnsafeBytes(of: &word) { bytes in
            try body(UnsafeRawBufferPointer(rebasing: bytes[0..<length]))
        }
    }

    /// The text of a glyph (empty for a continuation cell).
    public func string(of glyph: Glyph) -> String {
        withBytes(of: glyph) { String(decoding: $0, as: UTF8.self) }
    }

    /// Row `y` as a terminal shows it: each glyph once, trailing spaces kept.
    public func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<cols {
            let cell = self[x, y]
            if !cell.isContinuation { text += string(of: cell.glyph) }
        }
        return text
    }

    /// All rows as text with trailing spaces removed: the form tests compare.
    public var lines: [String] {
        (0..<rows).map { y in
            var text = line(y)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    // MARK: Writing

    /// Sets every cell to a blank in `style` and empties the cluster arena.
    public mutating func clear(_ style: Style = .plain) {
        clear(rows: 0..<rows, style)
        arena.removeAll(keepingCapacity: true)
        clearedThrough = RowStamp.latest
        clearedBlank = Cell.blank(style)
    }

    /// Sets every cell of `rows` to a blank in `style`; they get fresh
    /// stamps. The arena is kept (other rows may refer to it), and so is the
    /// last `clear`'s claim about the other rows (`clearedThrough`): a row
    /// cleared here is not taken for one that `clear` left (its stamp is
    /// newer), so `rowsAreAsCleared` compares it by its cells' stamps only.
    public mutating func clear(rows: Range<Int>, _ style: Style = .plain) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "cleared rows lie inside the grid")
        guard !rows.isEmpty else { return }
        let blank = Cell.blank(style)
        let cols = cols
        let runs = storedRuns(of: rows)
        cells.withUnsafeMutableBufferPointer { all in
            Grid.repeatCell(blank, into: all.baseAddress! + runs.first.start, count: runs.first.rows * cols)
            if let second = runs.second {
                Grid.repeatCell(blank, into: all.baseAddress! + second.start, count: second.rows * cols)
            }
        }
        for y in rows {
            stamps[y] = RowStamp.fresh()
            arenaRows[y] = false
        }
    }

    /// Fills a rectangle (clipped to the grid) with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        fill(rect, with: .blank(style))
    }

    /// Fills a rectangle (clipped to the grid) with one single-width cell.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        precondition(cell.width == 1, "fill takes single-width cells")
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let width = area.width
        let firstRow = rowStart(area.y) + area.x
        let (origin, gridRows) = (self.origin, self.rows)
        cells.withUnsafeMutableBufferPointer { all in
            for y in area.y..<area.maxY {
                let start = Grid.rowStart(y, origin: origin, rows: gridRows, cols: cols)
                let row = UnsafeMutableBufferPointer(rebasing: all[start..<(start + cols)])
                Grid.splitWideCharacter(in: row, atLeftEdge: area.x)
                Grid.splitWideCharacter(in: row, atRightEdge: area.maxX)
                // The first row is filled cell by cell (doubling copies); the others copy it.
                if y == area.y {
                    Grid.repeatCell(cell, into: all.baseAddress! + firstRow, count: width)
                } else {
                    Grid.copyCells(from: all.baseAddress! + firstRow, to: row.baseAddress! + area.x, count: width)
                }
            }
        }
        for y in area.y..<area.maxY { stamps[y] = RowStamp.fresh() }
    }

    /// Sets `count` cells from `start` to `cell`: a few stores, then copies
    /// of what is set so far, each twice as long up to `copyChunk` (block
    /// copies move several cells an instruction; a loop stores one).
    @usableFromInline
    static func repeatCell(_ cell: Cell, into start: UnsafeMutablePointer<Cell>, count: Int) {
        let stored = min(count, 16)
        for index in 0..<stored { start[index] = cell }
        var filled = stored
        while filled < count {
            let chunk = min(filled, count - filled, copyChunk)
            (start + filled).update(from: start, count: chunk)
            filled += chunk
        }
    }

    /// Copies `count` cells between places that do not overlap, `copyChunk` at a time.
    @usableFromInline
    static func copyCells(from source: UnsafePointer<Cell>, to target: UnsafeMutablePointer<Cell>, count: Int) {
        var copied = 0
        while copied < count {
            let chunk = min(count - copied, copyChunk)
            (target + copied).update(from: source + copied, count: chunk)
            copied += chunk
        }
    }

    /// Cells per block copy: 1 KB, below where the C library switches to
    /// `rep movsb`, which moves a byte per counted step (callgrind counts each),
    /// so longer copies would read as many more instructions than they cost.
    @usableFromInline static let copyChunk = 64

    /// Fills `columns` of row `y` (clipped to the grid) with copies of one
    /// single-width cell; with `keepingBackgrounds`, each copy takes the
    /// background already drawn where it lands (a line drawn over colours).
    /// The same cells as `put` at each column in turn, in one pass over the row.
    public mutating func fill(row y: Int, columns: Range<Int>, with cell: Cell, keepingBackgrounds: Bool) {
        precondition(cell.width == 1, "fill takes single-width cells")
        let start = max(columns.lowerBound, 0)
        let end = min(columns.upperBound, cols)
        guard y >= 0, y < rows, start < end else { return }
        let rowStart = self.rowStart(y)
        cells.withUnsafeMutableBufferPointer { all in
            let row = UnsafeMutableBufferPointer(rebasing: all[rowStart..<(rowStart + cols)])
            Grid.splitWideCharacter(in: row, atLeftEdge: start)
            Grid.splitWideCharacter(in: row, atRightEdge: end)
            if keepingBackgrounds {
                for x in start..<end {
                    var copy = cell
                    copy.background = row[x].background
                    row[x] = copy
                }
            } else {
                for x in start..<end { row[x] = cell }
            }
        }
        if cell.glyph.isInArena { arenaRows[y] = true }
        touch(y)
    }

    /// Puts copies of one single-width cell down column `x` over `rows`
    /// (clipped to `clip` and the grid); with `keepingBackgrounds`, each
    /// copy takes the background already drawn where it lands (a box's side
    /// over a poster). The same cells and stamps as `put` at each row in
    /// turn, through one buffer access.
    public mutating func fill(column x: Int, rows: Range<Int>, with cell: Cell, keepingBackgrounds: Bool, clip: Rect) {
        precondition(cell.width == 1, "fill takes single-width cells")
        let area = clip.intersection(bounds)
        guard x >= area.x, x < area.maxX else { return }
        let top = max(rows.lowerBound, area.y)
        let bottom = min(rows.upperBound, area.maxY)
        guard top < bottom else { return }
        let (origin, gridRows, cols) = (self.origin, self.rows, self.cols)
        cells.withUnsafeMutableBufferPointer { all in
            for y in top..<bottom {
                let start = Grid.rowStart(y, origin: origin, rows: gridRows, cols: cols)
                let row = UnsafeMutableBufferPointer(rebasing: all[start..<(start + cols)])
                var copy = cell
                if keepingBackgrounds { copy.background = row[x].background }
                Grid.splitWideCharacter(in: row, atLeftEdge: x)
                Grid.splitWideCharacter(in: row, atRightEdge: x + 1)
                row[x] = copy
            }
        }
        if cell.glyph.isInArena { for y in top..<bottom { arenaRows[y] = true } }
        for y in top..<bottom { touch(y) }
    }

    /// Puts one cell, keeping the wide-character invariant. A wide cell that
    /// does not fit before the right edge becomes a blank in its style.
    public mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < cols, y >= 0, y < rows, cell.width > 0 else { return }
        if cell.width == 2 && x + 1 >= cols {
            place(.blank(cell.style), x: x, y: y)
        } else {
            place(cell, x: x, y: y)
        }
        touch(y)
    }

    /// Writes `cell` at (x, y) and, when wide, its continuation; callers have
    /// checked bounds. Halves of wide characters that get cut become blanks.
    ///
    /// The row is changed through one buffer access: each subscript write
    /// of `cells` checked its storage's uniqueness in the runtime (shapes'
    /// edges put cell by cell were a few of those each).
    @usableFromInline
    mutating func place(_ cell: Cell, x: Int, y: Int) {
        let width = Int(cell.width)
        let rowStart = self.rowStart(y)
        let cols = cols
        cells.withUnsafeMutableBufferPointer { all in
            let row = UnsafeMutableBufferPointer(rebasing: all[rowStart..<(rowStart + cols)])
            Grid.splitWideCharacter(in: row, atLeftEdge: x)
            Grid.splitWideCharacter(in: row, atRightEdge: x + width)
            row[x] = cell
            if width == 2 {
                var continuation = cell
                continuation.glyph = .continuation
                continuation.width = 0
                row[x + 1] = continuation
            }
        }
        if cell.glyph.isInArena { arenaRows[y] = true }
    }

    /// Before writing from column `x` of `row`: if `x` is the right half of
    /// a wide character, its left half becomes a blank.
    @usableFromInline @inline(__always)
    static func splitWideCharacter(in row: UnsafeMutableBufferPointer<Cell>, atLeftEdge x: Int) {
        guard x > 0, x < row.count else { return }
        if row[x].isContinuation { row[x - 1] = .blank(row[x - 1].style) }
    }

    /// Before writing up to (not including) column `x` of `row`: if `x` is
    /// the right half of a wide character whose left half is about to be
    /// overwritten, it becomes a blank.
    @usableFromInline @inline(__always)
    static func splitWideCharacter(in row: UnsafeMutableBufferPointer<Cell>, atRightEdge x: Int) {
        guard x > 0, x < row.count else { return }
        if row[x].isContinuation { row[x] = .blank(row[x].style) }
    }

    /// Marks row `y` as written (a fresh stamp). Every public writer does this.
    @usableFromInline
    mutating func touch(_ y: Int) { stamps[y] = RowStamp.fresh() }

    /// Stores cluster bytes longer than a word in the arena.
    @usableFromInline
    mutating func storeInArena(_ bytes: UnsafeRawBufferPointer) -> Glyph {
        let offset = arena.count
        arena.append(contentsOf: bytes)
        return Glyph(arenaOffset: offset, length: bytes.count)
    }
}
