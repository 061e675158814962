/// What tells a host that its last drawn frame is still the one its nodes
/// would draw: a process-wide count of changes that can move a cell, and the
/// latest end of any frame animation.
///
/// A node's drawing is a function of its frame, its animation (at the
/// host's clock), its visibility and its view values; the last only change
/// in a view update. So every assignment that changes a frame, an animation
/// or `isHidden`, and every view update, counts one change. A host that
/// sees the count unchanged since it drew, and no animation still moving
/// at the time it drew, may reuse that frame's cells instead of drawing.
///
/// One count serves every host (like `LayoutGeneration`): another host's
/// changes only make a host draw when it need not, they never hide its own.
/// Animation ends are on a host's clock, so each host keeps its own and
/// makes it current while it lays out and draws (`withAnimationEnd`).
///
/// A second count, `contentChanges`, leaves out one kind of change: a
/// subtree moved whole by a plain move (the move it owes, `ViewNode.owedX`),
/// which changes where its cells go but not what they are. It counts every
/// other change and every full placement (a subtree laid out again, even
/// to the same frames), so a lazy stack that sees it unchanged across
/// placing a row knows the row's cells are the ones it drew before, moved
/// (`RowBand`). A move owed inside a row comes with a count: it is handed on
/// by a full placement or a changed frame above it.
enum DrawInvalidation {
    // Written on every frame change of a layout pass on the one thread that
    // drives views (see `ViewHost`): no run-time exclusivity check.
    @exclusivity(unchecked) nonisolated(unsafe) static var changes: UInt64 = 0
    /// The latest time, on the clock of the host laying out or drawing, at
    /// which a frame animation ends.
    @exclusivity(unchecked) nonisolated(unsafe) static var animationEnd: Double = -.infinity

    /// Runs `body` with `end` as the current animation end and returns the
    /// end after it (`end` or later, if `body` started animations).
    static func withAnimationEnd(_ end: inout Double, _ body: () -> Void) {
        let saved = animationEnd
        animationEnd = end
        body()
        end = animationEnd
        animationEnd = saved
    }

    /// Requests a layout must apply though no frame changed yet (a scroll
    /// request): they keep a host from skipping its next layout, not from
    /// reusing its last frame (a scroll that moves nothing draws nothing).
    @exclusivity(unchecked) nonisolated(unsafe) static var layoutRequests: UInt64 = 0

    static func layoutRequested() { layoutRequests &+= 1 }

    /// Something that can change drawn cells changed.
    @inline(__always)
    static func changed() {
        changes &+= 1
        contentChanges &+= 1
    }

    /// A subtree was moved whole by a plain move it now owes: a change that
    /// moves cells without changing them.
    @inline(__always)
    static func moved() { changes &+= 1 }

    /// Changes other than whole subtrees moved (see the type's comment).
    @exclusivity(unchecked) nonisolated(unsafe) static var contentChanges: UInt64 = 0
    /// Frames presented part way through their animation, counted as drawing
    /// reads them: a subtree drawn with none counted drew the same cells at
    /// any time of the clock.
    @exclusivity(unchecked) nonisolated(unsafe) static var framesPresentedMoving: UInt64 = 0

    /// A frame animation was started or retargeted.
    @inline(__always)
    static func animating(until end: Double) {
        changes &+= 1
        contentChanges &+= 1
        if end > animationEnd { animationEnd = end }
    }
}

/// Process-wide drawing switches, for tests and measurements that compare
/// a host reusing its last frame with one drawing every frame.
public enum ViewHostDrawing {
    /// Whether hosts copy their last frame, and skip laying out again, when
    /// nothing that can move a cell changed since (see `ViewHost.draw(into:)`
    /// and `ViewHost.layout()`); on by default.
    @exclusivity(unchecked) nonisolated(unsafe) public static var reusesUnchangedFrames = true
    /// Whether a frame in which only the clock moved draws again only the
    /// rows its moving nodes wrote or write (see `ViewHost.draw(into:)`),
    /// copying the rest; on by default, and only while frames are reused.
    @exclusivity(unchecked) nonisolated(unsafe) public static var redrawsMovingRowsOnly = true
}
