import FrameGrid

/// The scroll state of one `ScrollView`, owned by whoever drives it (a
/// screen's model, a test, a benchmark). Requests (`scroll(by:)`,
/// `scrollTo`) take effect at the next layout; after it, `offset` and
/// `contentLength` report where the content is.
///
/// Over a lazy stack the position is an anchor, a row index and an offset
/// into that row, so jumping anywhere is O(1) and a row whose measured
/// height differs from its estimate never moves the anchored row.
public final class ScrollPosition {
    /// Where the viewport's top (or leading edge) is, in content cells. Over
    /// a lazy stack this is estimated far from the top and exact near it;
    /// scrolling changes it by exactly the distance scrolled.
    public internal(set) var offset = 0
    /// The content's length along the scroll axis (estimated over lazy stacks).
    public internal(set) var contentLength = 0
    /// The viewport's length along the scroll axis.
    public internal(set) var viewportLength = 0
    /// Over a lazy stack: the row at the viewport's top and how far into it the top is.
    public internal(set) var anchor = LazyAnchor(index: 0, offset: 0)
    /// Whether the content's end is at (or above) the viewport's end after
    /// the last layout: scrolled as far as it goes (exact over lazy stacks too).
    public internal(set) var isAtEnd = false

    /// Scroll requests made so far: a node that places by this position
    /// places again only when one came since its last placement.
    private(set) var requests: UInt64 = 0
    var pendingDelta = 0
    var pendingOffset: Int?
    var pendingAnchor: LazyAnchor?
    /// The lazy stack this scroll view drives, if its content is one.
    weak var lazyTarget: ViewNode?

    public init() {}

    /// Moves the content by `cells` (positive: towards the end). Over a lazy
    /// stack, a scroll of more than eight viewports moves by estimated row
    /// heights (like `scrollTo`) rather than measuring every row passed.
    public func scroll(by cells: Int) {
        // Back past the start with nothing pending: it cannot move, so it
        // asks for no layout (a carousel at its first column scrolled back
        // cost watcha-home a whole layout pass a frame, for nothing drawn).
        if cells < 0 && isAtStartWithNothingPending { return }
        pendingDelta += cells
        requests &+= 1
        DrawInvalidation.layoutRequested()  // the next layout must apply it
    }

    /// At the content's start (the last layout put it there), with no request waiting.
    private var isAtStartWithNothingPending: Bool {
        offset == 0 && anchor == LazyAnchor(index: 0, offset: 0) && pendingDelta == 0 && pendingOffset == nil
            && pendingAnchor == nil
    }

    /// Puts content offset `offset` at the viewport's top (clamped to the content).
    public func scrollTo(offset: Int) {
        pendingOffset = offset
        pendingAnchor = nil
        pendingDelta = 0
        requests &+= 1
        DrawInvalidation.layoutRequested()
    }

    /// Puts row `index` of a lazy stack at the viewport's top, `offset` cells into it.
    /// - Complexity: O(1) in the number of rows; builds only the rows then visible.
    public func scrollTo(index: Int, offset: Int = 0) {
        pendingAnchor = LazyAnchor(index: index, offset: offset)
        pendingOffset = nil
        pendingDelta = 0
        requests &+= 1
        DrawInvalidation.layoutRequested()
    }
}

/// A row of a lazy stack and a distance from its top (or leading edge).
public struct LazyAnchor: Equatable, Sendable {
    public var index: Int
    public var offset: Int
    public init(index: Int, offset: Int) {
        self.index = index
        self.offset = offset
    }
}
