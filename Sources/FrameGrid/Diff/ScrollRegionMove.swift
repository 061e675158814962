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
