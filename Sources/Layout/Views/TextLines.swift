/// A text node's wrapped lines: the first held inline, the others in an
/// array made only when a second line comes, so the many one-line texts of
/// a row (names, counts, labels) build without allocating for their lines.
struct TextLines {
    private var first: TextLayout.Line?
    private var others: [TextLayout.Line] = []
    /// Lines the text is expected to wrap to (see `reset`).
    private var expected = 0

    /// How many lines there are.
    var count: Int { first == nil ? 0 : 1 + others.count }

    /// The width of the widest line (0 when there are none).
    var widest: Int {
        var widest = first?.width ?? 0
        for line in others { widest = max(widest, line.width) }
        return widest
    }

    /// Line `row` (0 is the first).
    subscript(row: Int) -> TextLayout.Line { row == 0 ? first! : others[row - 1] }

    /// Drops the lines, keeping the room; `expected` lines are about to
    /// come, so a second line reserves room for all of them at once (one
    /// allocation instead of one per doubling).
    /// Room for `count` lines after the first (a blank text in a `NodePool`'s reserve).
    mutating func reserveRoom(_ count: Int) { others.reserveCapacity(count) }

    mutating func reset(expecting expected: Int) {
        first = nil
        others.removeAll(keepingCapacity: true)
        self.expected = min(expected, TextLines.largestReservation)
    }

    mutating func append(_ line: TextLayout.Line) {
        guard first != nil else {
            first = line
            return
        }
        if others.capacity < expected - 1 { others.reserveCapacity(expected - 1) }
        others.append(line)
    }

    /// Room reserved at once at most (texts of more lines grow as arrays do).
    static var largestReservation: Int { 256 }
}
