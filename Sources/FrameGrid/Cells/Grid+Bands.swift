#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole rows of cells copied out of a grid and back in: what a drawing
/// layer keeps of a subtree it drew (the rows it covers, before and after),
/// to put the same cells down again instead of drawing it once more.
///
/// A band is always every column of its rows, so whatever the subtree wrote
/// in them, anywhere across, is in the copy. Bands holding clusters kept in
/// the grid's arena are not copied (their cells name arena offsets that a
/// later frame's arena does not hold); callers ask `rowsUseArena` first.
extension Grid {
    /// Whether any of `rows` holds a cluster stored in the arena.
    public func rowsUseArena(_ rows: Range<Int>) -> Bool {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "band rows lie inside the grid")
        return arenaRows.withUnsafeBufferPointer { flags in rows.contains { flags[$0] } }
    }

    /// Copies every cell of `rows` to `target` (`cols * rows.count` cells), row after row.
    public func copyRows(_ rows: Range<Int>, to target: UnsafeMutablePointer<Cell>) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "band rows lie inside the grid")
        guard !rows.isEmpty else { return }
        cells.withUnsafeBufferPointer { all in
            forEachStoredRun(of: rows) { start, count, offset in
                Grid.copyCells(from: all.baseAddress! + start, to: target + offset, count: count * cols)
            }
        }
    }

    /// Whether the cells of `rows` are, bit for bit, the `cols * rows.count`
    /// cells at `source` (the same cells: a cell has no padding, and bands
    /// compared hold no arena clusters).
    public func rows(_ rows: Range<Int>, equalCellsAt source: UnsafePointer<Cell>) -> Bool {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "band rows lie inside the grid")
        guard !rows.isEmpty else { return true }
        return cells.withUnsafeBufferPointer { all in
            var equal = true
            forEachStoredRun(of: rows) { start, count, offset in
                if equal {
                    equal = memcmp(all.baseAddress! + start, source + offset, count * cols * MemoryLayout<Cell>.stride) == 0
                }
            }
            return equal
        }
    }

    /// Puts the `cols * rows.count` cells at `source` in `rows`, which get
    /// fresh stamps; the cells hold no arena clusters (see `copyRows`).
    public mutating func pasteRows(_ rows: Range<Int>, from source: UnsafePointer<Cell>) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "band rows lie inside the grid")
        guard !rows.isEmpty else { return }
        let runs = storedRuns(of: rows)
        let cols = cols
        cells.withUnsafeMutableBufferPointer { all in
            Grid.copyCells(from: source, to: all.baseAddress! + runs.first.start, count: runs.first.rows * cols)
            if let second = runs.second {
                Grid.copyCells(
                    from: source + runs.first.rows * cols, to: all.baseAddress! + second.start, count: second.rows * cols)
            }
        }
        for y in rows {
            touch(y)
            arenaRows[y] = false
        }
    }

    /// Whether every row of `rows` is as the last `clear` left it: all
    /// `clearedBlank`, known from the stamps alone.
    public func rowsAreAsCleared(_ rows: Range<Int>) -> Bool {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= self.rows, "band rows lie inside the grid")
        let cleared = clearedThrough
        return cleared != 0 && stamps.withUnsafeBufferPointer { stamps in !rows.contains { stamps[$0] > cleared } }
    }

    /// Whether a row other than `rows` was written since `stamp` was the
    /// latest (`RowStamp.latest`): every writer gives the rows it writes a
    /// fresh stamp, and stamps only grow.
    public func rowsWritten(since stamp: UInt64, outside rows: Range<Int>) -> Bool {
        stamps.withUnsafeBufferPointer { stamps in
            (0..<self.rows).contains { !rows.contains($0) && stamps[$0] > stamp }
        }
    }
}
