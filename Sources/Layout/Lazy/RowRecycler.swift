import FrameGrid

/// Row subtrees a host's lazy stacks let go of (rows scrolled out of the
/// overscan, the rows of a stack replaced by a filter or tab switch), kept
/// by row view type so that the next row of that type is an update of an
/// old subtree instead of a new one: building a screenful of rows allocates
/// nodes, arrays and text buffers, updating one reuses them.
///
/// A recycled subtree is made to look unplaced first (`prepareForReuse`), so
/// it is laid out, animated and inserted exactly as a new one would be.
/// Subtrees that own `@State` are never kept: state belongs to the
/// identity of the row that made it.
final class RowRecycler {
    /// Rows by row view type and reuse kind. Only looked up, never walked,
    /// so its hash order cannot change what a frame does.
    private var pools: [Key: [LazyRow]] = [:]
    /// The pools' keys in the order the pools were made: what `takeSpare` walks.
    private var keys: [Key] = []

    /// A row view type (`ObjectIdentifier(Row.self)`) and the data source's reuse kind.
    struct Key: Hashable {
        var type: ObjectIdentifier
        var kind: Int
    }
    /// Most rows kept per row type (a few screenfuls: a switch rebuilds one).
    static let limit = 96

    /// Keeps `row`, a subtree no longer in any tree, for a later row of type
    /// `type`. Only into a pool that exists: pools are made when a row is
    /// built (`take`), on a frame that builds rows anyway, so letting go of
    /// rows on a frame that only scrolls never allocates.
    func donate(_ row: LazyRow, type: ObjectIdentifier) {
        let key = Key(type: type, kind: row.kind)
        guard pools[key] != nil, row.node.isReusable() else { return }
        if pools[key]!.count >= Self.limit { pools[key]!.removeFirst() }
        pools[key]!.append(row)
    }

    /// A kept subtree for a row of type `type` and kind `kind`, preferring
    /// the one that showed row `index`, else the last kept.
    func take(type: ObjectIdentifier, kind: Int, index: Int) -> ViewNode? {
        let key = Key(type: type, kind: kind)
        guard let count = pools[key]?.count else {
            pools[key] = Self.emptyPool  // rows of this kind will be kept from now on
            keys.append(key)
            return nil
        }
        guard count > 0 else { return nil }
        let slot = pools[key]!.lastIndex { $0.index == index } ?? count - 1
        let node = pools[key]!.remove(at: slot).node
        node.prepareForReuse()
        return node
    }

    /// The oldest row of the fullest pool (the first made among equals),
    /// to be taken apart for its nodes (`NodePool`); nil when none is kept.
    func takeSpare() -> ViewNode? {
        var fullest: Key?
        var most = 0
        for key in keys {
            let count = pools[key]?.count ?? 0
            if count > most {
                most = count
                fullest = key
            }
        }
        guard let fullest else { return nil }
        return pools[fullest]!.removeFirst().node
    }

    /// Room for the limit from the start: a pool never grows on frames that only scroll.
    private static var emptyPool: [LazyRow] {
        var pool: [LazyRow] = []
        pool.reserveCapacity(limit)
        return pool
    }
}
