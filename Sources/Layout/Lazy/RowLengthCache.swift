/// Measured row lengths (heights in a vertical stack) by row index, for rows
/// visited so far: never sized by the number of items, and capped, so a
/// long session cannot grow it without bound. Lengths are for one cross
/// size; a new width forgets them.
struct RowLengthCache {
    private var lengths: [Int: Int] = [:]
    private var cross = -1
    /// Most rows remembered; past it the cache starts over (anchoring keeps the screen steady regardless).
    let limit: Int

    init(limit: Int = 65_536) {
        self.limit = limit
        // A tour of a few thousand rows then records lengths without the
        // table growing (growth allocates, on frames that only scroll).
        lengths.reserveCapacity(RowLengthCache.initialCapacity)
    }

    static let initialCapacity = 2_048

    var count: Int { lengths.count }

    mutating func use(cross newCross: Int) {
        if newCross != cross {
            cross = newCross
            lengths.removeAll(keepingCapacity: true)
        }
    }

    func length(of index: Int) -> Int? { lengths[index] }

    mutating func record(_ length: Int, of index: Int) {
        if lengths[index] == length { return }
        if lengths.count >= limit { lengths.removeAll(keepingCapacity: true) }
        lengths[index] = length
    }

    mutating func removeAll() { lengths.removeAll(keepingCapacity: true) }
}
