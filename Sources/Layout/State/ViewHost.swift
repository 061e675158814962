import FrameGrid

/// Runs a screen: keeps the node tree built from the root view, applies
/// state changes, lays out and draws one frame per `render` call.
///
/// Time is counted in frames at `frameRate`; frame n is drawn at n /
/// frameRate seconds, so animations are exact functions of the frame number.
/// A frame where nothing changed but animations lays out and draws without
/// allocating.
///
/// One thread drives the views: hosts, state changes and `withAnimation`
/// share process-wide bookkeeping (the transaction, the layout generation)
/// without locks, as a UI's main thread would.
public final class ViewHost<Root: View> {
    private let content: () -> Root
    private let core: HostCore
    @exclusivity(unchecked) private var root: ViewNode?
    /// This host's layout generation: sizes cached in its nodes are valid
    /// while it stays the same (see `LayoutGeneration`).
    @exclusivity(unchecked) private var generation = LayoutGeneration.next()
    /// The screen size views are laid out in.
    public var size: Size {
        didSet { if size != oldValue { generation = LayoutGeneration.next() } }
    }

    /// - Parameters:
    ///   - size: the screen, in cells.
    ///   - frameRate: frames per second of the host's clock (animation timing).
    ///   - content: builds the root view; called again after every state change.
    public init(size: Size, frameRate: Double = 60, content: @escaping () -> Root) {
        self.size = size
        self.content = content
        core = HostCore(frameRate: max(1, frameRate))
    }

    /// The number of the next frame to be drawn.
    public var frameIndex: Int { core.frameIndex }
    /// The clock, in seconds: the next frame's time.
    public var time: Double { core.time }
    /// Whether anything on screen is still moving.
    public var isAnimating: Bool {
        core.ghosts.contains { $0.end > core.time } || (root?.isAnimating(at: core.time) ?? false)
    }
    /// Whether a state change is waiting for the next frame.
    public var needsUpdate: Bool { core.needsUpdate || root == nil }
    /// Whether the next frame would differ from the last: a state change is
    /// waiting or something is moving. A run loop draws only then.
    public var needsFrame: Bool { needsUpdate || isAnimating }

    /// Lays out and draws the next frame into `grid` (cleared first), then
    /// advances the clock. The grid's size is the screen's: a resized grid
    /// resizes the screen.
    public func render(into grid: inout Grid) {
        if grid.size != size { size = grid.size }
        layout()
        draw(into: &grid)
    }

    /// The drawing half of `render`, for callers that time layout and
    /// drawing apart: draws the tree as last laid out (call `layout()`
    /// first), then advances the clock.
    ///
    /// When nothing that can move a cell changed since the last frame drawn
    /// (no view update, no frame, animation or visibility change, no
    /// animation still moving then; see `DrawInvalidation`), the nodes are
    /// not drawn again: the last frame's rows are copied into `grid`, only
    /// those whose stamps differ, and keep their stamps, so the differ
    /// passes them in O(1) each. When only the clock moved, the rows the
    /// moving nodes wrote then or write now are drawn again and the rest
    /// copied (see `MovingNodes`).
    public func draw(into grid: inout Grid) {
        core.dropEndedGhosts()
        if let lastDrawn, isLastDrawnCurrent(for: grid.size) {
            lastRowsCopied = grid.copyChangedRows(from: lastDrawn)
            lastFrameWasRedrawn = false
            lastRedrawnRows = nil
        } else if !drawMovingRows(into: &grid) {
            drawWhole(into: &grid)
        }
        core.frameIndex += 1
    }

    /// Draws every node into `grid`, cleared first, noting the nodes that move.
    private func drawWhole(into grid: inout Grid) {
        // Let go of the last frame first: if `grid` is that frame's
        // storage, writing it then copies nothing.
        lastDrawn = nil
        // Drawing may measure (rows a lazy stack meets while drawing): with this host's caches.
        LayoutGeneration.current = generation
        // Counted before drawing: a change made while drawing (a row a
        // lazy stack places then) makes the next frame draw again.
        drawnChanges = DrawInvalidation.changes
        drawnTime = core.time
        grid.clear()
        let context = RenderContext(time: core.time, clip: grid.bounds)
        let movingUntil = animationEnd
        DrawInvalidation.withAnimationEnd(&animationEnd) {
            moving.record(at: core.time, animationEnd: movingUntil) { root?.render(into: &grid, context) }
            lastDrawnShowsGhosts = core.renderGhosts(into: &grid, context)
        }
        drawnGhosts = core.ghosts.count
        lastDrawn = grid  // shares storage: no cells are copied
        lastRowsCopied = 0
        lastFrameWasRedrawn = true
        lastRedrawnRows = nil
    }

    /// Draws again only the rows the moving nodes (and removed views moving
    /// out) wrote in the last frame drawn or write now, copying the others
    /// from it, when nothing but the clock moved since that frame; whether
    /// it did (otherwise `grid` is to be drawn whole).
    ///
    /// Not when the rows are most of the screen or hold clusters kept in
    /// the grid's arena (drawing them again would grow it; a whole drawing
    /// empties it), when a removed view shown in the last frame has ended
    /// since (its rows are not known any more), or when the drawing changed
    /// something or missed a moving node.
    private func drawMovingRows(into grid: inout Grid) -> Bool {
        guard ViewHostDrawing.reusesUnchangedFrames, ViewHostDrawing.redrawsMovingRowsOnly, let last = lastDrawn,
            last.size == grid.size, root != nil, drawnChanges == DrawInvalidation.changes, moving.isCurrent,
            !lastDrawnShowsGhosts || core.ghosts.count == drawnGhosts
        else { return false }
        var drawn = DrawnRows()
        moving.addRows(to: &drawn, at: core.time)
        if !core.ghosts.isEmpty {
            guard core.addGhostRows(to: &drawn, at: drawnTime, screen: grid.bounds),
                core.addGhostRows(to: &drawn, at: core.time, screen: grid.bounds)
            else { return false }
        }
        let top = max(0, drawn.top)
        let rows = drawn.isEmpty || top >= min(grid.rows, drawn.bottom) ? 0..<0 : top..<min(grid.rows, drawn.bottom)
        guard rows.count * 4 <= grid.rows * 3, !last.rowsUseArena(rows) else { return false }
        let copied = grid.copyChangedRows(from: last)
        lastDrawn = nil
        LayoutGeneration.current = generation
        grid.clear(rows: rows)
        let context = RenderContext(
            time: core.time, clip: Rect(x: 0, y: rows.lowerBound, width: grid.cols, height: rows.count))
        var metEveryNode = true
        var showsGhosts = false
        if !rows.isEmpty {
            DrawInvalidation.withAnimationEnd(&animationEnd) {
                metEveryNode = moving.verify { root?.render(into: &grid, context) }
                showsGhosts = core.renderGhosts(into: &grid, context)
            }
        }
        guard metEveryNode, drawnChanges == DrawInvalidation.changes, moving.isCurrent else { return false }
        drawnTime = core.time
        lastDrawnShowsGhosts = showsGhosts
        drawnGhosts = core.ghosts.count
        lastDrawn = grid
        lastRowsCopied = copied
        lastFrameWasRedrawn = true
        lastRedrawnRows = rows
        return true
    }

    /// The last frame drawn (storage shared with the grid it was drawn
    /// into), with the change count and clock it was drawn at.
    @exclusivity(unchecked) private var lastDrawn: Grid?
    @exclusivity(unchecked) private var drawnChanges: UInt64 = 0
    @exclusivity(unchecked) private var drawnTime = 0.0
    /// When this host's last frame animation ends, on its clock (removed
    /// views moving out are not counted: `HostCore.ghosts` keeps their ends).
    @exclusivity(unchecked) private var animationEnd = -Double.infinity
    /// Whether a removed view moving out drew in the last frame drawn.
    @exclusivity(unchecked) private var lastDrawnShowsGhosts = false
    /// How many removed views were moving out when the last frame was drawn.
    @exclusivity(unchecked) private var drawnGhosts = 0
    /// Whether the last `draw` drew the nodes (false: it copied the frame before).
    @exclusivity(unchecked) public private(set) var lastFrameWasRedrawn = false
    /// The rows the last `draw` drew again when it drew only the moving
    /// nodes' rows and copied the rest from the frame before (nil: it drew
    /// every row, or none).
    @exclusivity(unchecked) public private(set) var lastRedrawnRows: Range<Int>?
    /// The nodes the last whole drawing showed moving (see `MovingNodes`).
    private let moving = MovingNodes()
    /// Rows the last `draw` copied from the frame before (0 when it drew the nodes).
    @exclusivity(unchecked) public private(set) var lastRowsCopied = 0

    /// Whether drawing now would give the cells last drawn: nothing changed
    /// since, no animation was still moving when they were drawn, and no
    /// removed view moving out showed then or shows now (one that springs
    /// past the screen's edge moves for a second where nothing shows it).
    private func isLastDrawnCurrent(for size: Size) -> Bool {
        guard ViewHostDrawing.reusesUnchangedFrames, lastDrawn?.size == size, root != nil,
            drawnChanges == DrawInvalidation.changes, drawnTime >= animationEnd
        else {
            return false
        }
        // A ghost shown then (also one that has ended since) must be drawn over.
        if lastDrawnShowsGhosts { return false }
        if core.ghosts.isEmpty { return true }
        guard Ghosts.areCulled, !core.ghostsDraw(in: Rect(x: 0, y: 0, width: size.cols, height: size.rows))
        else { return false }
        Ghosts.framesReused += 1
        return true
    }

    /// Draws the last frame again, at its time, without advancing the clock
    /// (a redraw of an unchanged screen, for measuring the diff of one).
    public func redrawLast(into grid: inout Grid) {
        guard core.frameIndex > 0 else { return render(into: &grid) }
        core.frameIndex -= 1
        draw(into: &grid)
    }

    /// A model the views read changed outside `@State` (a scene's model
    /// driven by a script or keys): the next frame evaluates the views
    /// again. Inside `withAnimation` the change animates.
    public func setNeedsUpdate() {
        core.invalidate()
    }

    /// Applies pending state changes and lays the tree out for the current
    /// frame (`render` does this; tests call it to read frames).
    ///
    /// Skipped when the last layout changed nothing and nothing it reads
    /// changed since (no state change, scroll request, resize or frame
    /// change): it would place every node where it is. A running animation
    /// does not count: layout places targets, and only drawing reads the
    /// clock (frames move with it as `presentedFrame` says).
    public func layout() {
        if isLastLayoutCurrent() { return }
        let changesBefore = DrawInvalidation.changes
        DrawInvalidation.withAnimationEnd(&animationEnd) { layoutPasses() }
        laidOutChanges = DrawInvalidation.changes
        laidOutRequests = DrawInvalidation.layoutRequests
        lastLayoutChangedNothing = laidOutChanges == changesBefore
        laidOutGeneration = generation
        lastLayoutWasSkipped = false
    }

    /// The change and request counts and generation after the last layout, and
    /// whether it changed nothing (so doing it again would change nothing).
    @exclusivity(unchecked) private var laidOutChanges: UInt64 = 0
    @exclusivity(unchecked) private var laidOutRequests: UInt64 = 0
    @exclusivity(unchecked) private var lastLayoutChangedNothing = false
    @exclusivity(unchecked) private var laidOutGeneration = -1
    /// Whether the last `layout` call was skipped (see `layout()`).
    @exclusivity(unchecked) public private(set) var lastLayoutWasSkipped = false

    private func isLastLayoutCurrent() -> Bool {
        guard ViewHostDrawing.reusesUnchangedFrames, root != nil, !core.needsUpdate, lastLayoutChangedNothing,
            core.ghosts.isEmpty
        else { return false }
        lastLayoutWasSkipped =
            laidOutChanges == DrawInvalidation.changes && laidOutRequests == DrawInvalidation.layoutRequests
            && laidOutGeneration == generation
        return lastLayoutWasSkipped
    }

    private func layoutPasses() {
        // Preference observers may change state in response to a layout
        // (a header reacting to the scroll offset): settle that within the
        // frame, but at most twice more, so a feedback loop cannot hang it.
        var passes = 0
        repeat {
            if root == nil || core.needsUpdate { update() }
            LayoutGeneration.current = generation
            let layoutContext = core.layoutContext
            layoutContext.time = core.time
            let proposal = ProposedSize(size)
            if let root {
                let chosen = root.sizeThatFits(proposal)
                // Like a window, the screen centres a root smaller than itself.
                let fitted = Size(cols: min(chosen.cols, size.cols), rows: min(chosen.rows, size.rows))
                let origin = Alignment.center.origin(
                    of: fitted, in: Rect(x: 0, y: 0, width: size.cols, height: size.rows))
                root.place(Rect(x: origin.x, y: origin.y, width: fitted.cols, height: fitted.rows), layoutContext)
            }
            layoutContext.animation = nil
            core.transactionAnimation = nil
            if core.preferenceObservers > 0, let root { PreferenceObserverNode.notifyAll(root) }
            passes += 1
        } while core.needsUpdate && passes < 3
    }

    /// Evaluates the views again and updates the tree in place.
    private func update() {
        LazyStackStatistics.allViewUpdates += 1
        let animation = core.pendingAnimation
        core.needsUpdate = false
        core.pendingAnimation = nil
        core.transactionAnimation = animation
        DrawInvalidation.changed()  // view values drawn (text, colours, order) may have changed
        core.layoutContext.animation = animation
        LayoutGeneration.previous = generation
        generation = LayoutGeneration.next()
        LayoutGeneration.current = generation
        let context = BuildContext(host: core)
        if let existing = root {
            if animation != nil {
                core.matchedFrames.removeAll(keepingCapacity: true)
                MatchedGeometryNode.record(existing, at: core.time, into: &core.matchedFrames)
            }
            root = Root._updateNode(existing, content(), context)
        } else {
            root = Root._makeNode(content(), context)
        }
    }
}

/// The part of a host that views and nodes talk to: invalidation, the
/// clock, removal transitions and matched-geometry bookkeeping.
public final class HostCore {
    let frameRate: Double
    @exclusivity(unchecked) var frameIndex = 0
    @exclusivity(unchecked) var needsUpdate = false
    @exclusivity(unchecked) var pendingAnimation: Animation?
    /// The animation of the update being applied (nil outside updates).
    @exclusivity(unchecked) var transactionAnimation: Animation?
    private(set) lazy var layoutContext = LayoutContext(host: self)
    /// Removed views still moving out.
    /// `root` is the retired subtree (built from a view of type `type`, when
    /// known), `node` the transition in it that draws the motion.
    /// `rigid`: its motion, when the subtree moves as one (`RigidRemoval`).
    typealias Ghost = (node: TransitionNode, end: Double, root: ViewNode, type: ObjectIdentifier?, rigid: RigidRemoval?)
    @exclusivity(unchecked) var ghosts: [Ghost] = []
    /// Presented frames of matched views just before an animated update.
    @exclusivity(unchecked) var matchedFrames: [MatchedGeometryKey: FrameRect] = [:]
    /// Row subtrees lazy stacks let go of, for their next rows.
    let recycler = RowRecycler()
    /// Other subtrees that left the tree, for the next views of their types.
    let subtrees = SubtreeRecycler()
    /// Row-length tables of lazy stacks that went away, for the stacks built after them.
    let lengthTables = RowLengthCache.Spares()
    /// Nodes taken apart from kept subtrees, for views of types never built before.
    private(set) lazy var nodes = NodePool(rows: recycler, subtrees: subtrees)
    /// How many `onPreferenceChange` nodes exist (the post-layout walk is skipped when none).
    @exclusivity(unchecked) var preferenceObservers = 0

    init(frameRate: Double) {
        self.frameRate = frameRate
        // Room made now, with the host: a removal on a later frame appends without allocating.
        ghosts.reserveCapacity(8)
    }

    var time: Double { Double(frameIndex) / frameRate }

    /// A state changed: the next frame evaluates the views again.
    func invalidate() {
        needsUpdate = true
        if let animation = Transaction.animation { pendingAnimation = animation }
    }

    /// `node` (built from a view of type `type`, when known) left the tree.
    /// With an animated update and a removal transition, it keeps drawing
    /// while it moves out; then, or at once without one, its lazy stacks
    /// give their rows to the recycler and the subtree itself is kept for
    /// the next view of its type (`SubtreeRecycler`).
    func retire(_ node: ViewNode, builtFrom type: ObjectIdentifier?, _ context: BuildContext) {
        guard let animation = context.animation, let transition = HostCore.transitionNode(in: node) else {
            node.recycleRows(into: recycler)
            if let type { subtrees.donate(node, type: type) }
            return
        }
        layoutContext.time = time
        // The ghost's motion ends at `end`, kept with it; left out of the
        // host's animation end, a frame drawn while it moves where nothing
        // shows it can be reused (`ViewHost.isLastDrawnCurrent`).
        let liveAnimationEnd = DrawInvalidation.animationEnd
        let (end, rigid) = transition.startRemoval(layoutContext, animation: animation)
        DrawInvalidation.animationEnd = liveAnimationEnd
        // Its pool is made now, on a frame that updates views: the frame that
        // drops the ghost only animates, and keeping it then must not allocate.
        if let type { subtrees.preparePool(for: type) }
        ghosts.append((transition, end, node, type, rigid))
    }

    /// The transition wrapping `node`, looking through single-child wrappers.
    private static func transitionNode(in node: ViewNode) -> TransitionNode? {
        var current: ViewNode? = node
        for _ in 0..<16 {
            guard let node = current else { return nil }
            if let transition = node as? TransitionNode { return transition }
            var only: ViewNode?
            var count = 0
            node.forEachChild {
                only = $0
                count += 1
            }
            current = count == 1 ? only : nil
        }
        return nil
    }

    /// Lets go of the ghosts whose motion ended by now: their lazy stacks'
    /// rows go to the recycler, their subtrees to the pools.
    func dropEndedGhosts() {
        guard !ghosts.isEmpty else { return }
        for ghost in ghosts where ghost.end <= time {
            ghost.root.recycleRows(into: recycler)
            if let type = ghost.type { subtrees.donate(ghost.root, type: type) }
        }
        ghosts.removeAll { $0.end <= time }
    }

    /// Draws the ghosts, except those wholly above or below the clip (not
    /// walked: the bar that slides down past the screen's edge springs there
    /// for a second); whether any drew.
    func renderGhosts(into grid: inout Grid, _ context: RenderContext) -> Bool {
        let rows = context.clip.y..<context.clip.maxY
        var drew = false
        for ghost in ghosts where !Ghosts.areCulled || HostCore.mayDraw(ghost, in: rows, context) {
            ghost.node.render(into: &grid, context)
            drew = true
        }
        return drew
    }

    /// Adds the rows every ghost may write at `time`; false when one may
    /// write anywhere (a broken motion).
    func addGhostRows(to drawn: inout DrawnRows, at time: Double, screen: Rect) -> Bool {
        for ghost in ghosts {
            if let removal = ghost.rigid {
                guard let rows = removal.span(at: time) else { return false }
                drawn.add(rows.top, rows.bottom)
            } else {
                ghost.node.addDrawnRows(to: &drawn, RenderContext(time: time, clip: screen))
            }
        }
        return true
    }

    /// Whether a ghost would draw in `clip` now.
    func ghostsDraw(in clip: Rect) -> Bool {
        let context = RenderContext(time: time, clip: clip)
        return ghosts.contains { HostCore.mayDraw($0, in: clip.y..<clip.maxY, context) }
    }

    /// Whether `ghost` may write a row of `rows` under `context`: from its
    /// rigid removal's rows when it has one, else by walking it.
    private static func mayDraw(_ ghost: Ghost, in rows: Range<Int>, _ context: RenderContext) -> Bool {
        if let removal = ghost.rigid {
            if removal.mayDraw(in: rows, at: context.time) { return true }
            Ghosts.passedByMotion += 1
            return false
        }
        return !ghost.node.drawsNoRow(of: rows, context)
    }
}

/// Removed views moving out ("ghosts", `HostCore.ghosts`): one wholly above
/// or below the screen is not drawn, and a frame drawn while every ghost
/// showed nothing is reused while that stays so (see `ViewHost.draw`).
/// The switch and counts are for tests.
public enum Ghosts {
    /// Off: every ghost is drawn every frame, and no frame is reused while one moves.
    @exclusivity(unchecked) nonisolated(unsafe) public static var areCulled = true
    /// Ghost frames passed over from their rigid motion alone (`RigidRemoval`), since the process started.
    @exclusivity(unchecked) nonisolated(unsafe) public static var passedByMotion = 0
    /// Frames reused while a ghost moved where nothing showed it.
    @exclusivity(unchecked) nonisolated(unsafe) public static var framesReused = 0
}
