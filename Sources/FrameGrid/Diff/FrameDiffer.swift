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
/// region. Then the changed rows outside that region vote again, for up to
/// `ScrollMoves.capacity` moves in all (a page scrolling while a bar slides):
/// each further move lies in rows no earlier move touches, so the moves are
/// independent, and it must also save more cells than its sequences cost.
/// The signatures live in a `SignatureTable`; when a move pays is
/// `ScrollCostPolicy`'s to say.
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
    /// The previous frame's rows by signature, filled by `detectScroll`.
    @exclusivity(unchecked) private var previousRows = SignatureTable()

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
            // `rowsEqual` compares the stamps first (O(1) for an unchanged row).
            let equal = RowComparison.rowsEqual(previous, y, next, y)
            rowEqualInPlace[y] = equal
            if !equal { changedRows += 1 }
        }
        if changedRows == 0 { return result }
        if detectsScrolling && changedRows >= 2 {
            detectScrolls(previous, next)
        } else {
            for y in 0..<rows where !rowEqualInPlace[y] { cachedStamps[y] = 0 }
        }
        // The moves' regions are disjoint and each reads only its own rows,
        // so after all of them row y shows its source in the one region that
        // holds it, a blank if it was exposed, and itself outside every region.
        // A region is its confirmed run (rows equal to their source, nothing
        // to paint) and the rows it exposes.
        let moves = result.scrolls
        for y in 0..<rows {
            if !moves.isEmpty, let move = moves.move(containing: y) {
                if move.source(ofRow: y) == nil {
                    appendSpans(row: y, next: next, source: nil, previous: previous)
                }
            } else if !rowEqualInPlace[y] {
                appendSpans(row: y, next: next, source: y, previous: previous)
            }
        }
        for move in moves { result.scrolledRows += move.movedRows }
        result.buildRects()
        return result
    }

    private func prepare(rows: Int) {
        if rowEqualInPlace.count != rows {
            rowEqualInPlace = Array(repeating: false, count: rows)
            previousSignatures = Array(repeating: 0, count: rows)
            nextSignatures = Array(repeating: 0, count: rows)
            votes = Array(repeating: 0, count: 2 * rows + 1)
            cachedStamps = Array(repeating: 0, count: rows)
            cachedSignatures = Array(repeating: 0, count: rows)
            previousRows.prepare(rowCount: rows)
        }
    }

    // MARK: Scroll detection

    /// Fills `result.scrolls`: the best move, then further moves among the
    /// changed rows no move touches yet.
    private func detectScrolls(_ previous: Grid, _ next: Grid) {
        firstRegion = nil
        if repeatsLastShift(previous, next) { return }
        guard let first = detectScroll(previous, next) else { return }
        result.scrolls.append(first)
        while !result.scrolls.isFull, let move = detectFurtherScroll(previous, next) {
            result.scrolls.append(move)
        }
    }

    /// A steady scroll: when the last frame's shift, confirmed row by row
    /// without signatures, gives a move whose region holds every changed
    /// row, and whose confirmed rows outnumber the rows it exposes at least
    /// twice over (so no other shift could have won the vote), that is the
    /// one move, found without fingerprinting a row. Otherwise nothing is
    /// decided and the vote runs (it needs the signatures anyway).
    /// Signatures cached for the next call stay valid only for rows equal in place.
    private func repeatsLastShift(_ previous: Grid, _ next: Grid) -> Bool {
        let rows = next.rows
        guard lastShift != 0, abs(lastShift) < rows else { return false }
        let found = bestRegion(shift: lastShift, previous, next, bySignature: false)
        // Kept for the vote, which often elects this shift again (a bar sliding while the page scrolls).
        firstRegion = (lastShift, found, confirmedRows)
        guard let move = found else { return false }
        var changedOutside = false
        for y in 0..<rows where !rowEqualInPlace[y] && (y < move.top || y > move.bottom) {
            changedOutside = true
            break
        }
        guard !changedOutside, confirmedRows >= 2 * abs(lastShift) else { return false }
        result.scrolls.append(move)
        shiftsRepeated += 1
        for y in 0..<rows {
            // A row equal in place has the signature cached for the previous frame's row, if any.
            if rowEqualInPlace[y] && cachedStamps[y] == previous.stamp(ofRow: y) {
                cachedStamps[y] = next.stamp(ofRow: y)
            } else {
                cachedStamps[y] = 0
            }
        }
        return true
    }

    /// Calls whose move `repeatsLastShift` found (for tests).
    private(set) var shiftsRepeated = 0

    /// The changed rows the last `longestConfirmedRun` confirmed in its best run.
    private var confirmedRows = 0
    /// This call's first move for a shift, as `repeatsLastShift` worked it
    /// out (nil: not tried): `bestRegion` for the same shift, before any move
    /// is taken, gives the same answer (equal rows have equal signatures).
    private var firstRegion: (shift: Int, move: ScrollRegionMove?, confirmed: Int)?

    /// The first move: the changed rows vote for the shift that brings their
    /// signature's row of the previous frame into place, and the winner's
    /// longest confirmed run becomes the move if it pays; else the fallback shifts.
    private func detectScroll(_ previous: Grid, _ next: Grid) -> ScrollRegionMove? {
        indexPreviousRows(previous)
        let best = voteForFirstShift(next)
        if best.votes > 0, let move = bestRegion(shift: best.shift, previous, next) {
            lastShift = best.shift
            return move
        }
        // Signatures can all agree (rows that differ only past the sampled
        // cells); a steady scroll usually repeats the last frame's shift.
        let rows = next.rows
        func attempt(_ shift: Int) -> ScrollRegionMove? {
            guard shift != 0, shift != best.shift, abs(shift) < rows,
                let move = bestRegion(shift: shift, previous, next)
            else { return nil }
            lastShift = shift
            return move
        }
        let fallbacks = ScrollCostPolicy.fallbackShifts(lastShift: lastShift)
        return attempt(fallbacks.0) ?? attempt(fallbacks.1) ?? attempt(fallbacks.2)
    }

    /// Fills `previousSignatures` and indexes the previous frame's rows by
    /// signature, reusing the signatures cached when that frame was `next`.
    private func indexPreviousRows(_ previous: Grid) {
        previousRows.removeAll()
        for y in 0..<previous.rows {
            let key =
                cachedStamps[y] == previous.stamp(ofRow: y)
                ? cachedSignatures[y] : RowComparison.signature(previous, y)
            previousSignatures[y] = key
            previousRows.insert(key, row: y)
        }
    }

    /// Fills `nextSignatures` (and the cache for the next call), and lets each
    /// changed row vote for the shift to its source; the shift most voted for.
    private func voteForFirstShift(_ next: Grid) -> (shift: Int, votes: Int32) {
        let rows = next.rows
        for index in votes.indices { votes[index] = 0 }
        var bestShift = 0
        var bestVotes: Int32 = 0
        for y in 0..<rows {
            // A row equal in place has the previous row's signature.
            nextSignatures[y] =
                rowEqualInPlace[y] ? previousSignatures[y] : RowComparison.signature(next, y)
            cachedStamps[y] = next.stamp(ofRow: y)
            cachedSignatures[y] = nextSignatures[y]
            guard !rowEqualInPlace[y], let source = previousRows.uniqueRow(for: nextSignatures[y]),
                source != y
            else {
                continue
            }
            let shift = source - y
            votes[shift + rows] += 1
            let count = votes[shift + rows]
            if ScrollCostPolicy.prefers(shift: shift, votes: count, over: bestShift, votes: bestVotes) {
                bestVotes = count
                bestShift = shift
            }
        }
        return (bestShift, bestVotes)
    }

    /// A move among the changed rows outside the regions found so far, whose
    /// source rows are outside them too; nil when none pays.
    private func detectFurtherScroll(_ previous: Grid, _ next: Grid) -> ScrollRegionMove? {
        guard voteForFurtherShifts(next) else { return nil }
        for _ in 0..<ScrollCostPolicy.furtherMoveShiftsTried {
            let best = mostVotedShift(rows: next.rows)
            guard best.votes > 0 else { return nil }
            if let move = bestRegion(shift: best.shift, previous, next) { return move }
            votes[best.shift + next.rows] = 0
        }
        return nil
    }

    /// Refills `votes` from the changed rows outside the moves found so far
    /// (`previousRows` still indexes the previous frame); false when no row votes.
    private func voteForFurtherShifts(_ next: Grid) -> Bool {
        let rows = next.rows
        let taken = result.scrolls
        var voters = 0
        var y = 0
        while y < rows {
            if let move = taken.move(containing: y) {
                y = move.bottom + 1
                continue
            }
            defer { y += 1 }
            guard !rowEqualInPlace[y], let source = previousRows.uniqueRow(for: nextSignatures[y]),
                source != y && taken.move(containing: source) == nil
            else { continue }
            if voters == 0 { for index in votes.indices { votes[index] = 0 } }
            votes[source - y + rows] += 1
            voters += 1
        }
        return voters > 0
    }

    /// The shift with most votes (the smaller one on a tie).
    private func mostVotedShift(rows: Int) -> (shift: Int, votes: Int32) {
        var bestShift = 0
        var bestVotes: Int32 = 0
        for index in votes.indices where votes[index] > 0 {
            let shift = index - rows
            if ScrollCostPolicy.prefers(
                shift: shift, votes: votes[index], over: bestShift, votes: bestVotes)
            {
                bestVotes = votes[index]
                bestShift = shift
            }
        }
        return (bestShift, bestVotes)
    }

    /// The longest run of rows equal to their source under `shift`, as a
    /// scroll region, when `ScrollCostPolicy` says it pays. After the first
    /// move, the region stays clear of the moves found so far.
    private func bestRegion(shift: Int, _ previous: Grid, _ next: Grid, bySignature: Bool = true)
        -> ScrollRegionMove?
    {
        let taken = result.scrolls
        if taken.isEmpty, let known = firstRegion, known.shift == shift {
            confirmedRows = known.confirmed
            return known.move
        }
        let (run, savedRows) = longestConfirmedRun(shift: shift, previous, next, bySignature: bySignature)
        confirmedRows = savedRows
        guard savedRows > 0 else { return nil }
        let (move, exposed) = Self.region(of: run, shift: shift)
        var lostRows = 0
        for row in exposed
        where ScrollCostPolicy.exposedRowCostsRepaint(
            rowEqualInPlace: rowEqualInPlace[row], nextRowIsErased: RowComparison.rowIsErased(next, row))
        {
            lostRows += 1
        }
        guard ScrollCostPolicy.regionPays(savedRows: savedRows, lostRows: lostRows) else { return nil }
        if !taken.isEmpty {
            let saved = savedCells(run: run, exposed: exposed, previous, next)
            guard ScrollCostPolicy.furtherMovePays(savedCells: saved) else { return nil }
        }
        return move
    }

    /// Among the runs of consecutive rows equal to their source under
    /// `shift` (outside the moves found so far, their sources too, and not
    /// overlapping them once widened to a region), the one that saves most
    /// repaints, and how many. `bySignature`: rows whose signatures differ
    /// are not compared (false when the signatures were not worked out).
    private func longestConfirmedRun(shift: Int, _ previous: Grid, _ next: Grid, bySignature: Bool) -> (
        run: Range<Int>, savedRows: Int
    ) {
        let rows = next.rows
        let taken = result.scrolls
        // A row keeps its stamp at another place when a ring turn moved it
        // (`Grid.scroll`); between grids whose rings stand alike (every
        // scene's: neither ever turned) a shifted stamp compare almost never
        // hits, and skipping it saves ~0.4% of a scene's frame (callgrind).
        // The cells are compared either way, so this only chooses the cost.
        let byStamp = previous.origin != next.origin
        let low = max(0, -shift)
        let high = min(rows, rows - shift)
        var bestRun = 0..<0
        var bestGain = 0
        var runStart = -1
        var gain = 0
        var y = low
        while y <= high {
            var matches =
                y < high && (!bySignature || nextSignatures[y] == previousSignatures[y + shift])
            if matches && !taken.isEmpty {
                matches = taken.move(containing: y) == nil && taken.move(containing: y + shift) == nil
            }
            if matches { matches = RowComparison.rowsEqual(previous, y + shift, next, y, byStamp: byStamp) }
            if matches {
                if runStart < 0 {
                    runStart = y
                    gain = 0
                }
                if ScrollCostPolicy.savesRepaint(rowEqualInPlace: rowEqualInPlace[y]) { gain += 1 }
            } else if runStart >= 0 {
                if gain > bestGain && (taken.isEmpty || !Self.overlaps(runStart..<y, shift: shift, taken)) {
                    bestGain = gain
                    bestRun = runStart..<y
                }
                runStart = -1
            }
            y += 1
        }
        return (bestRun, bestGain)
    }

    /// Cells painted without the move, less those painted with it: the
    /// changed rows of the run need no paint, and each exposed row is
    /// painted over a blank instead of over what it showed.
    private func savedCells(run: Range<Int>, exposed: Range<Int>, _ previous: Grid, _ next: Grid)
        -> Int
    {
        var saved = 0
        for row in run where !rowEqualInPlace[row] {
            saved += RowComparison.differingCells(previous, row, next, row)
        }
        for row in exposed {
            saved -= RowComparison.nonErasedCells(next, row)
            if !rowEqualInPlace[row] { saved += RowComparison.differingCells(previous, row, next, row) }
        }
        return saved
    }

    private static func overlaps(_ run: Range<Int>, shift: Int, _ taken: ScrollMoves) -> Bool {
        let move = region(of: run, shift: shift).move
        return taken.overlaps(top: move.top, bottom: move.bottom)
    }

    /// The move that brings the rows `run + shift` of the previous frame to
    /// `run`, and the rows it blanks.
    private static func region(of run: Range<Int>, shift: Int) -> (
        move: ScrollRegionMove, exposed: Range<Int>
    ) {
        if shift > 0 {
            return (
                ScrollRegionMove(top: run.lowerBound, bottom: run.upperBound - 1 + shift, amount: shift),
                run.upperBound..<(run.upperBound + shift)
            )
        }
        return (
            ScrollRegionMove(top: run.lowerBound + shift, bottom: run.upperBound - 1, amount: shift),
            (run.lowerBound + shift)..<run.lowerBound
        )
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
                        scanSpans(row: y, cols: cols, cells) { x in
                            RowComparison.same(cells[x], in: next, old[x], in: previous)
                        }
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
    private func scanSpans(
        row y: Int, cols: Int, _ cells: UnsafeBufferPointer<Cell>, _ matches: (Int) -> Bool
    ) {
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
