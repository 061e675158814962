import FrameGrid

/// Turns a `FrameDiff` into the bytes a terminal needs, with capability
/// strings from terminfo.
///
/// It tracks what the terminal currently has (cursor position, pen style),
/// so cursor motion takes the cheapest of the available forms and style
/// changes are deltas. Output accumulates in `output`, which the renderer
/// writes once per frame; the buffer keeps its capacity, so a steady run
/// allocates nothing.
public final class FrameEncoder {
    public let capabilities: TerminalCapabilities
    public let options: EncoderOptions
    public let colorDepth: ColorDepth

    /// The bytes of the frame being encoded (no copy; later frames do not
    /// change a slice kept from this one).
    public var output: ArraySlice<UInt8> { buffer.written }

    /// Where the frame's bytes are appended (see `OutputBuffer`).
    // Single-threaded state read per cell in hot loops: the dynamic exclusivity
    // check on each access cost more than the work (measured with callgrind).
    @exclusivity(unchecked) var buffer = OutputBuffer(capacity: 1 << 16)

    /// Cursor position on the terminal; -1 when unknown (after a pending wrap, a scroll region change...).
    @exclusivity(unchecked) var cursorX = -1
    @exclusivity(unchecked) var cursorY = -1
    /// The terminal's current attributes and colours, when known.
    @exclusivity(unchecked) var pen = Style.plain
    @exclusivity(unchecked) var penKnown = false
    /// Candidate sequences are measured here before the cheapest is copied
    /// out; room enough for any straight capability to be written in place.
    @exclusivity(unchecked) var scratch = OutputBuffer(capacity: ParameterizedString.straightCapacity)
    /// `setaf`/`setab` bytes per palette entry, evaluated once each.
    @exclusivity(unchecked) var paletteSequences = PaletteSequences()
    /// RGB colours reduced to `colorDepth` before.
    @exclusivity(unchecked) var reducedColors = ReducedColors()
    /// Lengths of cursor motions worked out before, for this screen size.
    @exclusivity(unchecked) var motionLengths = MotionLengths()
    /// Lengths of `ech` and `rep` by count worked out before.
    @exclusivity(unchecked) var runLengths = RunLengths()

    /// Lengths of the one-step moves (`cuf1`, `cub1`, `cud1`, `cuu1`), fixed per terminal.
    let stepLengths: (right: Int, left: Int, down: Int, up: Int)
    /// Bytes to move right by 0...8 cells, to decide whether to reprint a gap instead.
    let forwardMoveCost: [Int]
    /// The last style asked of `setPen` and what it became after colour reduction.
    @exclusivity(unchecked) var requestedPen = Style.plain
    /// `cud1` is a line feed that the output path would turn into CR LF.
    let lineFeedIsUnsafe: Bool
    let canEraseToEnd: Bool
    let canEraseCharacters: Bool
    let canRepeat: Bool
    /// Erased cells take the pen's background (`bce`).
    let erasesInPenBackground: Bool

    public init(capabilities: TerminalCapabilities, options: EncoderOptions = EncoderOptions(), colorTerm: String? = nil) {
        self.capabilities = capabilities
        self.options = options
        colorDepth = options.colorDepth ?? ColorDepth.detect(capabilities, colorTerm: colorTerm)
        func length(_ capability: ParameterizedString?) -> Int { capability?.bytes().count ?? Int.max / 8 }
        stepLengths = (
            length(capabilities.cursorRight), length(capabilities.cursorLeft),
            length(capabilities.cursorDown), length(capabilities.cursorUp)
        )
        forwardMoveCost = FrameEncoder.forwardMoveCosts(capabilities, upTo: 8)
        lineFeedIsUnsafe = options.lineFeedReturnsCarriage && capabilities.cursorDown?.bytes() == [0x0A]
        canEraseToEnd = options.usesEraseAndRepeat && capabilities.clrEol != nil
        canEraseCharacters = options.usesEraseAndRepeat && capabilities.eraseChars != nil
        canRepeat = options.usesEraseAndRepeat && capabilities.repeatChar != nil
        erasesInPenBackground = capabilities.backColorErase
    }

    /// Whether this terminal can perform the scrolls `FrameDiffer` proposes.
    public var supportsScrollRegions: Bool {
        options.usesScrollRegions && capabilities.changeScrollRegion != nil
            && (capabilities.scrollForward != nil || capabilities.parmIndex != nil)
            && (capabilities.scrollReverse != nil || capabilities.parmRindex != nil)
    }

    /// Forget what the terminal shows (after a resize or another program's output).
    public func invalidate() {
        cursorX = -1
        cursorY = -1
        penKnown = false
    }

    /// Empties `output` (keeping its capacity).
    public func startFrame() { buffer.removeAll() }

    /// Makes `output` large enough for a typical full repaint of `cells`
    /// cells (glyph plus a style change each), once per size, so repaints in
    /// the middle of a run do not grow it.
    public func reserve(cells: Int) {
        let wanted = cells * 24
        buffer.reserveCapacity(wanted)
    }

    // MARK: Session

    /// Bytes that prepare a terminal: optionally the alternate screen, then the cursor hidden.
    public func encodeSessionStart(alternateScreen: Bool) {
        if alternateScreen { capabilities.enterCaMode?.write(to: &buffer) }
        capabilities.cursorInvisible?.write(to: &buffer)
        invalidate()
    }

    /// Bytes that give the terminal back: default attributes, scroll region
    /// reset, synchronized output off, cursor shown, alternate screen left.
    public func encodeSessionEnd(rows: Int, alternateScreen: Bool) {
        capabilities.exitAttributeMode?.write(to: &buffer)
        capabilities.changeScrollRegion?.write(to: &buffer, 0, rows - 1)
        if options.synchronizedOutput { writeSynchronizedOutput(begin: false) }
        capabilities.cursorNormal?.write(to: &buffer)
        if alternateScreen { capabilities.exitCaMode?.write(to: &buffer) }
        invalidate()
    }

    // MARK: Frames

    /// Appends the bytes that turn the terminal's screen into `next`, given
    /// the diff from what it shows. An empty diff appends nothing.
    public func encode(_ diff: FrameDiff, next: Grid) {
        guard !diff.isEmpty else { return }
        motionLengths.fit(rows: next.rows, cols: next.cols)
        if options.synchronizedOutput { writeSynchronizedOutput(begin: true) }
        if diff.isFullRepaint {
            setPen(.plain)
            if let clear = capabilities.clearScreen {
                clear.write(to: &buffer)
                cursorX = 0
                cursorY = 0
            }
        }
        if !diff.scrolls.isEmpty { encodeScrolls(diff.scrolls, rows: next.rows) }
        var index = 0
        let spans = diff.spans
        while index < spans.count {
            let span = spans[index]
            var end = span.end
            // Reprint the cells between this span and the next on the same row
            // when that is cheaper than moving over them.
            while index + 1 < spans.count, spans[index + 1].row == span.row,
                gapIsCheaperToReprint(next, row: span.row, from: end, to: spans[index + 1].start)
            {
                index += 1
                end = spans[index].end
            }
            paint(next, row: span.row, from: span.start, to: end)
            index += 1
        }
        if options.synchronizedOutput { writeSynchronizedOutput(begin: false) }
    }

    private func writeSynchronizedOutput(begin: Bool) {
        if let sync = capabilities.synchronizedOutput {
            sync.write(to: &buffer, begin ? 1 : 0)
        } else {
            // DEC private mode 2026; terminals that lack it ignore it.
            let sequence = begin ? FrameEncoder.syncBegin : FrameEncoder.syncEnd
            sequence.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
        }
    }

    static let syncBegin: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let syncEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)

    // MARK: Scrolling

    /// Performs the diff's block moves. Their regions are disjoint, so each
    /// one is set in turn (one region straight after the other) and the full
    /// screen is restored once at the end.
    private func encodeScrolls(_ moves: ScrollMoves, rows: Int) {
        // Exposed rows are erased in the current background (and, on some
        // terminals, attributes); the foreground does not show in a blank.
        if !penKnown || !pen.background.isDefault || pen.attributes != [] {
            setPen(.plain)
        }
        var regionSet = false
        for move in moves {
            let fullScreen = move.top == 0 && move.bottom == rows - 1
            if let csr = capabilities.changeScrollRegion, !fullScreen || regionSet {
                if fullScreen {
                    csr.write(to: &buffer, 0, rows - 1)
                    regionSet = false
                } else {
                    csr.write(to: &buffer, move.top, move.bottom)
                    regionSet = true
                }
                invalidateCursor()
            }
            encodeScroll(move)
        }
        if regionSet, let csr = capabilities.changeScrollRegion {
            csr.write(to: &buffer, 0, rows - 1)
            invalidateCursor()
        }
    }

    /// Scrolls the region `move` names, which is the terminal's scroll region.
    private func encodeScroll(_ move: ScrollRegionMove) {
        let count = abs(move.amount)
        if move.amount > 0 {
            moveCursor(x: 0, y: move.bottom)
            if let parm = capabilities.parmIndex, count > 1 || capabilities.scrollForward == nil {
                parm.write(to: &buffer, count)
            } else if let single = capabilities.scrollForward {
                for _ in 0..<count { single.write(to: &buffer) }
            }
        } else {
            moveCursor(x: 0, y: move.top)
            if let parm = capabilities.parmRindex, count > 1 || capabilities.scrollReverse == nil {
                parm.write(to: &buffer, count)
            } else if let single = capabilities.scrollReverse {
                for _ in 0..<count { single.write(to: &buffer) }
            }
        }
    }

    func invalidateCursor() {
        cursorX = -1
        cursorY = -1
    }
}
