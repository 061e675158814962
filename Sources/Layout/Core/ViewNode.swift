import FrameGrid

/// The retained form of a view: what layout sizes, places and draws.
///
/// Nodes are built once from view values and then updated in place, so work
/// done for one frame (wrapped text, measured row heights, running
/// animations) carries over to the next. Layout follows SwiftUI: a parent
/// proposes a size (`sizeThatFits`), the child answers with the size it
/// wants, and the parent places it (`place`). Frames are absolute grid
/// coordinates; drawing (`render`) uses the frame as animation presents it.
///
/// Subclasses override `measure`, `placeChildren`, `draw` and `forEachChild`.
/// Nothing here allocates once a node is warm: that is what keeps frames that
/// only animate allocation-free.
public class ViewNode {
    /// The laid-out frame, in grid cells, less what the subtree owes
    /// (`owedX`, `owedY`) and what its ancestors owe: a subtree moved by a
    /// scroll keeps its frames and owes the move (see `translate`).
    final var frame = Rect.zero {
        didSet { if frame != oldValue { DrawInvalidation.changed() } }
    }
    /// A plain move (no animation) this subtree was given and has not
    /// applied to its frames, its animations' frames and its descendants'
    /// yet: drawing adds it (`render`), placing applies it first (`settle`).
    /// A scrolled row moves in O(1) instead of visiting every node of it
    /// (a steady scroll of watcha-home spent 16% of its instructions moving
    /// the nodes of its carousels, measured with callgrind).
    // Read per node drawn and placed, on the one thread that drives views:
    // no run-time exclusivity checks.
    @exclusivity(unchecked) final var owedX = 0
    @exclusivity(unchecked) final var owedY = 0
    /// The frame's motion, when it is animating from an earlier frame.
    final var animation: FrameAnimation? {
        didSet {
            if let animation {
                DrawInvalidation.animating(until: animation.endTime)
            } else if oldValue != nil {
                DrawInvalidation.changed()
            }
        }
    }
    /// False until the first `place`: the moment insertion effects start.
    final var hasBeenPlaced = false
    /// Laid out but not drawn (`.hidden()`).
    final var isHidden = false {
        didSet { if isHidden != oldValue { DrawInvalidation.changed() } }
    }
    /// Whether a matched-geometry node was placed in this subtree since it
    /// was last made to look new (`prepareForReuse`): kept for lazy rows, as
    /// their stack places them (`LazyStackNode.placeRow`), so recording the
    /// matched frames before an animated update walks only the rows that
    /// hold one (`MatchedGeometryNode.record`). Declared here, it fits in the
    /// padding after the flag above: nodes stay the size they were.
    final var holdsPlacedMatchedGeometry = false
    private final var sizeCache = SizeCache()
    /// Whether this subtree holds an `onPreferenceChange` observer, as last
    /// worked out, and in which layout generation (see `containsPreferenceObservers`).
    private final var observersGeneration = -1
    private final var subtreeHasObservers = false
    /// Whether that answer depends on lazy stacks' rows (then it holds only
    /// at the `RowSetChanges` count it was worked out at, kept in 32 bits).
    /// Declared here, these two fit in the padding after the flag above:
    /// nodes stay the size they were (allocated bytes equal the baselines').
    private final var observersFollowRows = false
    private final var observersRowSetChanges: UInt32 = 0

    init() {}

    // MARK: Layout

    /// The size this node chooses for `proposal`. Cached until the next
    /// view update, so a stack may ask its children several times per pass.
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let size = sizeCache.lookup(proposal) { return size }
        let size = probed { measure(proposal) }
        sizeCache.store(proposal, size)
        return size
    }

    /// Subclasses: the size for `proposal` (uncached).
    func measure(_ proposal: ProposedSize) -> Size { .zero }

    /// Puts this node at `rect` (absolute cells) and places its children.
    ///
    /// Placing is a function of the rect's size and of the sizes the
    /// subtree reports, which stay the same within a layout generation. So a
    /// subtree placed before in this generation, at the same size, only
    /// moves: its frames are shifted (`translate`) instead of laid out again
    /// (a scrolled row costs a walk, not a stack negotiation). Subtrees with
    /// a scroll view or lazy stack place by their scroll position as well:
    /// they are laid out again when a scroll request reached one of them
    /// since (`stateIsUnchanged`).
    final func place(_ rect: Rect, _ context: LayoutContext) {
        let generation = LayoutGeneration.current
        if placedGeneration == generation && rect.width == frame.width && rect.height == frame.height
            && stateIsUnchanged()
        {
            let x = frame.x + owedX
            let y = frame.y + owedY
            if rect.x != x || rect.y != y { translate(x: rect.x - x, y: rect.y - y, context) }
            return
        }
        settle(context)
        placedGeneration = generation
        // Laid out again: whatever it places may differ (see `DrawInvalidation.contentChanges`).
        DrawInvalidation.contentChanges &+= 1
        setFrame(rect, context)
        probed { placeChildren(in: rect, context) }
    }

    /// Moves the frames of this subtree, as placing it again at an offset rect would.
    ///
    /// A plain move (a scroll: no animation in the layout) is owed, not
    /// applied: it shifts the whole subtree, frames and running animations
    /// alike, so drawing adds it and the next full placement applies it
    /// first, with the same result as moving every node now. An animated
    /// move is applied node by node (each frame animates from where it is).
    final func translate(x dx: Int, y dy: Int, _ context: LayoutContext) {
        if context.animation == nil && hasBeenPlaced {
            if ViewNodeMoves.areDeferred {
                owedX += dx
                owedY += dy
                DrawInvalidation.moved()
                return
            }
            if animation == nil && owedX == 0 && owedY == 0 {
                // Applied now (the switch is off): what `setFrame` does when nothing animates.
                frame = frame.offsetBy(x: dx, y: dy)
                translateChildren(x: dx, y: dy, context)
                return
            }
        }
        settle(context)
        setFrame(frame.offsetBy(x: dx, y: dy), context)
        translateChildren(x: dx, y: dy, context)
    }

    /// Applies the move this subtree owes to this node's frame and motion,
    /// and hands it on to the children placed with it (who owe it in turn):
    /// what `translate` would have done at the time, as a plain move.
    @inline(__always)
    final func settle(_ context: LayoutContext) {
        if owedX != 0 || owedY != 0 { settleOwed(context) }
    }

    @inline(never)
    private final func settleOwed(_ context: LayoutContext) {
        let dx = owedX
        let dy = owedY
        owedX = 0
        owedY = 0
        let moved = frame.offsetBy(x: dx, y: dy)
        if var running = animation {
            // As `setFrame` does for a move without animation: the motion is carried along.
            if context.time < running.endTime {
                running.retarget(from: frame, to: moved)
                animation = running
            } else {
                animation = nil
            }
        }
        frame = moved
        // The children take it as a plain move whatever this layout animates.
        let animation = context.animation
        context.animation = nil
        translateChildren(x: dx, y: dy, context)
        context.animation = animation
    }

    /// Applies every move owed in this subtree (for walks that read frames
    /// below a node, such as a removal transition's; tests).
    final func settleSubtree(_ context: LayoutContext) {
        settle(context)
        forEachChild { $0.settleSubtree(context) }
    }

    /// `translate` for a child: only one placed with its parent (not one the parent left unplaced).
    @inline(__always)
    final func translate(ifPlacedIn generation: Int, x dx: Int, y dy: Int, _ context: LayoutContext) {
        if placedGeneration == generation && hasBeenPlaced { translate(x: dx, y: dy, context) }
    }

    /// Translates the children placed with this node. Overridden by the
    /// common containers to walk their children without `forEachChild`'s
    /// closure (a scrolled feed translates every node of every row it keeps:
    /// 16% of watcha-home's instructions, measured with callgrind).
    /// A container whose `forEachChild` walks more than its superclass's
    /// children overrides this too (or calls `translateEachChild`).
    func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        translateEachChild(x: dx, y: dy, context)
    }

    /// `translateChildren` over `forEachChild`.
    final func translateEachChild(x dx: Int, y dy: Int, _ context: LayoutContext) {
        let generation = placedGeneration
        forEachChild { child in child.translate(ifPlacedIn: generation, x: dx, y: dy, context) }
    }

    /// The generation of this node's last full placement (for `translateChildren` overrides).
    final var placementGeneration: Int { placedGeneration }

    /// The generation of the last full placement.
    private final var placedGeneration = -1
    private final var stateGeneration = -1
    private final var subtreePlacesByState = false

    /// Whether this node places its children by state other than its rect
    /// and their sizes (a scroll position): overridden by scroll views and lazy stacks.
    var placesChildrenByState: Bool { false }

    /// For a node that places by state: whether placing its children again
    /// (same generation, same size) would place them as last time, because
    /// no scroll request reached its position since. Overridden by scroll
    /// views and lazy stacks.
    var placementIsCurrent: Bool { true }

    /// Whether no node of this subtree that places by state has a scroll to
    /// apply since it was placed: then the subtree, placed before in this
    /// generation at the same size, only moves. A row of watcha-home holds
    /// a poster carousel (a lazy stack in a scroll view): while the feed
    /// scrolls and the carousel does not, it is translated, not laid out
    /// again (27% of a steady scroll's instructions went to those
    /// carousels, measured with callgrind).
    final func stateIsUnchanged() -> Bool {
        if !placesByState() { return true }
        if !placementIsCurrent { return false }
        return childrenStateIsUnchanged()
    }

    /// `stateIsUnchanged` of every child `forEachChild` walks. Overridden by
    /// the common containers to ask their children without the closure (the
    /// walk reaches every node of a carousel's row on every frame the feed
    /// scrolls). A container whose `forEachChild` walks more than its
    /// superclass's children overrides this too.
    func childrenStateIsUnchanged() -> Bool {
        var unchanged = true
        forEachChild { child in if unchanged && !child.stateIsUnchanged() { unchanged = false } }
        return unchanged
    }

    /// Whether this node or a descendant places by state (computed once per generation).
    final func placesByState() -> Bool {
        let generation = LayoutGeneration.current
        if stateGeneration == generation { return subtreePlacesByState }
        var found = placesChildrenByState
        if !found { forEachChild { child in if !found && child.placesByState() { found = true } } }
        stateGeneration = generation
        subtreePlacesByState = found
        return found
    }

    /// Keeps this subtree's cached sizes and placements, and what it worked
    /// out about state and observers, from generation `old` into `new`: for
    /// a subtree a view update left alone (a lazy row whose view, environment
    /// and state did not change: `LazyStackNode.update`), whose sizes and
    /// placement are what they were. Entries from any other generation are
    /// left to lapse. Every node is reached through `forEachChild`, the walk
    /// `translateChildren` moves, so a parent carried forward never takes a
    /// child for one placed with it that was not.
    final func carryCaches(from old: Int, to new: Int) {
        guard KeptRowCaches.areCarried else { return }
        carrySubtree(from: old, to: new)
        KeptRowCaches.rowsCarried &+= 1
    }

    private final func carrySubtree(from old: Int, to new: Int) {
        sizeCache.carry(from: old, to: new)
        if placedGeneration == old { placedGeneration = new }
        if stateGeneration == old { stateGeneration = new }
        if observersGeneration == old { observersGeneration = new }
        forEachChild { $0.carrySubtree(from: old, to: new) }
    }

    /// Subclasses: place children inside `rect`.
    func placeChildren(in rect: Rect, _ context: LayoutContext) {
        forEachChild { $0.place(rect, context) }
    }

    /// How eagerly a stack gives this node space: higher first; spacers last.
    var layoutPriority: Double { 0 }

    /// Stack children: itself, or for groups (tuples, `ForEach`, conditionals) their children.
    func appendLayoutChildren(_ list: inout [ViewNode]) { list.append(self) }

    // MARK: Drawing

    /// Draws the subtree into `grid` within `context.clip`.
    final func render(into grid: inout Grid, _ context: RenderContext) {
        if isHidden { return }
        // A node moving while its host notes them (`MovingNodes`).
        if let end = animation?.endTime, end > MovingNodes.endsAfter, drawsAtPresentedFrame {
            MovingNodes.note(self, context)
        }
        if owedX == 0 && owedY == 0 {
            probed { draw(into: &grid, context) }
        } else {
            renderMoved(into: &grid, context)
        }
    }

    /// `render` of a subtree that owes a move: drawn that much further.
    @inline(never)
    private final func renderMoved(into grid: inout Grid, _ context: RenderContext) {
        var moved = context
        moved.offsetX += owedX
        moved.offsetY += owedY
        probed { draw(into: &grid, moved) }
    }

    /// Subclasses: draw self, then children.
    func draw(into grid: inout Grid, _ context: RenderContext) {
        forEachChild { $0.render(into: &grid, context) }
    }

    /// Whether `render` under `context` writes no row outside `rows`, at
    /// whatever position and clip: nodes that write cells (texts, shapes,
    /// dividers) say which rows they may write from their frames, and a
    /// scroll view clips its content to its frame. Containers draw only
    /// their children (the nodes `forEachChild` walks, which is what their
    /// `draw` walks). Asked before a lazy stack keeps a row's cells
    /// (`RowBand`), which would miss cells the clip cut when it kept them.
    final func drawsOnly(inRows rows: Range<Int>, _ context: RenderContext) -> Bool {
        var drawn = DrawnRows()
        addDrawnRows(to: &drawn, context)
        return drawn.isEmpty || (drawn.top >= rows.lowerBound && drawn.bottom <= rows.upperBound)
    }

    /// Whether `render` under `context` writes no row of `rows`: all it
    /// draws lies above them or below them (as `drawsOnly` reads it). A
    /// removed view that slid off the screen, still moving until its spring
    /// settles, draws nothing there.
    final func drawsNoRow(of rows: Range<Int>, _ context: RenderContext) -> Bool {
        var drawn = DrawnRows()
        addDrawnRows(to: &drawn, context)
        return drawn.isEmpty || drawn.bottom <= rows.lowerBound || drawn.top >= rows.upperBound
    }

    /// Whether `draw` reads this node's presented frame (`presentedRect`):
    /// the nodes that write cells at it and the scroll view that clips to
    /// it. Other nodes only draw their children, each at its own presented
    /// frame, so a moving container whose children stay put draws the same
    /// cells at any time (`MovingNodes` notes only nodes that say yes).
    var drawsAtPresentedFrame: Bool { false }

    /// For a node that `drawsAtPresentedFrame`: whether it draws the same
    /// cells presented at `a` and at `b` (nothing else changing): when the
    /// two round to the same cells. Shapes that paint eighth blocks at
    /// fractional edges say so only for the same frame.
    func drawsTheSame(presentedAt a: FrameRect, and b: FrameRect) -> Bool {
        a.rounded == b.rounded
    }

    /// Adds the rows `render` under `context` may write to `drawn`.
    final func addDrawnRows(to drawn: inout DrawnRows, _ context: RenderContext) {
        if isHidden { return }
        if owedX == 0 && owedY == 0 { return addOwnDrawnRows(to: &drawn, context) }
        var moved = context
        moved.offsetX += owedX
        moved.offsetY += owedY
        addOwnDrawnRows(to: &drawn, moved)
    }

    /// `addDrawnRows` for this node, its owed move in `context`: the rows
    /// of its presented frame for a node that `drawsAtPresentedFrame`,
    /// else its children's.
    func addOwnDrawnRows(to drawn: inout DrawnRows, _ context: RenderContext) {
        if drawsAtPresentedFrame { return addRows(presentedAt: presentedFrame(at: context.time), to: &drawn, context) }
        forEachChild { $0.addDrawnRows(to: &drawn, context) }
    }

    /// `addDrawnRows` for a node that `drawsAtPresentedFrame`, given its
    /// presented frame at the time drawn (`MovingNodes` keeps the frame a
    /// node was drawn at, instead of working out its animation again).
    final func addDrawnRows(presentedAt frame: FrameRect, to drawn: inout DrawnRows, _ context: RenderContext) {
        if isHidden { return }
        var moved = context
        moved.offsetX += owedX
        moved.offsetY += owedY
        addRows(presentedAt: frame, to: &drawn, moved)
    }

    /// For a node that `drawsAtPresentedFrame` (which overrides it): adds
    /// the rows it writes presented at `frame`, before the moves `context`
    /// carries.
    func addRows(presentedAt frame: FrameRect, to drawn: inout DrawnRows, _ context: RenderContext) {}

    /// The cells `frame` (a presented frame) covers where drawn in `context`:
    /// `presentedRect(context)` for a frame already worked out.
    @inline(__always)
    static func drawnRect(_ frame: FrameRect, _ context: RenderContext) -> Rect {
        frame.rounded.offsetBy(x: context.offsetX, y: context.offsetY)
    }

    /// Runs this node's preference observer, if it is one: a virtual call
    /// per node of the post-layout walk instead of a class cast per node.
    func notifyIfPreferenceObserver() {}

    /// Whether this node is an `onPreferenceChange` observer (overridden by those that are).
    var isPreferenceObserver: Bool { false }

    /// Whether this node or a descendant is a preference observer, so the
    /// walk that runs observers after each layout enters only the subtrees
    /// that hold one (watcha-home's walk of every node of every row was 9%
    /// of its frames, measured with callgrind).
    ///
    /// Kept for the layout generation: within one, the tree changes only
    /// where lazy stacks build, let go of or pin rows. So the answer of a
    /// subtree holding a lazy stack (or not walked to its end) is kept only
    /// while `RowSetChanges.count`, which counts each of those, stays the
    /// same too. (Before, such a subtree was walked every time: every row of
    /// watcha-home's feed down to its carousels' posters, 17k instructions a
    /// frame.) A reused row starts over (`prepareForReuse`).
    func containsPreferenceObservers() -> Bool {
        let generation = LayoutGeneration.current
        let rowSets = UInt32(truncatingIfNeeded: RowSetChanges.count)
        if observersGeneration == generation && (!observersFollowRows || observersRowSetChanges == rowSets) {
            return subtreeHasObservers
        }
        var found = isPreferenceObserver
        var followsRows = childrenChangeWithinGeneration
        forEachChild { child in
            // Children after the one found are not asked: as if they held rows.
            if found {
                followsRows = true
                return
            }
            if child.containsPreferenceObservers() { found = true }
            if child.observersFollowRows { followsRows = true }
        }
        observersGeneration = generation
        observersFollowRows = followsRows
        observersRowSetChanges = rowSets
        subtreeHasObservers = found
        return found
    }

    /// Whether this node's children change within a layout generation (a
    /// lazy stack's rows: see `RowSetChanges`).
    var childrenChangeWithinGeneration: Bool { false }

    /// Whether this node conforms to `PreferenceReporting` (overridden by
    /// those that do), so collecting preferences casts only those nodes.
    var reportsPreferences: Bool { false }

    /// Calls `body` for each child node, in drawing order.
    func forEachChild(_ body: (ViewNode) -> Void) {}

    /// The children that may hold a placed matched-geometry node, in
    /// `forEachChild`'s order (what `MatchedGeometryNode.record` walks): all
    /// of them, unless a subclass knows which (lazy stacks: their marked rows).
    func forEachChildHoldingMatchedGeometry(_ body: (ViewNode) -> Void) { forEachChild(body) }

    // MARK: Reuse

    /// Makes this subtree look as if it was never placed (for `RowRecycler`):
    /// no frame, no animation, no cached sizes or placements, so the next
    /// layout treats it as a new subtree. Subclasses with placement state of
    /// their own reset it in `resetForReuse` (`MatchedGeometryNode` here: it
    /// is never pooled, so taking it apart needs no reset of its own).
    func prepareForReuse() {
        resetForReuse()
        forEachChild { $0.prepareForReuse() }
    }

    /// This node's part of `prepareForReuse`, its children left alone (also
    /// what `dismantle` resets). Subclasses with placement state of their
    /// own reset it too, and call `super`.
    func resetForReuse() {
        frame = .zero
        owedX = 0
        owedY = 0
        animation = nil
        hasBeenPlaced = false
        holdsPlacedMatchedGeometry = false
        sizeCache = SizeCache()
        placedGeneration = -1
        stateGeneration = -1
        observersGeneration = -1
    }

    /// Whether this subtree may be recycled as another row: not when it owns
    /// state (overridden by the nodes that do).
    func isReusable() -> Bool {
        var reusable = true
        forEachChild { child in if reusable && !child.isReusable() { reusable = false } }
        return reusable
    }

    /// Takes this subtree (kept, in no tree) apart into `pool`, each node
    /// reset as `prepareForReuse` resets it: nodes of the pooled classes go
    /// there (their overrides, which reset first too), the rest are let go.
    /// One walk: reset first, then taken apart, a kept subtree was walked
    /// twice (a rebuilt Home tab: 263k instructions resetting, 130k taking
    /// apart; callgrind).
    func dismantle(into pool: NodePool) {
        resetForReuse()
        forEachChild { $0.dismantle(into: pool) }
    }

    /// This subtree left the tree for good: lazy stacks in it give their
    /// rows to `recycler` (overridden by lazy stacks; rows are not entered).
    func recycleRows(into recycler: RowRecycler) {
        forEachChild { $0.recycleRows(into: recycler) }
    }

    /// The frame animation shows at `time` (seconds), in fractional cells.
    final func presentedFrame(at time: Double) -> FrameRect {
        guard let animation, time < animation.endTime else { return FrameRect(frame) }
        DrawInvalidation.framesPresentedMoving &+= 1
        return animation.frame(at: time)
    }

    /// The presented frame rounded to cells.
    final func presentedRect(at time: Double) -> Rect {
        if animation == nil { return frame }
        return presentedFrame(at: time).rounded
    }

    /// For `draw`: the presented frame where it is drawn, with the moves
    /// this subtree and its ancestors owe (`context` carries them).
    @inline(__always)
    final func presentedRect(_ context: RenderContext) -> Rect {
        presentedRect(at: context.time).offsetBy(x: context.offsetX, y: context.offsetY)
    }

    /// `presentedRect(_:)` in fractional cells.
    final func presentedFrame(_ context: RenderContext) -> FrameRect {
        var rect = presentedFrame(at: context.time)
        rect.x += Double(context.offsetX)
        rect.y += Double(context.offsetY)
        return rect
    }

    /// For a parent's `draw`: where this child is drawn (its own owed move included).
    @inline(__always)
    final func drawnRect(under context: RenderContext) -> Rect {
        presentedRect(at: context.time).offsetBy(x: context.offsetX + owedX, y: context.offsetY + owedY)
    }

    /// Whether this node or a descendant is still moving at `time`.
    final func isAnimating(at time: Double) -> Bool {
        if let animation, time < animation.endTime { return true }
        var moving = false
        forEachChild { child in if !moving && child.isAnimating(at: time) { moving = true } }
        return moving
    }
}

/// The last few proposals a node answered, valid for one layout generation.
///
/// Proposals are kept as plain integers (`none` for a nil length) and empty
/// entries hold a length no proposal has: a lookup is integer comparisons
/// only, no optional unwrapping and no count checks (it runs for every size
/// query of a layout pass).
struct SizeCache {
    private var generation = -1
    private var next = 0
    private var entries = (Entry(), Entry(), Entry(), Entry())

    /// A nil length (no proposal on that axis).
    @inline(__always) static var none: Int { Int.min }
    /// The lengths of an empty entry: matched by no proposal and no size.
    @inline(__always) static var unused: Int { Int.min + 1 }

    private struct Entry {
        var width = SizeCache.unused
        var height = SizeCache.unused
        var size = Size(cols: SizeCache.unused, rows: SizeCache.unused)

        @inline(__always) func answers(_ width: Int, _ height: Int) -> Bool {
            self.width == width && self.height == height
        }

        /// Whether a node that chose `size` for this entry's proposal
        /// chooses it again for (width, height): when on each axis that
        /// offers what this proposal did, or exactly the size chosen, which
        /// this proposal allowed (not an overflow). Layout treats a chosen
        /// size as a fixed point: offered, per axis, its choice or what it
        /// was offered then, a view keeps its choice (text wraps the same, a
        /// stack's children take their sizes again), as the stacks'
        /// ideal-size shortcut already assumes.
        @inline(__always) func keeps(_ width: Int, _ height: Int) -> Bool {
            (width == self.width || (width == size.cols && size.cols <= SizeCache.limit(self.width)))
                && (height == self.height || (height == size.rows && size.rows <= SizeCache.limit(self.height)))
        }
    }

    @inline(__always) private static func limit(_ length: Int) -> Int { length == none ? .max : length }

    mutating func lookup(_ proposal: ProposedSize) -> Size? {
        guard generation == LayoutGeneration.current else {
            generation = LayoutGeneration.current
            entries = (Entry(), Entry(), Entry(), Entry())
            next = 0
            return nil
        }
        let width = proposal.width ?? SizeCache.none
        let height = proposal.height ?? SizeCache.none
        if entries.0.answers(width, height) { return entries.0.size }
        if entries.1.answers(width, height) { return entries.1.size }
        if entries.2.answers(width, height) { return entries.2.size }
        if entries.3.answers(width, height) { return entries.3.size }
        // No exact answer: one given to a proposal that differs only by the
        // size chosen for it on an axis (a row measured at (width, nil) that
        // took 3 rows, asked again at (width, 3) when its stack places it).
        if entries.0.keeps(width, height) { return entries.0.size }
        if entries.1.keeps(width, height) { return entries.1.size }
        if entries.2.keeps(width, height) { return entries.2.size }
        if entries.3.keeps(width, height) { return entries.3.size }
        return nil
    }

    /// Keeps the entries of generation `old` as entries of `new` (see `ViewNode.carryCaches`).
    mutating func carry(from old: Int, to new: Int) {
        if generation == old { generation = new }
    }

    mutating func store(_ proposal: ProposedSize, _ size: Size) {
        let entry = Entry(
            width: proposal.width ?? SizeCache.none, height: proposal.height ?? SizeCache.none, size: size)
        switch next {
        case 0: entries.0 = entry
        case 1: entries.1 = entry
        case 2: entries.2 = entry
        default: entries.3 = entry
        }
        next = (next + 1) & 3
    }
}

/// Which cached sizes are valid: the generation of the host laying out now.
///
/// Each host has its own generation, taken from one process-wide sequence
/// when its views update or its screen is resized, and makes it current for
/// its layout pass. So one host's update no longer empties the caches of
/// every other host (with `--backend both`, each backend's scene used to
/// invalidate the other's on every update), and generations of different
/// hosts never collide.
enum LayoutGeneration {
    /// The generation the host updating its views now had before (set by
    /// `ViewHost.update`): what a subtree the update leaves alone carries forward.
    @exclusivity(unchecked) nonisolated(unsafe) static var previous = -1

    // Read once per size query on the one thread that drives views (see
    // `ViewHost`); the run-time exclusivity check on this global cost more
    // than the lookup it guards (measured with callgrind).
    @exclusivity(unchecked) nonisolated(unsafe) static var current = 0
    @exclusivity(unchecked) nonisolated(unsafe) private static var last = 0

    /// A generation no host has had before.
    static func next() -> Int {
        last &+= 1
        return last
    }
}

extension Array where Element == ViewNode {
    /// Calls `body` with each node, without retaining and releasing it
    /// around the call (a walk of every node per frame spent an eighth of
    /// watcha-home's instructions in the runtime's reference counting).
    /// The array must not change while `body` runs: walks that only draw
    /// or move nodes, never ones that add or remove children.
    @inline(__always)
    func forEachUnretained(_ body: (ViewNode) -> Void) {
        withUnsafeBufferPointer { nodes in
            for index in nodes.indices { Unmanaged.passUnretained(nodes[index])._withUnsafeGuaranteedRef(body) }
        }
    }

    /// `body(self[index])`, without retaining and releasing the node around
    /// the call (as `forEachUnretained`; the same rule: the array must not
    /// change while `body` runs).
    @inline(__always)
    func withUnretained<Result>(_ index: Int, _ body: (ViewNode) -> Result) -> Result {
        withUnsafeBufferPointer { nodes in Unmanaged.passUnretained(nodes[index])._withUnsafeGuaranteedRef(body) }
    }
}

/// Process-wide layout switch, for tests that compare a host deferring
/// plain moves (`ViewNode.translate`) with one applying them node by node.
public enum ViewNodeMoves {
    /// Whether a subtree moved without animation owes the move instead of
    /// moving every node now (default true). Set it before a host lays out
    /// and keep it for that host's life, on the thread that drives views.
    @exclusivity(unchecked) nonisolated(unsafe) public static var areDeferred = true
}

/// Whether subtrees a view update leaves alone keep their cached sizes and
/// placements (`ViewNode.carryCaches`). A switch for tests, which compare
/// every frame of the scenes with it off (everything measured and placed
/// again after each update, as before); on in use.
public enum KeptRowCaches {
    @exclusivity(unchecked) nonisolated(unsafe) public static var areCarried = true
    /// Rows whose caches were carried forward, since the process started (for tests).
    @exclusivity(unchecked) nonisolated(unsafe) public static var rowsCarried = 0
}

/// The rows a subtree may write, from the first to the last (one walk of it
/// answers both `drawsOnly` and `drawsNoRow`).
///
/// Made with `motionAt`, the walk also asks whether the nodes that write
/// those rows are all shown the same distance below their frames at that
/// time, at their frames' heights (`RigidRemoval`).
struct DrawnRows {
    private(set) var top = Int.max
    private(set) var bottom = Int.min
    var isEmpty: Bool { top >= bottom }

    private let motionTime: Double?
    /// The distance the first node written for was shown below its frame.
    private(set) var motionOffset: Double?
    /// Whether every node written for was shown at `motionOffset`, at its frame's height.
    private(set) var movesAsOne = true

    init() { motionTime = nil }
    init(motionAt time: Double) { motionTime = time }

    /// Adds rows `top..<bottom` (nothing when that is empty).
    mutating func add(_ top: Int, _ bottom: Int) {
        guard top < bottom else { return }
        self.top = min(self.top, top)
        self.bottom = max(self.bottom, bottom)
    }

    /// Adds rows `top..<bottom` (nothing when that is empty) that `node` writes.
    @inline(__always)
    mutating func add(_ top: Int, _ bottom: Int, by node: ViewNode) {
        guard top < bottom else { return }
        add(top, bottom)
        if let motionTime { noteMotion(of: node, at: motionTime) }
    }

    private mutating func noteMotion(of node: ViewNode, at time: Double) {
        var distance = 0.0
        if let motion = node.animation, time < motion.endTime {
            let shown = motion.frame(at: time)
            if shown.height != Double(node.frame.height) { movesAsOne = false }
            distance = shown.y - Double(node.frame.y)
        }
        if let motionOffset, abs(motionOffset - distance) > DrawnRows.tolerance { movesAsOne = false }
        if motionOffset == nil { motionOffset = distance }
    }

    /// Distances equal within this are one (the same motion, worked out
    /// from different frames, can differ in the last bits).
    static let tolerance = 1e-6
}

/// Changes to the rows any lazy stack holds: a row built, let go of, pinned
/// or unpinned, or a stack's rows updated. Within a layout generation the
/// node tree changes only there, so what a walk of a subtree found holds
/// while the generation and this count stay the same.
enum RowSetChanges {
    @exclusivity(unchecked) nonisolated(unsafe) static var count: UInt64 = 0
}
