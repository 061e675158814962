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

/// The cells of kept row bands, and which row node each band is of: a ring
/// of cells and a table of bands by node, both of fixed size, made at first
/// use and shared by every host (one thread drives views, see `ViewHost`),
/// so keeping bands never allocates after the first frame and adds nothing
/// to the rows a lazy stack holds. Positions in the ring only grow; a band
/// is valid until writing has gone once around the ring past it. The table
/// has one slot per hash of a node's address: a row whose slot another
/// row took is simply drawn (and kept) again. A stack forgets a node's band
/// whenever the node becomes a row, is updated or is laid out again.
final class RowBandStore {
    @exclusivity(unchecked) nonisolated(unsafe) static var shared = RowBandStore(capacity: RowBands.defaultCapacity)

    let capacity: Int
    private let cells: UnsafeMutablePointer<Cell>
    /// The position of the next cell handed out; position p is slot p % capacity.
    private var cursor = 0
    /// Per table slot: the address of the node whose band it holds (0: none), and the band.
    private let owners: UnsafeMutablePointer<UInt>
    private let bands: UnsafeMutablePointer<RowBand>
    static let tableSlots = 1 << 12

    init(capacity: Int) {
        self.capacity = capacity
        cells = .allocate(capacity: capacity)
        cells.initialize(repeating: .erased, count: capacity)
        owners = .allocate(capacity: Self.tableSlots)
        owners.initialize(repeating: 0, count: Self.tableSlots)
        bands = .allocate(capacity: Self.tableSlots)
        bands.initialize(repeating: RowBand(position: -1, key: RowBand.Key()), count: Self.tableSlots)
    }

    deinit {
        cells.deallocate()
        owners.deallocate()
        bands.deallocate()
    }

    @inline(__always)
    private static func owner(_ node: ViewNode) -> UInt { UInt(bitPattern: ObjectIdentifier(node)) }

    /// The slot of an address: objects are 16-byte aligned, so the low bits say nothing.
    @inline(__always)
    private static func slot(_ owner: UInt) -> Int { Int(truncatingIfNeeded: (owner >> 4 ^ owner >> 16) & UInt(tableSlots - 1)) }

    /// The band kept of `node`, if its slot holds one.
    @inline(__always)
    func band(of node: ViewNode) -> RowBand? {
        let owner = Self.owner(node)
        let slot = Self.slot(owner)
        return owners[slot] == owner ? bands[slot] : nil
    }

    /// Keeps `band` as `node`'s (in place of whatever its slot held).
    func keep(_ band: RowBand, of node: ViewNode) {
        let owner = Self.owner(node)
        let slot = Self.slot(owner)
        owners[slot] = owner
        bands[slot] = band
    }

    /// Forgets `node`'s band: its cells may have changed.
    @inline(__always)
    func forget(_ node: ViewNode) {
        let owner = Self.owner(node)
        let slot = Self.slot(owner)
        if owners[slot] == owner { owners[slot] = 0 }
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
