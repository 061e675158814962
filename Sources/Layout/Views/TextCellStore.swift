import FrameGrid

/// The cells of text lines as last drawn, so drawing an unchanged line again
/// is one copy instead of decoding, measuring and styling its clusters.
///
/// Two rings of fixed size, made at first use: one of cells, one of line
/// entries (where each line's cells start in its text's block, and how many
/// columns they take). A text keeps the positions of its block; positions
/// only grow, and a block is valid until writing has gone once around the
/// ring past it, so keeping lines never allocates and never frees, and a
/// text whose block was overwritten simply makes it again.
///
/// One thread drives the views (see `ViewHost`), so the rings are shared by
/// every host without locks.
final class TextCellStore {
    // Read per line drawn on that one thread: unchecked, as the run-time
    // exclusivity check cost more than the read (measured with callgrind).
    @exclusivity(unchecked) nonisolated(unsafe) static var shared = TextCellStore(
        cellCapacity: TextCellKeeping.defaultCellCapacity, entryCapacity: TextCellKeeping.defaultEntryCapacity)

    let cellCapacity: Int
    let entryCapacity: Int
    private let cells: UnsafeMutablePointer<Cell>
    private let entries: UnsafeMutablePointer<Int>
    /// The positions of the next cell and entry handed out; position p is slot p % capacity.
    private var cellCursor = 0
    private var entryCursor = 0

    /// Line entries mark a line kept elsewhere (truncated, or needing a grid's arena).
    static let notKept = -1

    init(cellCapacity: Int, entryCapacity: Int) {
        self.cellCapacity = cellCapacity
        self.entryCapacity = entryCapacity
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: .erased, count: cellCapacity)
        entries = .allocate(capacity: entryCapacity)
        entries.initialize(repeating: TextCellStore.notKept, count: entryCapacity)
    }

    deinit {
        cells.deallocate()
        entries.deallocate()
    }

    /// A block of `cellCount` cells and `entryCount` entries, contiguous
    /// each; nil when the block would take more than an eighth of a ring
    /// (such a text is written afresh, not kept).
    func reserve(cells cellCount: Int, entries entryCount: Int) -> Block? {
        guard cellCount <= cellCapacity / 8, entryCount <= entryCapacity / 8 else { return nil }
        let cellStart = Self.claim(cellCount, at: &cellCursor, capacity: cellCapacity)
        let entryStart = Self.claim(entryCount, at: &entryCursor, capacity: entryCapacity)
        return Block(cellStart: cellStart, cellCount: cellCount, entryStart: entryStart, entryCount: entryCount)
    }

    /// Hands back the cells of `block` past `used`, when nothing was reserved after it.
    func shrink(_ block: inout Block, toCells used: Int) {
        if cellCursor == block.cellStart + block.cellCount { cellCursor = block.cellStart + used }
        block.cellCount = used
    }

    /// Whether nothing reserved since has overwritten `block`.
    func holds(_ block: Block) -> Bool {
        block.cellStart + cellCapacity >= cellCursor && block.entryStart + entryCapacity >= entryCursor
    }

    /// The cells of `block` (valid while `holds(block)`).
    func cells(of block: Block) -> UnsafeMutableBufferPointer<Cell> {
        UnsafeMutableBufferPointer(start: cells + block.cellStart % cellCapacity, count: block.cellCount)
    }

    /// The line entries of `block` (valid while `holds(block)`).
    func entries(of block: Block) -> UnsafeMutableBufferPointer<Int> {
        UnsafeMutableBufferPointer(start: entries + block.entryStart % entryCapacity, count: block.entryCount)
    }

    /// The start of `count` slots from `cursor`, moved to the ring's start
    /// when they would run past its end, so a block never wraps.
    private static func claim(_ count: Int, at cursor: inout Int, capacity: Int) -> Int {
        var start = cursor
        if start % capacity + count > capacity { start += capacity - start % capacity }
        cursor = start + count
        return start
    }

    /// Where a text's kept lines are.
    struct Block {
        var cellStart: Int
        var cellCount: Int
        var entryStart: Int
        var entryCount: Int
    }

    /// A line entry: where its cells start in the block, and their count.
    @inline(__always) static func entry(start: Int, count: Int) -> Int { start << 32 | count }
    @inline(__always) static func start(of entry: Int) -> Int { entry >> 32 }
    @inline(__always) static func count(of entry: Int) -> Int { entry & 0xFFFF_FFFF }
}

/// Whether texts keep the cells of their lines between frames (`TextCellStore`),
/// and the store's size: switches for tests that compare drawing with and without it.
public enum TextCellKeeping {
    /// Cells in the store's ring: 1 MB, some thirteen screens of 120x40 text.
    public static let defaultCellCapacity = 1 << 16
    public static let defaultEntryCapacity = 1 << 13

    /// On by default; off, every line is written afresh. (Read per line drawn, unchecked like `shared`.)
    @exclusivity(unchecked) nonisolated(unsafe) public static var isEnabled = true

    /// Replaces the store with an empty one of these sizes (small ones make
    /// texts' blocks be overwritten within a few frames, as a long run does).
    public static func replaceStore(cellCapacity: Int = defaultCellCapacity, entryCapacity: Int = defaultEntryCapacity) {
        precondition(cellCapacity >= 8 && entryCapacity >= 8, "a store holds at least eight cells and entries")
        TextCellStore.shared = TextCellStore(cellCapacity: cellCapacity, entryCapacity: entryCapacity)
    }
}
