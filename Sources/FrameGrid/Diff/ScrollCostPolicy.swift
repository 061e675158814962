/// When a block move pays, as small rules `FrameDiffer` applies while it
/// looks for scrolls. Each rule is a pure function of counts, so tests state
/// it directly (`ScrollCostPolicyTests`).
///
/// The unit of cost is a repainted row for the first move (the one that
/// saves most, usually the page scrolling) and a painted cell for further
/// moves (a bar sliding while the page scrolls), whose sequences must be
/// paid for out of what they save.
enum ScrollCostPolicy {
    /// A further move (after the first) must save more cells than this: about
    /// the bytes of setting a scroll region, moving there, scrolling and
    /// resetting the region.
    static let furtherMoveMinimumSavedCells = 24

    /// How many of the most-voted shifts a further move tries before giving up.
    static let furtherMoveShiftsTried = 3

    /// Whether a shift with `votes` votes beats the best so far: more votes
    /// win, and on a tie the smaller shift (a short scroll is likelier than a
    /// long one, and exposes fewer rows).
    @inline(__always)
    static func prefers(shift: Int, votes: Int32, over bestShift: Int, votes bestVotes: Int32) -> Bool {
        votes > bestVotes || (votes == bestVotes && abs(shift) < abs(bestShift))
    }

    /// A row the move brings into place saves a repaint only when it changed
    /// in place; a row already right (a fixed header inside the run) saves nothing.
    @inline(__always)
    static func savesRepaint(rowEqualInPlace: Bool) -> Bool { !rowEqualInPlace }

    /// A row the move blanks costs a repaint when it was already right and
    /// is not blank in the next frame; a row that changed is painted anyway,
    /// and a blank row is what the scroll leaves.
    @inline(__always)
    static func exposedRowCostsRepaint(rowEqualInPlace: Bool, nextRowIsErased: Bool) -> Bool {
        rowEqualInPlace && !nextRowIsErased
    }

    /// A move pays when it saves more repainted rows than it costs.
    @inline(__always)
    static func regionPays(savedRows: Int, lostRows: Int) -> Bool { savedRows > lostRows }

    /// A further move pays when the cells it saves exceed what its sequences cost.
    @inline(__always)
    static func furtherMovePays(savedCells: Int) -> Bool { savedCells > furtherMoveMinimumSavedCells }

    /// Shifts to try, in order, when the signatures elect no move that pays:
    /// a steady scroll usually repeats the last frame's shift, else one row
    /// either way. 0 marks a slot to skip (the last shift, when it is 0, 1 or -1).
    static func fallbackShifts(lastShift: Int) -> (Int, Int, Int) {
        (lastShift, lastShift == 1 ? 0 : 1, lastShift == -1 ? 0 : -1)
    }
}
