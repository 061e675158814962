/// A run of changed cells on one row: columns `start..<end`.
///
/// Spans always cover whole glyphs: a span never starts on the right half of
/// a wide character nor ends between its halves.
@frozen
public struct DirtySpan: Hashable, Sendable {
    public var row: Int
    public var start: Int
    public var end: Int

    @inlinable public init(row: Int, start: Int, end: Int) {
        self.row = row
        self.start = start
        self.end = end
    }

    @inlinable public var count: Int { end - start }
}
