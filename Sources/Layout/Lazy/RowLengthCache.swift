/// Measured row lengths (heights in a vertical stack) by row index, for rows
/// visited so far: never sized by the number of items, and capped, so a
/// long session cannot grow it without bound. Lengths are for one cross
/// size; a new width forgets them.
///
/// An open-addressed table of its own rather than a `Dictionary`: a lazy
/// stack looks up or records the length of every row it arranges, every
/// frame, and hashing each index with SipHash cost more than the rest of the
/// lookup (watcha-home and safari-reader, measured with callgrind). Row
/// indices are not chosen by anyone hostile, so a multiplicative hash is
/// enough. Entries carry the epoch they were written in: forgetting
/// everything (a recycled carousel showing another section) is one
/// increment, not a sweep of the table.
struct RowLengthCache {
    struct Entry {
        var index: Int
        var length: Int
        /// Valid only while equal to the cache's `epoch`.
        var epoch: UInt32
    }

    private var entries: [Entry]
    /// `entries.count - 1` (a power of two, less one).
    private var mask: Int
    /// log2 of `entries.count`, for the hash's shift.
    private var bits: Int
    private var epoch: UInt32 = 1
    private var cross = -1
    /// Rows remembered now.
    private(set) var count = 0
    /// Most rows remembered; past it the cache starts over (anchoring keeps the screen steady regardless).
    let limit: Int
    /// Where tables come from and go back to (the host's).
    private let spares: Spares

    /// A table with room for `rows` rows (the stack's item count), at most
    /// `initialCapacity`: a carousel of 1,000 posters takes 2,048 slots and
    /// a list of 20 rows 64, instead of 4,096 each (96 KB, allocated and
    /// cleared on the frame that builds the stack). A table a stack let go
    /// of (`retire`) is taken when one of its size is kept (`Spares`).
    init(limit: Int = 65_536, rows: Int = RowLengthCache.initialCapacity, spares: Spares = Spares()) {
        self.limit = max(1, limit)
        self.spares = spares
        // A tour of a few thousand rows then records lengths without the
        // table growing (growth allocates, on frames that only scroll): a
        // stack of fewer items than the table holds never grows it.
        bits = RowLengthCache.bits(forRows: rows)
        mask = (1 << bits) - 1
        (entries, epoch) = spares.table(bits: bits)
    }

    /// 4,096 slots: 2,048 rows before the table grows (it stays at most half full).
    static let initialBits = 12
    static var initialCapacity: Int { (1 << initialBits) / 2 }
    /// 16 slots: the smallest table (an empty stack's).
    static let smallestBits = 4

    /// log2 of the slots that hold `rows` rows at most half full, between the smallest table and the initial one.
    static func bits(forRows rows: Int) -> Int {
        var bits = smallestBits
        while bits < initialBits && (1 << (bits - 1)) < rows { bits += 1 }
        return bits
    }

    /// Rows the table holds before it grows.
    var capacity: Int { entries.count / 2 }

    /// Grows the table (keeping what it remembers) until it holds `rows`
    /// rows or is as large as a new table may start: called when a stack's
    /// item count changes, on a frame that updates its rows anyway, so that
    /// frames that only scroll never grow it.
    mutating func reserve(rows: Int) {
        while capacity < min(rows, RowLengthCache.initialCapacity) { grow() }
    }

    mutating func use(cross newCross: Int) {
        if newCross != cross {
            cross = newCross
            removeAll()
        }
    }

    @inline(__always)
    private func slot(of index: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    func length(of index: Int) -> Int? {
        var position = slot(of: index)
        return entries.withUnsafeBufferPointer { table in
            while table[position].epoch == epoch {
                if table[position].index == index { return table[position].length }
                position = (position + 1) & mask
            }
            return nil
        }
    }

    mutating func record(_ length: Int, of index: Int) {
        let epoch = self.epoch
        let mask = self.mask
        var position = slot(of: index)
        let inserted: Bool = entries.withUnsafeMutableBufferPointer { table in
            while table[position].epoch == epoch {
                if table[position].index == index {
                    table[position].length = length
                    return false
                }
                position = (position + 1) & mask
            }
            table[position] = Entry(index: index, length: length, epoch: epoch)
            return true
        }
        guard inserted else { return }
        count += 1
        if count > limit {
            // Past the cap: start over, with this row.
            removeAll()
            record(length, of: index)
        } else if 2 * count > entries.count {
            grow()
        }
    }

    /// Twice the slots, the remembered rows placed again.
    private mutating func grow() {
        let old = entries
        let epoch = self.epoch
        bits += 1
        mask = (1 << bits) - 1
        (entries, self.epoch) = spares.table(bits: bits)
        count = 0
        for entry in old where entry.epoch == epoch { record(entry.length, of: entry.index) }
        spares.keep(old, epoch: epoch, bits: bits - 1)
    }

    mutating func removeAll() {
        count = 0
        if epoch == UInt32.max {
            // Four billion clears: start the epochs over on a clean table.
            for position in entries.indices { entries[position].epoch = 0 }
            epoch = 1
        } else {
            epoch += 1
        }
    }

    /// Gives the table to the spares, for a stack made later (the owner is going away).
    mutating func retire() {
        spares.keep(entries, epoch: epoch, bits: bits)
        entries = []
        count = 0
    }
}
