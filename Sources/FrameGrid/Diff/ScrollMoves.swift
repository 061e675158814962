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
