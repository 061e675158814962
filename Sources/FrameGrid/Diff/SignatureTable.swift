/// The rows of one frame indexed by their signature (`RowComparison.signature`),
/// to find the row of the previous frame that a changed row may have come from.
///
/// Open addressing with linear probing in a power-of-two table at least twice
/// the row count, so a probe is short and the table never fills. Rows that
/// share a signature (blank lines, repeated separators) are ambiguous: a
/// lookup of that signature finds no row, since a scroll cannot be told
/// from them. The table keeps its storage between frames of one size.
struct SignatureTable {
    /// Slot states besides a row number.
    private static let empty: Int32 = -1
    private static let ambiguous: Int32 = -2

    private var keys: [UInt64] = []
    private var rows: [Int32] = []

    /// Makes room for the rows of a frame with `rowCount` rows, emptied.
    /// Allocates only when the size changes.
    mutating func prepare(rowCount: Int) {
        var size = 16
        while size < 2 * rowCount { size <<= 1 }
        if keys.count != size {
            keys = Array(repeating: 0, count: size)
            rows = Array(repeating: Self.empty, count: size)
        }
    }

    /// Forgets every row.
    /// - Complexity: O(table size).
    mutating func removeAll() {
        for index in rows.indices { rows[index] = Self.empty }
    }

    /// Records that `row` has signature `key`; a second row with the same key
    /// makes the key ambiguous.
    mutating func insert(_ key: UInt64, row: Int) {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        while true {
            if rows[slot] == Self.empty {
                keys[slot] = key
                rows[slot] = Int32(row)
                return
            }
            if keys[slot] == key {
                rows[slot] = Self.ambiguous
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// The one row with signature `key`, or nil when no row or several rows have it.
    func uniqueRow(for key: UInt64) -> Int? {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        while rows[slot] != Self.empty {
            if keys[slot] == key {
                let row = rows[slot]
                return row >= 0 ? Int(row) : nil
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
