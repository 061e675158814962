/// What changed between two frames: up to `ScrollMoves.capacity` block
/// moves in disjoint regions, then per-row spans of cells to paint (relative
/// to the screen after the moves), the dirty
/// rectangles those spans form, and counts.
///
/// A `FrameDiffer` owns one `FrameDiff` and refills it on every call, so its
/// arrays keep their capacity and a steady run allocates nothing. Read it
/// before the next `diff` call.
public final class FrameDiff {
    /// Spans to paint, ordered by row, then by column.
    // Single-threaded state read per cell in hot loops: the dynamic exclusivity
    // check on each access cost more than the work (measured with callgrind).
    @exclusivity(unchecked) public internal(set) var spans: [DirtySpan] = []
    /// Bounding rectangles of the spans on consecutive rows.
    @exclusivity(unchecked) public internal(set) var rects: [Rect] = []
    /// The block moves to perform before painting (those that pay), in
    /// disjoint regions; the first is the one that saves most.
    @exclusivity(unchecked) public internal(set) var scrolls = ScrollMoves()
    /// The first block move, if any (see `scrolls`).
    public var scroll: ScrollRegionMove? { scrolls.first }
    /// The terminal must be cleared first: first frame or a resize.
    @exclusivity(unchecked) public internal(set) var isFullRepaint = false
    /// Cells inside the spans (what will be painted).
    @exclusivity(unchecked) public internal(set) var changedCells = 0
    /// Rows with at least one span.
    @exclusivity(unchecked) public internal(set) var rowsTouched = 0
    /// Rows whose content moved by the scrolls instead of being painted.
    @exclusivity(unchecked) public internal(set) var scrolledRows = 0

    public init() {}

    /// Nothing to do: no scroll, no spans, no repaint.
    public var isEmpty: Bool { spans.isEmpty && scrolls.isEmpty && !isFullRepaint }

    /// Makes room for the most spans and rectangles a frame of this size can
    /// have (a span per changed run: at most one per two columns), once per
    /// size, so no frame grows an array mid-run.
    func reserve(rows: Int, cols: Int) {
        let spanLimit = rows * (cols / 2 + 1)
        if spans.capacity < spanLimit { spans.reserveCapacity(spanLimit) }
        if rects.capacity < spanLimit { rects.reserveCapacity(spanLimit) }
    }

    func reset(rows: Int) {
        spans.removeAll(keepingCapacity: true)
        rects.removeAll(keepingCapacity: true)
        scrolls.removeAll()
        isFullRepaint = false
        changedCells = 0
        rowsTouched = 0
        scrolledRows = 0
    }

    /// Closes spans into rectangles: spans on consecutive rows whose column
    /// ranges overlap share one rectangle.
    func buildRects() {
        var open: Rect?
        var index = 0
        while index < spans.count {
            let row = spans[index].row
            var low = spans[index].start
            var high = spans[index].end
            while index < spans.count && spans[index].row == row {
                low = min(low, spans[index].start)
                high = max(high, spans[index].end)
                index += 1
            }
            rowsTouched += 1
            if var current = open, current.maxY == row, low < current.maxX, high > current.x {
                let left = min(current.x, low)
                let right = max(current.maxX, high)
                current = Rect(x: left, y: current.y, width: right - left, height: current.height + 1)
                open = current
            } else {
                if let current = open { rects.append(current) }
                open = Rect(x: low, y: row, width: high - low, height: 1)
            }
        }
        if let current = open { rects.append(current) }
    }
}
