import FrameGrid

/// What a lazy stack keeps of a row it drew, to put the same cells down
/// again on a later frame instead of drawing the row's nodes (a steady
/// scroll of watcha-home spent 44% of its instructions drawing rows that
/// had only moved, measured with callgrind).
///
/// A band is every column of the grid rows the row covers, twice: the cells
/// there before the row was drawn (beneath) and after; or, when those rows
/// were still as the frame's `clear` left them (known from their stamps),
/// that blank and the cells after. A row's drawing is a
/// function of its nodes (their frames, animations, visibility and view
/// values), the clip, and the cells beneath it (a text takes the
/// background it lands on). So when the row's nodes changed in nothing but
/// a move since (no view update applied to it, no placement that laid it
/// out again, no animation part way: `DrawInvalidation.contentChanges`), it
/// sits in the same columns under the same clip with the same height, and
/// the cells now beneath it are the ones kept as beneath, the cells it
/// would draw are the ones kept as after, wherever it moved up or down.
///
/// A band is kept only when that holds by construction: the row lies wholly
/// inside the clip, draws in no row outside its frame (`drawsOnly`, checked
/// against the rows written too), starts no animation and reads none part
/// way, and neither band uses the grid's cluster arena. Once kept, it also
/// serves the row moved partly out of the clip (at the same columns):
/// clipping cuts whole rows of cells, so the rows still shown are the
/// band's rows there.
struct RowBand {
    /// Where the band's cells start in `RowBandStore.shared`.
    var position: Int
    var key: Key
    /// The blank the rows held beneath when they were as the frame's clear
    /// left them (then only the cells after are kept); nil: the cells
    /// beneath are kept first, then the cells after.
    var clearedBlank: Cell?

    /// The geometry a band was drawn at, beside the rows it moved through.
    struct Key: Equatable {
        var gridColumns: Int32 = 0
        var height: Int32 = 0
        var x: Int32 = 0
        var clipX: Int32 = 0
        var clipWidth: Int32 = 0

        init() {}

        init(gridColumns: Int, drawn: Rect, clip: Rect) {
            self.gridColumns = Int32(truncatingIfNeeded: gridColumns)
            height = Int32(truncatingIfNeeded: drawn.height)
            x = Int32(truncatingIfNeeded: drawn.x)
            clipX = Int32(truncatingIfNeeded: clip.x)
            clipWidth = Int32(truncatingIfNeeded: clip.width)
        }
    }

}

/// The cells of kept row bands, and which row each band is of: a ring of
/// cells and a table of bands, both of fixed size, made at first use and
/// shared by every host (one thread drives views, see `ViewHost`), so
/// keeping bands never allocates after the first frame and adds nothing to
/// the rows a lazy stack holds. Positions in the ring only grow; a band is
/// valid until writing has gone once around the ring past it. The table has
/// one slot per hash of (stack, row index), the stack by the number it
/// was given (`KeptRowViews.newOwner`), never by an address, so which rows
/// share a slot is the same every run and so are the instructions counted;
/// a row whose slot another row took is simply drawn (and kept) again. A
/// band is of one node as well: a row shown by another node has none. A
/// stack forgets a row's band whenever a node is built or updated for it,
/// or it is laid out again.
final class RowBandStore {
    @exclusivity(unchecked) nonisolated(unsafe) static var shared = RowBandStore(capacity: RowBands.defaultCapacity)

    let capacity: Int
    private let cells: UnsafeMutablePointer<Cell>
    /// The position of the next cell handed out; position p is slot p % capacity.
    private var cursor = 0
    private let entries: UnsafeMutablePointer<Entry>
    static let tableSlots = 1 << 12

    private struct Entry {
        /// The stack's number; 0: the slot holds no band.
        var owner: UInt64 = 0
        var row = 0
        var node: ObjectIdentifier?
        var band = RowBand(position: -1, key: RowBand.Key())
    }

    init(capacity: Int) {
        self.capacity = capacity
        cells = .allocate(capacity: capacity)
        cells.initialize(repeating: .erased, count: capacity)
        entries = .allocate(capacity: Self.tableSlots)
        entries.initialize(repeating: Entry(), count: Self.tableSlots)
    }

    deinit {
        cells.deallocate()
        entries.deallocate()
    }

    @inline(__always)
    private static func slot(_ owner: UInt64, _ row: Int) -> Int {
        let mixed = owner &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: row) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: mixed >> 52) & (tableSlots - 1)
    }

    /// The band kept of row `row` of stack `owner`, shown by `node`, if its slot holds one.
    @inline(__always)
    func band(owner: UInt64, row: Int, node: ViewNode) -> RowBand? {
        let entry = entries[Self.slot(owner, row)]
        guard entry.owner == owner, entry.row == row, entry.node == ObjectIdentifier(node) else { return nil }
        return entry.band
    }

    /// Keeps `band` as the row's (in place of whatever its slot held).
    func keep(_ band: RowBand, owner: UInt64, row: Int, node: ViewNode) {
        entries[Self.slot(owner, row)] = Entry(owner: owner, row: row, node: ObjectIdentifier(node), band: band)
    }

    /// Forgets the row's band: its cells may have changed.
    @inline(__always)
    func forget(owner: UInt64, row: Int) {
        let slot = Self.slot(owner, row)
        if entries[slot].owner == owner && entries[slot].row == row { entries[slot].owner = 0 }
    }

    /// The start of `count` contiguous cells, nil when they would take more
    /// than an eighth of the ring (such a row is drawn, not kept).
    func reserve(_ count: Int) -> Int? {
        guard count > 0, count <= capacity / 8 else { return nil }
        var start = cursor
        if start % capacity + count > capacity { start += capacity - start % capacity }
        cursor = start + count
        return start
    }

    /// Whether nothing reserved since `position` has overwritten its cells.
    @inline(__always)
    func holds(_ position: Int) -> Bool { position >= 0 && position + capacity >= cursor }

    /// The cells from `position` (valid while `holds(position)`).
    @inline(__always)
    func cells(at position: Int) -> UnsafeMutablePointer<Cell> { cells + position % capacity }
}

/// Whether lazy stacks keep the cells of rows they drew (`RowBand`), and
/// counts of what they did: a switch for tests, which compare every frame
/// of the scenes with it off (every row drawn every frame); on in use.
public enum RowBands {
    /// Cells in the store's ring: 2 MB, some thirteen 120x40 screens of bands (each kept twice).
    public static let defaultCapacity = 1 << 17

    @exclusivity(unchecked) nonisolated(unsafe) public static var areKept = true
    /// Rows put down from their bands instead of drawn, since the process started (for tests).
    @exclusivity(unchecked) nonisolated(unsafe) public static var rowsPasted = 0
    /// Bands kept (rows drawn and their cells copied), since the process started.
    @exclusivity(unchecked) nonisolated(unsafe) public static var bandsKept = 0

    /// Replaces the store with an empty one of `capacity` cells (a small one
    /// makes bands be overwritten within a few frames, as a long run does).
    public static func replaceStore(capacity: Int = defaultCapacity) {
        precondition(capacity >= 8, "a store holds at least eight cells")
        RowBandStore.shared = RowBandStore(capacity: capacity)
    }
}
