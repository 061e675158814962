/// The blocks made most recently, one per slot of `index % capacity`.
///
/// A block is derived from its index alone, but making one allocates its
/// strings and its list of lines. A view update (the bar expanding or
/// collapsing) asks again for every block on screen, and a scroll back asks
/// for blocks made a moment ago: both now find them here. Blocks first
/// shown still cost their making.
///
/// - Complexity: O(1) per lookup; `capacity` slots, so memory does not grow
///   with the number of blocks.
final class RecentBlocks {
    private var slots: [(index: Int, block: ArticleBlock)?]

    /// Slots: a few screenfuls of blocks and their overscan.
    static let capacity = 256

    init() { slots = Array(repeating: nil, count: RecentBlocks.capacity) }

    /// The block at `index`, made by `make` unless it is still kept.
    func block(_ index: Int, make: (Int) -> ArticleBlock) -> ArticleBlock {
        let slot = index & (RecentBlocks.capacity - 1)
        if let kept = slots[slot], kept.index == index { return kept.block }
        let block = make(index)
        slots[slot] = (index, block)
        return block
    }
}
