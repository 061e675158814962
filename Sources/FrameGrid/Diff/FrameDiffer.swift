/// Computes the difference between the frame a terminal shows and the next
/// one: an optional block scroll, then the spans left to paint.
///
/// Keeps its working buffers between calls, so once it has seen the largest
/// frame of a run it allocates nothing (`diff` returns the same `FrameDiff`
/// object every time).
///
/// Scroll detection: rows that changed in place are fingerprinted, each one
/// votes for the shift that would bring an identical row of the previous
/// frame into its place, and the winning shift's longest run of confirmed
/// equal rows becomes a scroll region, if it saves more rows than it costs.
/// Fixed rows (headers, footers) equal themselves in place and never join the
/// region.
public final class FrameDiffer {
    public let result = FrameDiff()
    // Single-threaded state read per cell in hot loops: the dynamic exclusivity
    // check on each access cost more than the work (measured with callgrind).
    @exclusivity(unchecked) private var rowEqualInPlace: [Bool] = []
    @exclusivity(unchecked) private var previousSignatures: [UInt64] = []
    @exclusivity(unchecked) private var nextSignatures: [UInt64] = []
    @exclusivity(unchecked) private var votes: [Int32] = []
    /// Signatures of the last frame diffed as `next`, with the row stamps they
    /// belong to: that frame is usually the next call's `previous`. Stamp 0 marks none.
    @exclusivity(unchecked) private var cachedStamps: [UInt64] = []
    @exclusivity(unchecked) private var cachedSignatures: [UInt64] = []
    @exclusivity(unchecked) private var lookupKeys: [UInt64] = []
    @exclusivity(unchecked) private var lookupRows: [Int32] = []

    /// The shift of the last detected scroll, tried when signatures give no answer.
    private var lastShift = 0

    /// Whether scroll detection runs; off, every moved row is repainted.
    public var detectsScrolling = true

    public init() {}

    /// The changes that turn `previous` (what the terminal shows, or nil for
    /// an unknown screen) into `next`.
    /// - Complexity: O(rows x cols) in the worst case; rows with equal stamps cost O(1).
    @discardableResult
    public func diff(_ previous: Grid?, _ next: Grid) -> FrameDiff {
        let rows = next.rows
        result.reset(rows: rows)
        result.reserve(rows: rows, cols: next.cols)
        guard let previous, previous.cols == next.cols, previous.rows == rows else {
            result.isFullRepaint = true
            for y in 0..<rows { appendSpans(row: y, next: next, source: nil, previous: next) }
            result.buildRects()
            return result
        }
        prepare(rows: rows)
        var changedRows = 0
        for y in 0..<rows {
            let equal =
                previous.stamp(ofRow: y) == next.stamp(ofRow: y)
                || RowComparison.rowsEqual(previous, y, next, y)
            rowEqualInPlace[y] = equal
            if !equal { changedRows += 1 }
        }
        if changedRows == 0 { return result }
        if detectsScrolling && changedRows >= 2 {
            result.scroll = detectScroll(previous, next)
        } else {
            for y in 0..<rows where !rowEqualInPlace[y] { cachedStamps[y] = 0 }
        }
        let move = result.scroll
        for y in 0..<rows {
            if let move, y >= move.top, y <= move.bottom {
                if let source = move.source(ofRow: y) {
                    if !sourceMatches(y, source) {
                        appendSpans(row: y, next: next, source: source, previous: previous)
                    }
                } else {
                    appendSpans(row: y, next: next, source: nil, previous: previous)
                }
            } else if !rowEqualInPlace[y] {
                appendSpans(row: y, next: next, source: y, previous: previous)
            }
        }
        if let move { result.scrolledRows = move.movedRows }
        result.buildRects()
        return result
    }

    /// Rows confirmed equal to their scroll source during detection.
    @exclusivity(unchecked) private var confirmedRun = 0..<0

    private func sourceMatches(_ y: Int, _ source: Int) -> Bool {
        confirmedRun.contains(y)
    }

    private func prepare(rows: Int) {
        if rowEqualInPlace.count != rows {
            rowEqualInPlace = Array(repeating: false, count: rows)
            previousSignatures = Array(repeating: 0, count: rows)
            nextSignatures = Array(repeating: 0, count: rows)
            votes = Array(repeating: 0, count: 2 * rows + 1)
            cachedStamps = Array(repeating: 0, count: rows)
            cachedSignatures = Array(repeating: 0, count: rows)
            var tableSize = 16
            while tableSize < 2 * rows { tableSize <<= 1 }
            lookupKeys = Array(repeating: 0, count: tableSize)
            lookupRows = Array(repeating: -1, count: tableSize)
        }
        confirmedRun = 0..<0
    }

    // MARK: Scroll detection

    private func detectScroll(_ previous: Grid, _ next: Grid) -> ScrollRegionMove? {
        let rows = next.rows
        for index in lookupRows.indices { lookupRows[index] = -1 }
        for index in votes.indices { votes[index] = 0 }
        let mask = lookupKeys.count - 1
        // Index the previous frame's rows by signature; rows that share a
        // signature (blank lines) are ambiguous and marked with -2.
        for y in 0..<rows {
            let key =
                cachedStamps[y] == previous.stamp(ofRow: y) ? cachedSignatures[y] : RowComparison.signature(previous, y)
            previousSignatures[y] = key
            var slot = Int(truncatingIfNeeded: key) & mask
            while true {
                if lookupRows[slot] == -1 {
                    lookupKeys[slot] = key
                    lookupRows[slot] = Int32(y)
                    break
                }
                if lookupKeys[slot] == key {
                    lookupRows[slot] = -2
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        var bestShift = 0
        var bestVotes: Int32 = 0
        for y in 0..<rows {
            // A row equal in place has the previous row's signature.
            nextSignatures[y] = rowEqualInPlace[y] ? previousSignatures[y] : RowComparison.signature(next, y)
            cachedStamps[y] = next.stamp(ofRow: y)
            cachedSignatures[y] = nextSignatures[y]
            guard !rowEqualInPlace[y] else { continue }
            var slot = Int(truncatingIfNeeded: nextSignatures[y]) & mask
            while lookupRows[slot] != -1 {
                if lookupKeys[slot] == nextSignatures[y] {
                    let source = Int(lookupRows[slot])
                    if source >= 0 && source != y {
                        let shift = source - y
                        votes[shift + rows] += 1
                        let count = votes[shift + rows]
                        if count > bestVotes || (count == bestVotes && abs(shift) < abs(bestShift)) {
                            bestVotes = count
                            bestShift = shift
                        }
                    }
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        if bestVotes > 0, let move = bestRegion(shift: bestShift, previous, next) {
            lastShift = bestShift
            return move
        }
        // Signatures can all agree (rows that differ only past the sampled
        // cells); a steady scroll usually repeats the last frame's shift.
        let tried = lastShift
        func attempt(_ shift: Int) -> ScrollRegionMove? {
            guard shift != bestShift, abs(shift) < rows, let move = bestRegion(shift: shift, previous, next) else {
                return nil
            }
            lastShift = shift
            return move
        }
        if tried != 0, let move = attempt(tried) { return move }
        if tried != 1, let move = attempt(1) { return move }
        return tried != -1 ? attempt(-1) : nil
    }

    /// The longest run of rows equal to their source under `shift`, as a
    /// scroll region, when it saves more repainted rows than it disturbs.
    private func bestRegion(shift: Int, _ previous: Grid, _ next: Grid) -> ScrollRegionMove? {
        let rows = next.rows
        let low = max(0, -shift)
        let high = min(rows, rows - shift)
        var bestRun = 0..<0
        var bestGain = 0
        var runStart = -1
        var gain = 0
        var y = low
        while y <= high {
            let matches =
                y < high && nextSignatures[y] == previousSignatures[y + shift]
                && RowComparison.rowsEqual(previous, y + shift, next, y)
            if matches {
                if runStart < 0 {
                    runStart = y
                    gain = 0
                }
                if !rowEqualInPlace[y] { gain += 1 }
            } else if runStart >= 0 {
                if gain > bestGain {
                    bestGain = gain
                    bestRun = runStart..<y
                }
                runStart = -1
            }
            y += 1
        }
        guard bestGain > 0 else { return nil }
        let move: ScrollRegionMove
        let exposed: Range<Int>
        if shift > 0 {
            move = ScrollRegionMove(top: bestRun.lowerBound, bottom: bestRun.upperBound - 1 + shift, amount: shift)
            exposed = bestRun.upperBound..<(bestRun.upperBound + shift)
        } else {
            move = ScrollRegionMove(top: bestRun.lowerBound + shift, bottom: bestRun.upperBound - 1, amount: shift)
            exposed = (bestRun.lowerBound + shift)..<bestRun.lowerBound
        }
        // Rows the scroll blanks that were already right cost a repaint.
        var loss = 0
        for row in exposed where rowEqualInPlace[row] && !RowComparison.rowIsErased(next, row) {
            loss += 1
        }
        guard bestGain > loss else { return nil }
        confirmedRun = bestRun
        return move
    }

    // MARK: Spans

    /// Appends the spans of row `y` where `next` differs from the row
    /// `source` of `previous`, or from erased cells when `source` is nil.
    private func appendSpans(row y: Int, next: Grid, source: Int?, previous: Grid) {
        let cols = next.cols
        let resolvesArena = next.rowUsesArena(y) || (source.map { previous.rowUsesArena($0) } ?? false)
        next.withRow(y) { cells in
            if let source {
                previous.withRow(source) { old in
                    if resolvesArena {
                        scanSpans(row: y, cols: cols, cells) { x in RowComparison.same(cells[x], in: next, old[x], in: previous) }
                    } else {
                        scanSpans(row: y, cols: cols, cells) { x in cells[x] == old[x] }
                    }
                }
            } else {
                scanSpans(row: y, cols: cols, cells) { x in cells[x] == .erased }
            }
        }
    }

    /// Turns the columns where `matches` is false into spans covering whole glyphs.
    @inline(__always)
    private func scanSpans(row y: Int, cols: Int, _ cells: UnsafeBufferPointer<Cell>, _ matches: (Int) -> Bool) {
        var x = 0
        while x < cols {
            while x < cols && matches(x) { x += 1 }
            if x == cols { break }
            var start = x
            while x < cols && !matches(x) { x += 1 }
            var end = x
            if cells[start].isContinuation && start > 0 { start -= 1 }
            if end < cols && cells[end].isContinuation { end += 1 }
            if let last = result.spans.last, last.row == y, last.end >= start {
                result.spans[result.spans.count - 1].end = end
                result.changedCells += end - last.end
            } else {
                result.spans.append(DirtySpan(row: y, start: start, end: end))
                result.changedCells += end - start
            }
            x = end
        }
    }
}
