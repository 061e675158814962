import FrameGrid

/// The diff renderer: keeps the frame the terminal shows, and for each new
/// frame computes the diff, encodes it and writes it to a sink in one write.
///
/// The three phases are public so a harness can time and count each one;
/// `render` runs them in order.
public final class TerminalRenderer {
    public let encoder: FrameEncoder
    public let differ = FrameDiffer()
    /// What the terminal shows now (nil: unknown, the next frame repaints fully).
    @exclusivity(unchecked) public private(set) var shown: Grid?

    public init(capabilities: TerminalCapabilities, options: EncoderOptions = EncoderOptions(), colorTerm: String? = nil) {
        encoder = FrameEncoder(capabilities: capabilities, options: options, colorTerm: colorTerm)
        differ.detectsScrolling = encoder.supportsScrollRegions
    }

    /// Phase 1: what changed since the shown frame.
    public func diff(_ next: Grid) -> FrameDiff {
        differ.diff(shown, next)
    }

    /// Phase 2: the bytes for `diff`, left in `encoder.output`.
    public func encode(_ diff: FrameDiff, _ next: Grid) {
        encoder.reserve(cells: next.cols * next.rows)
        encoder.startFrame()
        encoder.encode(diff, next: next)
    }

    /// Phase 3: one write of the frame's bytes (none when there are none).
    public func write(to sink: FrameSink) throws {
        guard !encoder.output.isEmpty else { return }
        try encoder.output.withUnsafeBytes { try sink.write($0) }
    }

    /// After writing: `next` is what the terminal shows. The renderer keeps
    /// its own copy, brought up to date by the rows whose stamps changed
    /// (`Grid.copyChangedRows`, which follows a grid that scrolled by turning
    /// its ring): a caller drawing each frame over the last one keeps its
    /// grid's storage to itself, and a scrolled frame costs the rows that
    /// entered. Only the first commit (or one after a resize) shares storage.
    public func commit(_ next: Grid) {
        if shown?.size == next.size {
            shown!.copyChangedRows(from: next)
        } else {
            shown = next
        }
    }

    /// After writing: `next` is what the terminal shows, and the caller gets
    /// back the previously shown grid's storage to draw the following frame
    /// into (its contents are stale: redraw every row). No cells are copied.
    /// With no shown grid of that size (the first frame, a resize) the caller
    /// gets a new blank grid, not one sharing the shown grid's storage, which
    /// its next write would copy in whatever later frame first writes.
    public func commit(swapping next: inout Grid) {
        if var previous = shown, previous.size == next.size {
            swap(&previous, &next)
            shown = previous
        } else {
            shown = next
            next = Grid(size: next.size)
        }
    }

    /// Diff, encode, write and commit one frame; returns the bytes written.
    @discardableResult
    public func render(_ next: Grid, to sink: FrameSink) throws -> Int {
        let diff = diff(next)
        encode(diff, next)
        try write(to: sink)
        commit(next)
        return encoder.output.count
    }

    /// Forget the shown frame (the terminal was resized or drawn over): the
    /// next frame is a full repaint.
    public func invalidate() {
        shown = nil
        encoder.invalidate()
    }

    /// Writes what prepares the terminal (cursor hidden, optionally the alternate screen).
    public func begin(alternateScreen: Bool = false, to sink: FrameSink) throws {
        encoder.startFrame()
        encoder.encodeSessionStart(alternateScreen: alternateScreen)
        try encoder.output.withUnsafeBytes { try sink.write($0) }
    }

    /// Writes what restores the terminal.
    public func end(rows: Int, alternateScreen: Bool = false, to sink: FrameSink) throws {
        encoder.startFrame()
        encoder.encodeSessionEnd(rows: rows, alternateScreen: alternateScreen)
        try encoder.output.withUnsafeBytes { try sink.write($0) }
    }
}
