#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cell-level comparison of rows, shared by the diff and scroll detection.
enum RowComparison {
    /// Whether two cells show the same thing, resolving arena glyphs to bytes.
    @inline(__always)
    static func same(_ a: Cell, in gridA: Grid, _ b: Cell, in gridB: Grid) -> Bool {
        if a == b {
            return !a.glyph.isInArena || gridA.withBytes(of: a.glyph) { left in
                gridB.withBytes(of: b.glyph) { right in left.elementsEqual(right) }
            }
        }
        guard a.glyph.isInArena || b.glyph.isInArena else { return false }
        var otherFields = b
        otherFields.glyph = a.glyph
        guard a == otherFields else { return false }
        return gridA.withBytes(of: a.glyph) { left in
            gridB.withBytes(of: b.glyph) { right in left.elementsEqual(right) }
        }
    }

    /// Whether row `rowA` of `gridA` equals row `rowB` of `gridB` (same widths).
    /// `byStamp`: equal stamps answer first (false: the cells alone, for
    /// callers that know the stamps will not match).
    /// - Complexity: O(1) for equal stamps, else O(cols), usually one `memcmp` that stops at the first difference.
    static func rowsEqual(_ gridA: Grid, _ rowA: Int, _ gridB: Grid, _ rowB: Int, byStamp: Bool = true) -> Bool {
        // Equal stamps are equal rows, also at different places (a row a
        // scroll moved keeps its stamp): a scrolled page is confirmed row by
        // row in O(1) each.
        if byStamp && gridA.stamp(ofRow: rowA) == gridB.stamp(ofRow: rowB) { return true }
        if gridA.rowUsesArena(rowA) || gridB.rowUsesArena(rowB) {
            return gridA.withRow(rowA) { left in
                gridB.withRow(rowB) { right in
                    for x in 0..<left.count where !same(left[x], in: gridA, right[x], in: gridB) {
                        return false
                    }
                    return true
                }
            }
        }
        return gridA.withRow(rowA) { left in
            gridB.withRow(rowB) { right in
                memcmp(left.baseAddress!, right.baseAddress!, left.count * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    /// Whether a row is entirely erased cells (what a scroll exposes).
    static func rowIsErased(_ grid: Grid, _ row: Int) -> Bool {
        grid.withRow(row) { cells in cells.allSatisfy { $0 == .erased } }
    }

    /// How many cells of row `rowB` of `gridB` differ from row `rowA` of `gridA`.
    static func differingCells(_ gridA: Grid, _ rowA: Int, _ gridB: Grid, _ rowB: Int) -> Int {
        gridA.withRow(rowA) { left in
            gridB.withRow(rowB) { right in
                var count = 0
                for x in 0..<left.count where !same(left[x], in: gridA, right[x], in: gridB) { count += 1 }
                return count
            }
        }
    }

    /// How many cells of a row are not erased (what painting it over a blank costs).
    static func nonErasedCells(_ grid: Grid, _ row: Int) -> Int {
        grid.withRow(row) { cells in
            var count = 0
            for cell in cells where cell != .erased { count += 1 }
            return count
        }
    }

    /// A cheap fingerprint of a row: its first sixteen cells (where feeds and
    /// lists put what tells their rows apart) and three pairs further along,
    /// a few cache lines in all. Equal rows have equal signatures; equal
    /// signatures are only a hint, confirmed by `rowsEqual`.
    static func signature(_ grid: Grid, _ row: Int) -> UInt64 {
        grid.withRow(row) { cells in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            let count = cells.count
            @inline(__always) func mix(_ cell: Cell) {
                let glyphWord = cell.glyph.isInArena ? UInt64(cell.glyph.arenaLength) : cell.glyph.raw
                hash = (hash ^ glyphWord) &* 0x0000_0100_0000_01B3
                hash = (hash ^ cell.packed) &* 0x0000_0100_0000_01B3
            }
            let head = min(count, 16)
            for x in 0..<head { mix(cells[x]) }
            if count > 32 {
                for quarter in 1..<4 {
                    let x = quarter * count / 4
                    mix(cells[x])
                    mix(cells[x + 1])
                }
            }
            return hash
        }
    }
}
