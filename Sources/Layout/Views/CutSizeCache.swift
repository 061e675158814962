import FrameGrid

/// A text's sizes in at most so many lines at a width (`TextNode.cutSize`),
/// the last four worked out.
///
/// A stack asks a text with a line limit at several (width, lines) pairs
/// in one layout pass: at no height and at an unbounded one (one line and
/// the limit), then at its share, and again at the width it was placed at.
/// One remembered answer was wrapped again at almost every one of those
/// asks (watcha-home: 96M of its 631M layout instructions over 2,000 frames
/// went to cutting poster titles again, measured with callgrind). The
/// answers depend on the text alone, so they hold until it changes, across
/// layout generations.
///
/// A size that needed no cut is the text's whole wrap at that width, so it
/// answers more than its own ask: any line count of at least its rows, and
/// any width from its widest line's up to the one it was wrapped at (lines
/// break only where they would pass the width, so every width in between
/// breaks them alike: see `TextNode.placeChildren`). A label with
/// `.lineLimit(1)` that fits is then wrapped once at its unwrapped width
/// (`Int.max`) for every width it fits in.
///
/// Entries are packed in 32 bits a number (16 bytes an entry): a text node
/// grows by 32 bytes for four answers instead of one. Widths, line counts
/// and sizes that do not fit are not kept (they are worked out each time).
struct CutSizeCache {
    private struct Entry {
        var width: Int32 = -1  // no width asked is negative: an empty entry matches nothing
        /// The lines asked, for a cut size; `uncut` for a whole wrap.
        var lines: Int32 = 0
        var cols: Int32 = 0
        var rows: Int32 = 0

        @inline(__always) static var uncut: Int32 { -1 }

        var size: Size { Size(cols: Int(cols), rows: Int(rows)) }

        /// Whether this entry's size is the one for `width` and `lines`: a
        /// cut size for its own ask only, a whole wrap for any line count of
        /// at least its rows at any width from its widest line's to its own.
        @inline(__always) func answers(_ width: Int32, _ lines: Int32) -> Bool {
            if self.lines != Entry.uncut { return self.width == width && self.lines == lines }
            return lines >= rows && (width == self.width || (cols <= width && width <= self.width))
        }
    }

    private var entries = (Entry(), Entry(), Entry(), Entry())
    private var next: UInt8 = 0

    /// `Int.max` (no wrapping) as a kept width.
    @inline(__always) private static var unwrapped: Int32 { Int32.max }

    private static func key(_ width: Int) -> Int32? {
        if width == Int.max { return unwrapped }
        return width >= 0 && width < Int(Int32.max) ? Int32(width) : nil
    }

    /// The size kept for `width` (`Int.max`: no wrapping) and `lines`, if any.
    @inline(__always)
    func lookup(width: Int, lines: Int) -> Size? {
        guard let width = CutSizeCache.key(width), lines >= 0, lines <= Int(Int32.max) else { return nil }
        let lines = Int32(lines)
        if entries.0.answers(width, lines) { return entries.0.size }
        if entries.1.answers(width, lines) { return entries.1.size }
        if entries.2.answers(width, lines) { return entries.2.size }
        if entries.3.answers(width, lines) { return entries.3.size }
        return nil
    }

    /// Sizes worked out and kept, since the process started (for tests).
    @exclusivity(unchecked) nonisolated(unsafe) static var stores = 0

    /// Keeps `size` for `width` and `lines` (`cut`: its last line was cut
    /// with "…"), in place of the oldest entry.
    mutating func store(width: Int, lines: Int, _ size: Size, cut: Bool) {
        CutSizeCache.stores &+= 1
        guard let width = CutSizeCache.key(width), lines >= 0, lines <= Int(Int32.max),
            size.cols >= 0, size.cols <= Int(Int32.max), size.rows >= 0, size.rows <= Int(Int32.max)
        else { return }
        let entry = Entry(
            width: width, lines: cut ? Int32(lines) : Entry.uncut, cols: Int32(size.cols), rows: Int32(size.rows))
        switch next {
        case 0: entries.0 = entry
        case 1: entries.1 = entry
        case 2: entries.2 = entry
        default: entries.3 = entry
        }
        next = (next + 1) & 3
    }

    /// Forgets every entry (the text or its line limit changed).
    mutating func removeAll() { self = CutSizeCache() }
}
