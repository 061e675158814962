extension Grid {
    /// Makes this grid show `source`, a grid of the same size, by copying
    /// only the rows whose stamps differ: a row whose stamp already equals
    /// the source's holds the same cells and costs one comparison. Copied
    /// rows take the source's stamps (as copying a whole grid does), so a
    /// diff against a frame that shared those rows skips them by stamp.
    ///
    /// The cluster arena comes along whole when any row is copied: rows kept
    /// by stamp refer to the same arena bytes in both grids (an arena only
    /// grows until `clear`, which restamps every row), and it holds only
    /// clusters longer than eight bytes, so it is small.
    /// - Returns: how many rows were copied.
    /// - Complexity: O(rows), plus O(cols) per copied row.
    @discardableResult
    public mutating func copyChangedRows(from source: Grid) -> Int {
        precondition(source.cols == cols && source.rows == rows, "row copies are between grids of one size")
        // Read-only first: a grid sharing the source's storage (the frame
        // handed back is the one copied from) must not be written at all,
        // which would copy its arrays (the optimiser makes them unique
        // before a loop that may write them).
        guard (0..<rows).contains(where: { stamps[$0] != source.stamps[$0] }) else { return 0 }
        lineUpRing(with: source)
        var copied = 0
        let cols = self.cols
        for y in 0..<rows where stamps[y] != source.stamps[y] {
            let start = rowStart(y)
            let from = source.rowStart(y)
            cells.withUnsafeMutableBufferPointer { target in
                source.cells.withUnsafeBufferPointer { all in
                    Grid.copyCells(from: all.baseAddress! + from, to: target.baseAddress! + start, count: cols)
                }
            }
            stamps[y] = source.stamps[y]
            arenaRows[y] = source.arenaRows[y]
            copied += 1
        }
        // Stamps from another grid say nothing about this one's clear.
        if copied > 0 { clearedThrough = 0 }
        if copied > 0 && !(arena.isEmpty && source.arena.isEmpty) {
            arena.removeAll(keepingCapacity: true)
            arena.append(contentsOf: source.arena)
        }
        return copied
    }

    /// When `source` scrolled by turning its ring since it showed what this
    /// grid shows, turns this grid's ring the same way (no cell moves), so
    /// the rows it scrolled match by stamp and are not copied: a steady
    /// scroll then copies the rows that entered, not the page.
    /// - Complexity: O(rows).
    private mutating func lineUpRing(with source: Grid) {
        guard origin != source.origin else { return }
        let shift = ((source.origin - origin) % rows + rows) % rows
        var inPlace = 0
        var turned = 0
        stamps.withUnsafeBufferPointer { mine in
            source.stamps.withUnsafeBufferPointer { theirs in
                for y in 0..<rows {
                    if mine[y] == theirs[y] { inPlace += 1 }
                    let from = y + shift < rows ? y + shift : y + shift - rows
                    if mine[from] == theirs[y] { turned += 1 }
                }
            }
        }
        if turned > inPlace { rotateAllRows(by: shift) }
    }
}
