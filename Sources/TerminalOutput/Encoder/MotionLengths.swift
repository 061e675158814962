/// Byte lengths of cursor motions already worked out, for the screen size
/// being encoded: choosing the cheapest motion used to render every
/// candidate sequence through the terminfo machine (`cheapestMotion` was
/// about 6% of watcha-home's frames, measured with callgrind).
///
/// A capability's output is a function of its parameters alone (the
/// machine's variables start at zero on every evaluation), so a length
/// found once holds for the session: `cup` by (row, column), `hpa` by
/// column, `vpa` by row, relative moves by their count. All tables share
/// one buffer, made again only when the screen's size changes (a frame
/// that resizes the grid allocates anyway).
struct MotionLengths {
    private var rows = 0
    private var cols = 0
    /// -1: not worked out yet; `Int32.max`: the terminal lacks the motion.
    private var lengths: [Int32] = []

    /// Where each table starts in `lengths`.
    private var columnBase = 0
    private var rowBase = 0
    private var relativeBase = 0
    private var relativeCount = 0
    private var constantBase = 0

    /// Makes the tables fit a `rows` x `cols` screen (empties them when it changes).
    mutating func fit(rows: Int, cols: Int) {
        guard rows != self.rows || cols != self.cols else { return }
        self.rows = max(0, rows)
        self.cols = max(0, cols)
        // Relative moves go at most across the screen (the cursor may stand one past the last column).
        relativeCount = max(self.rows, self.cols) + 2
        columnBase = self.rows * self.cols
        rowBase = columnBase + self.cols
        relativeBase = rowBase + self.rows
        constantBase = relativeBase + 4 * relativeCount
        lengths = [Int32](repeating: -1, count: constantBase + 3)
    }

    /// The slot of `motion` to (x, y) from the cursor at (cursorX, cursorY), nil when out of the tables.
    func slot(_ motion: FrameEncoder.Motion, x: Int, y: Int, cursorX: Int, cursorY: Int) -> Int? {
        func relative(_ table: Int, _ count: Int) -> Int? {
            count >= 0 && count < relativeCount ? relativeBase + table * relativeCount + count : nil
        }
        switch motion {
        case .absolute:
            return x >= 0 && x < cols && y >= 0 && y < rows ? y * cols + x : nil
        case .column: return x >= 0 && x < cols ? columnBase + x : nil
        case .row: return y >= 0 && y < rows ? rowBase + y : nil
        case .right: return relative(0, x - cursorX)
        case .left: return relative(1, cursorX - x)
        case .down: return relative(2, y - cursorY)
        case .up: return relative(3, cursorY - y)
        case .carriageReturn: return lengths.isEmpty ? nil : constantBase
        case .carriageReturnLineFeed: return lengths.isEmpty ? nil : constantBase + 1
        case .home: return lengths.isEmpty ? nil : constantBase + 2
        }
    }

    /// The length stored at `slot` (`Int.max`: unavailable), nil when not worked out yet.
    func length(at slot: Int) -> Int? {
        let stored = lengths[slot]
        if stored < 0 { return nil }
        return stored == Int32.max ? Int.max : Int(stored)
    }

    mutating func store(_ length: Int, at slot: Int) {
        lengths[slot] = length >= Int(Int32.max) ? Int32.max : Int32(length)
    }
}
