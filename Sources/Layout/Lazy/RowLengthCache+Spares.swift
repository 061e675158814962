extension RowLengthCache {
    /// Tables of lazy stacks that went away, by size, for the stacks made
    /// after them: a frame that builds a carousel (a jump, a tab's first
    /// visit, a filter switch) takes one instead of allocating and clearing
    /// up to 96 KB. A kept table is made empty by its epoch alone: the
    /// taker starts one past the epoch it was last written in, so none of
    /// its entries count.
    ///
    /// Bounded: at most `limit` tables of each size (16 to 4,096 slots),
    /// under 1.6 MB in all. Its lists have room for the limit from their
    /// first use, so keeping a table (a stack freed on any frame, also one
    /// that only scrolls, when a recycler lets an old row go) never
    /// allocates. One per host (`HostCore.lengthTables`), so a host's
    /// frames allocate as often whatever ran before it; each of its stacks
    /// holds it, so the tables of a host's last stacks go with them. Read
    /// and written on the one thread that drives views.
    final class Spares {
        /// Most tables kept per size.
        static let limit = 8

        /// Kept tables by log2 of their slots, each with the epoch it was last written in.
        @exclusivity(unchecked) private var kept: [[(entries: [Entry], epoch: UInt32)]] = []

        /// A table of `1 << bits` slots, empty at the epoch returned: a kept one if there is one.
        func table(bits: Int) -> ([Entry], UInt32) {
            prepare()
            // Tables grown past the initial size (a long tour of one stack) are never kept.
            if bits < kept.count, let spare = kept[bits].popLast() {
                // Epochs only increase; at the last one, clear the table and start over.
                guard spare.epoch < UInt32.max else { return (clearedCopy(spare.entries), 1) }
                return (spare.entries, spare.epoch + 1)
            }
            return (Array(repeating: Entry(index: 0, length: 0, epoch: 0), count: 1 << bits), 1)
        }

        /// Keeps `entries` (written up to `epoch`) when there is room for a table of its size.
        func keep(_ entries: [Entry], epoch: UInt32, bits: Int) {
            guard entries.count == 1 << bits, bits < kept.count, kept[bits].count < Spares.limit else { return }
            kept[bits].append((entries, epoch))
        }

        /// Tables kept now, of every size (tests).
        var count: Int { kept.reduce(0) { $0 + $1.count } }

        /// The lists, with room for the limit, made once (on the first stack's first frame).
        private func prepare() {
            guard kept.isEmpty else { return }
            kept.reserveCapacity(RowLengthCache.initialBits + 1)
            for _ in 0...RowLengthCache.initialBits {
                var list: [(entries: [Entry], epoch: UInt32)] = []
                list.reserveCapacity(Spares.limit)
                kept.append(list)
            }
        }

        private func clearedCopy(_ entries: [Entry]) -> [Entry] {
            var entries = entries
            for position in entries.indices { entries[position].epoch = 0 }
            return entries
        }
    }
}
