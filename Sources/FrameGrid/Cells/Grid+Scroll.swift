/// Scrolling a grid's rows in place: the rows that stay keep their cells and
/// their stamps, and only the rows that enter are cleared (with fresh stamps).
///
/// Rows are stored in a ring (`origin`), so a scroll either turns the ring
/// and copies back the rows outside the scrolled band (headers, footers), or
/// copies the band's rows one place along, whichever moves fewer rows. A
/// steady one-row scroll of a page between a header and a footer thus moves
/// three rows' cells, not the page's: the cost of the frame is the rows that
/// enter, and because moved rows keep their stamps, the differ and
/// `copyChangedRows` pass them by a comparison each.
extension Grid {
    /// Where in `cells` the rows of a range are stored: one run of
    /// consecutive stored rows, or two when the range wraps the ring.
    @usableFromInline
    struct StoredRuns {
        @usableFromInline var first: (start: Int, rows: Int)
        @usableFromInline var second: (start: Int, rows: Int)?
        @inlinable init(first: (start: Int, rows: Int), second: (start: Int, rows: Int)?) {
            self.first = first
            self.second = second
        }
    }

    /// The stored runs of `rows` (non-empty, inside the grid).
    @inlinable @inline(__always)
    func storedRuns(of rows: Range<Int>) -> StoredRuns {
        // A grid that never turned (every scene's): one run, no call.
        if origin == 0 { return StoredRuns(first: (rows.lowerBound * cols, rows.count), second: nil) }
        let stored = rows.lowerBound + origin
        let firstStored = stored >= self.rows ? stored - self.rows : stored
        let beforeWrap = self.rows - firstStored
        if rows.count <= beforeWrap { return StoredRuns(first: (firstStored * cols, rows.count), second: nil) }
        return StoredRuns(first: (firstStored * cols, beforeWrap), second: (0, rows.count - beforeWrap))
    }

    /// Calls `body` with each stored run of `rows` in row order, and the
    /// offset (in cells) of that run from the first row of `rows`.
    @inlinable
    func forEachStoredRun(of rows: Range<Int>, _ body: (_ start: Int, _ count: Int, _ offset: Int) -> Void) {
        let runs = storedRuns(of: rows)
        body(runs.first.start, runs.first.rows, 0)
        if let second = runs.second { body(second.start, second.rows, runs.first.rows * cols) }
    }

    /// Scrolls the rows of `band` by `shift`: positive moves their contents
    /// up (row `y` then shows what row `y + shift` showed), negative down.
    /// The rows moved keep their stamps; the `|shift|` rows that enter are
    /// cleared to blanks in `style` with fresh stamps; rows outside `band`
    /// are left as they were (cells and stamps). A shift of the whole band
    /// or more clears it.
    ///
    /// - Returns: how many rows' cells were moved or cleared (for tests and
    ///   counters: the cost of the scroll beyond O(rows) of bookkeeping).
    /// - Complexity: O(rows + cols x min(band rows kept, rows outside band + |shift|)).
    @discardableResult
    public mutating func scroll(rows band: Range<Int>, by shift: Int, style: Style = .plain) -> Int {
        precondition(band.lowerBound >= 0 && band.upperBound <= rows, "scrolled rows lie inside the grid")
        guard shift != 0, !band.isEmpty else { return 0 }
        let distance = abs(shift)
        guard distance < band.count else {
            clear(rows: band, style)
            return band.count
        }
        let kept = band.count - distance
        let outside = rows - band.count
        var moved: Int
        if outside + distance < kept {
            moved = turnRing(keeping: band, by: shift)
        } else {
            moved = copyAlong(band, by: shift)
        }
        // Stamps and arena flags follow the rows that stayed.
        if shift > 0 {
            for y in band.lowerBound..<(band.upperBound - distance) {
                stamps[y] = stamps[y + distance]
                arenaRows[y] = arenaRows[y + distance]
            }
            clear(rows: (band.upperBound - distance)..<band.upperBound, style)
        } else {
            for y in stride(from: band.upperBound - 1, through: band.lowerBound + distance, by: -1) {
                stamps[y] = stamps[y - distance]
                arenaRows[y] = arenaRows[y - distance]
            }
            clear(rows: band.lowerBound..<(band.lowerBound + distance), style)
        }
        moved += distance
        return moved
    }

    /// Moves the cells of the rows `band` keeps by copying each `shift`
    /// rows along (stamps are the caller's). - Returns: the rows copied.
    private mutating func copyAlong(_ band: Range<Int>, by shift: Int) -> Int {
        let distance = abs(shift)
        if shift > 0 {
            for y in band.lowerBound..<(band.upperBound - distance) {
                copyStoredRow(from: rowStart(y + shift), to: rowStart(y))
            }
        } else {
            for y in stride(from: band.upperBound - 1, through: band.lowerBound + distance, by: -1) {
                copyStoredRow(from: rowStart(y + shift), to: rowStart(y))
            }
        }
        return band.count - distance
    }

    /// Turns the ring by `shift` rows, then copies each row outside `band`
    /// back to where it is shown (its old cells, at its old position).
    /// Each row copied out lands on a stored row whose old contents are
    /// no longer needed: rows above the band land in the band or on rows
    /// above already copied (so those go from the band's edge outwards),
    /// and rows below it likewise; see the order below.
    /// - Returns: the rows copied.
    private mutating func turnRing(keeping band: Range<Int>, by shift: Int) -> Int {
        let oldStarts = (origin: origin, rows: rows, cols: cols)
        func oldStart(_ y: Int) -> Int {
            let wrapped = ((y % oldStarts.rows) + oldStarts.rows) % oldStarts.rows
            return Grid.rowStart(wrapped, origin: oldStarts.origin, rows: oldStarts.rows, cols: oldStarts.cols)
        }
        // Row y outside the band keeps its cells, stored at oldStart(y);
        // after the turn it is shown from oldStart(y + shift). The copy for
        // y overwrites what y + shift kept, so that row goes first.
        let above = 0..<band.lowerBound
        let below = band.upperBound..<rows
        if shift > 0 {
            for y in above.reversed() { copyStoredRow(from: oldStart(y), to: oldStart(y + shift)) }
            for y in below.reversed() { copyStoredRow(from: oldStart(y), to: oldStart(y + shift)) }
        } else {
            for y in below { copyStoredRow(from: oldStart(y), to: oldStart(y + shift)) }
            for y in above { copyStoredRow(from: oldStart(y), to: oldStart(y + shift)) }
        }
        origin = (((origin + shift) % rows) + rows) % rows
        return above.count + below.count
    }

    /// Copies one stored row's cells (`cols` from `source` to `target`, both indices in `cells`).
    private mutating func copyStoredRow(from source: Int, to target: Int) {
        guard source != target else { return }
        let cols = cols
        cells.withUnsafeMutableBufferPointer { all in
            Grid.copyCells(from: all.baseAddress! + source, to: all.baseAddress! + target, count: cols)
        }
    }

    /// Turns the ring so row `y` shows what row `y + shift` showed, for every
    /// row (stamps and arena flags along): no cell moves. Used to line up a
    /// grid with one that scrolled before copying its changed rows.
    mutating func rotateAllRows(by shift: Int) {
        let distance = ((shift % rows) + rows) % rows
        guard distance != 0 else { return }
        origin = (origin + distance) % rows
        Grid.rotateLeft(&stamps, by: distance)
        Grid.rotateLeft(&arenaRows, by: distance)
    }

    /// Rotates `array` so that element `distance` comes first, in place
    /// (three reversals, through the buffer: reversing slices of the array
    /// allocated a copy of each).
    private static func rotateLeft<Element>(_ array: inout [Element], by distance: Int) {
        array.withUnsafeMutableBufferPointer { buffer in
            var head = UnsafeMutableBufferPointer(rebasing: buffer[0..<distance])
            var tail = UnsafeMutableBufferPointer(rebasing: buffer[distance...])
            head.reverse()
            tail.reverse()
            buffer.reverse()
        }
    }
}
