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

/// A block of rows that moved up or down between two frames, expressed as a
/// terminal scroll inside a scroll region.
///
/// Scrolling rows `top...bottom` by `amount` (positive: content moves up,
/// towards row 0) makes row `y` show what row `y + amount` showed, and blanks
/// the `|amount|` rows exposed at the bottom (or top, when scrolling down).
/// Rows outside the region, such as fixed headers and footers, are untouched.
@frozen
public struct ScrollRegionMove: Hashable, Sendable {
    public var top: Int
    public var bottom: Int
    public var amount: Int

    @inlinable public init(top: Int, bottom: Int, amount: Int) {
        self.top = top
        self.bottom = bottom
        self.amount = amount
    }

    /// Rows of the region whose content survives the move.
    @inlinable public var movedRows: Int { bottom - top + 1 - abs(amount) }

    /// The row of the previous frame that row `y` shows after the move, or
    /// nil when `y` is an exposed (blank) row. Rows outside the region map to themselves.
    @inlinable public func source(ofRow y: Int) -> Int? {
        guard y >= top && y <= bottom else { return y }
        let source = y + amount
        return source >= top && source <= bottom ? source : nil
    }
}

/// The block moves of one frame, at most `capacity`, stored inline (no heap).
///
/// Their regions are disjoint and each move's source rows lie inside its own
/// region, so performing them in any order leaves the same screen; they are
/// listed in the order they were found (the one that saves most first).
@frozen
public struct ScrollMoves: RandomAccessCollection, Hashable, Sendable {
    /// The most moves a frame can carry.
    public static let capacity = 3

    @usableFromInline var storage: (ScrollRegionMove, ScrollRegionMove, ScrollRegionMove)
    @usableFromInline var length = 0

    @inlinable public init() {
        let none = ScrollRegionMove(top: 0, bottom: 0, amount: 0)
        storage = (none, none, none)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { length }

    @inlinable public subscript(position: Int) -> ScrollRegionMove {
        precondition(position >= 0 && position < length, "scroll move index out of range")
        switch position {
        case 0: return storage.0
        case 1: return storage.1
        default: return storage.2
        }
    }

    @inlinable public var isFull: Bool { length == ScrollMoves.capacity }

    @inlinable mutating func append(_ move: ScrollRegionMove) {
        precondition(length < ScrollMoves.capacity, "too many scroll moves")
        switch length {
        case 0: storage.0 = move
        case 1: storage.1 = move
        default: storage.2 = move
        }
        length += 1
    }

    @inlinable mutating func removeAll() { length = 0 }

    /// The move whose region holds row `y`, if any.
    @inlinable public func move(containing y: Int) -> ScrollRegionMove? {
        for move in self where y >= move.top && y <= move.bottom { return move }
        return nil
    }

    /// Whether rows `top...bottom` meet any move's region.
    @inlinable public func overlaps(top: Int, bottom: Int) -> Bool {
        for move in self where top <= move.bottom && bottom >= move.top { return true }
        return false
    }

    public static func == (lhs: ScrollMoves, rhs: ScrollMoves) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(length)
        for move in self { hasher.combine(move) }
    }
}

extension ScrollMoves: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: ScrollRegionMove...) {
        self.init()
        for move in elements { append(move) }
    }
}
