import FrameGrid

extension FrameEncoder {
    /// Paints cells `start..<end` of `row` from `next`, using erase-to-end,
    /// erase-characters and repeat where they are shorter than the cells.
    func paint(_ next: Grid, row: Int, from start: Int, to end: Int) {
        let cols = next.cols
        next.withRow(row) { cells in
            // Where the row ends in a run of one blank an erase can leave, `el` does the rest.
            var erasedTail = cols
            if canEraseToEnd && end == cols && erasureLeaves(cells[cols - 1]) {
                let blank = cells[cols - 1]
                while erasedTail > start && cells[erasedTail - 1] == blank { erasedTail -= 1 }
                if cols - erasedTail < FrameEncoder.minimumEraseRun { erasedTail = cols }
            }
            var x = start
            // The end of the run of equal cells last measured: a run that is
            // painted cell by cell is measured once, not again from each cell.
            var runEnd = x
            let limit = min(end, erasedTail)
            while x < limit {
                let cell = cells[x]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                if x >= runEnd { runEnd = x + runLength(cells, from: x, limit: limit) }
                let run = runEnd - x
                if run >= FrameEncoder.minimumEraseRun, canEraseCharacters, erasureLeaves(cell),
                    cell == .erased || erasingIsCheaper(run: run, from: x, row: row, paintingOn: x + run < end)
                {
                    moveCursor(x: x, y: row)
                    setPen(cell.style)
                    capabilities.eraseChars!.write(to: &buffer, run)
                    x += run
                    continue
                }
                moveCursor(x: x, y: row)
                setPen(cell.style)
                if run >= FrameEncoder.minimumRepeatRun, canRepeat, cell.glyph.isASCII {
                    let byte = next.withBytes(of: cell.glyph) { $0[0] }
                    capabilities.repeatChar!.write(to: &buffer, Int(byte), run)
                    advanceCursor(by: run, cols: cols)
                    x += run
                    continue
                }
                writeGlyph(cell, of: next, cols: cols)
                x += Int(cell.width)
                guard cell.glyph.isASCII, cell.width == 1 else { continue }
                // What follows in the same style, one-column ASCII glyphs in
                // runs of equal cells too short to erase or repeat (the "ll"
                // of "hello" included), is written as the loop above would
                // write it (cursor in place, pen set, one glyph after
                // another), without asking again, and appended at once.
                var following = x
                while following < limit {
                    let next = cells[following]
                    guard next.glyph.isASCII, next.hasSameStyleAndWidth(as: cell) else { break }
                    var same = following + 1
                    while same < limit && cells[same] == next && same - following < FrameEncoder.shortestSpecialRun {
                        same += 1
                    }
                    if same - following >= FrameEncoder.shortestSpecialRun { break }
                    following = same
                }
                guard following > x else { continue }
                writeASCII(cells, from: x, to: following)
                // The cursor was at x (a glyph written in the last column leaves no room for more).
                advanceCursor(by: following - x, cols: cols)
                x = following
            }
            if erasedTail < cols && erasedTail < end {
                moveCursor(x: erasedTail, y: row)
                setPen(cells[erasedTail].style)
                capabilities.clrEol!.write(to: &buffer)
            }
        }
    }

    /// Whether erasing (`el`, `ech`) with the pen set to `cell`'s style leaves
    /// exactly `cell`: a blank in the default style anywhere; on a terminal
    /// with back-colour erase (`bce`), also a blank in any background with
    /// the default foreground and no attributes, since erased cells take the
    /// pen's background and nothing else. Without `bce`, terminfo promises
    /// nothing about an erased cell's background: coloured blanks are painted.
    @inline(__always)
    func erasureLeaves(_ cell: Cell) -> Bool {
        cell == .erased || (erasesInPenBackground && cell == Cell.blank(Style(background: cell.background)))
    }

    /// Whether `ech` over a coloured blank run of `run` cells from `x` costs
    /// fewer bytes than painting it (spaces, or `rep` from `minimumRepeatRun`
    /// cells): `ech` leaves the cursor at `x`, so when the span goes on after
    /// the run (`paintingOn`) the move over the run counts against it. Both
    /// set the same pen first. (Default blanks keep the older rule: `ech`
    /// from `minimumEraseRun` cells, whatever the cost.)
    private func erasingIsCheaper(run: Int, from x: Int, row: Int, paintingOn: Bool) -> Bool {
        var erasing = runSequenceLength(repeating: false, run)
        if paintingOn { erasing += moveCost(from: x, to: x + run, y: row) }
        var painting = run
        if run >= FrameEncoder.minimumRepeatRun, canRepeat { painting = runSequenceLength(repeating: true, run) }
        return erasing < painting
    }

    /// Bytes of `ech`, or of `rep` of a space, over `run` cells: evaluated
    /// once per count and kept (`RunLengths`).
    private func runSequenceLength(repeating: Bool, _ run: Int) -> Int {
        if let known = runLengths.length(repeating: repeating, count: run) { return known }
        scratch.removeAll()
        if repeating {
            capabilities.repeatChar!.write(to: &scratch, 0x20, run)
        } else {
            capabilities.eraseChars!.write(to: &scratch, run)
        }
        runLengths.store(scratch.count, repeating: repeating, count: run)
        return scratch.count
    }

    /// Runs shorter than these are cheaper as plain cells.
    static let minimumEraseRun = 8
    static let minimumRepeatRun = 8
    /// Runs shorter than this are written as plain cells whatever they hold.
    static let shortestSpecialRun = min(minimumEraseRun, minimumRepeatRun)

    /// Number of cells from `x` equal to `cells[x]` (single-width ones only).
    private func runLength(_ cells: UnsafeBufferPointer<Cell>, from x: Int, limit: Int) -> Int {
        let first = cells[x]
        guard first.width == 1 else { return 1 }
        var end = x + 1
        while end < limit && cells[end] == first { end += 1 }
        return end - x
    }

    /// Writes one glyph at the cursor and tracks where the cursor went.
    @inline(__always)
    private func writeGlyph(_ cell: Cell, of grid: Grid, cols: Int) {
        let width = Int(cell.width)
        if cell.glyph.isASCII {
            buffer.append(cell.glyph.asciiByte)
            advanceCursor(by: width, cols: cols)
            return
        }
        var uncertainWidth = false
        grid.withBytes(of: cell.glyph) { bytes in
            guard ClusterFallback.needsSafeForm(bytes) else {
                buffer.append(contentsOf: bytes)
                return
            }
            if !options.emitsGraphemeClusters || !ClusterFallback.hasTerminalDependentWidth(bytes) {
                ClusterFallback.appendSafeForm(bytes, cellWidth: width, to: &buffer)
                return
            }
            // A terminal that clusters graphemes: send the whole cluster, but
            // clear both cells first and move absolutely afterwards, in case it
            // draws the cluster narrower or wider than the grid does.
            uncertainWidth = true
            if canEraseCharacters { capabilities.eraseChars!.write(to: &buffer, width) }
            buffer.append(contentsOf: bytes)
        }
        if uncertainWidth {
            invalidateCursor()
        } else {
            advanceCursor(by: width, cols: cols)
        }
    }

    /// Appends the glyphs of `cells[start..<end]`, one-column ASCII ones, a byte each.
    @inline(__always)
    private func writeASCII(_ cells: UnsafeBufferPointer<Cell>, from start: Int, to end: Int) {
        buffer.append(uninitializedCount: end - start) { target in
            for offset in 0..<(end - start) { target[offset] = cells[start + offset].glyph.asciiByte }
        }
    }

    private func advanceCursor(by count: Int, cols: Int) {
        cursorX += count
        // In the last column the terminal waits to wrap; where the cursor is
        // then differs between terminals, so forget it.
        if cursorX >= cols { invalidateCursor() }
    }

    /// Whether reprinting the cells `from..<to` of a row costs fewer bytes
    /// than moving the cursor over them.
    func gapIsCheaperToReprint(_ next: Grid, row: Int, from: Int, to: Int) -> Bool {
        let gap = to - from
        guard gap > 0 else { return true }
        guard gap < forwardMoveCost.count, from > 0 else { return false }
        return next.withRow(row) { cells in
            let lastStyle = cells[from - 1].style
            for x in from..<to {
                let cell = cells[x]
                guard cell.width == 1, cell.glyph.isASCII, cell.style == lastStyle else { return false }
            }
            return gap <= forwardMoveCost[gap]
        }
    }

    /// Bytes of the cheapest relative move right by `count` (index), for small counts.
    static func forwardMoveCosts(_ capabilities: TerminalCapabilities, upTo limit: Int) -> [Int] {
        (0...limit).map { count in
            var best = Int.max
            if let parm = capabilities.parmRightCursor { best = min(best, parm.bytes(count).count) }
            if let single = capabilities.cursorRight { best = min(best, single.bytes().count * count) }
            return count == 0 ? 0 : best
        }
    }
}
