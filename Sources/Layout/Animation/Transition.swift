import FrameGrid

/// How a view enters and leaves when it is inserted or removed inside
/// `withAnimation`: it moves in from, and out to, an offset position.
///
/// A removed view keeps drawing, on top of the screen, until its motion
/// ends; it is no longer clipped by a scroll view it was in.
public struct AnyTransition: Sendable, Equatable {
    enum Motion: Sendable, Equatable {
        case identity
        case offset(x: Int, y: Int)
        case move(Edge)
    }
    let insertion: Motion
    let removal: Motion

    /// Appears and disappears in place.
    public static let identity = AnyTransition(insertion: .identity, removal: .identity)
    /// Comes from, and goes to, `x` columns and `y` rows away.
    public static func offset(x: Int = 0, y: Int = 0) -> AnyTransition {
        AnyTransition(insertion: .offset(x: x, y: y), removal: .offset(x: x, y: y))
    }
    /// Slides in from, and out to, an edge (by its own size).
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(insertion: .move(edge), removal: .move(edge)) }
    /// In from the leading edge, out to the trailing edge.
    public static let slide = AnyTransition(insertion: .move(.leading), removal: .move(.trailing))
    /// Different motions for insertion and removal.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    static func shift(_ motion: Motion, for frame: Rect) -> (x: Int, y: Int) {
        switch motion {
        case .identity: return (0, 0)
        case .offset(let x, let y): return (x, y)
        case .move(.leading): return (-frame.width, 0)
        case .move(.trailing): return (frame.width, 0)
        case .move(.top): return (0, -frame.height)
        case .move(.bottom): return (0, frame.height)
        }
    }
}

/// Content with an insertion/removal transition.
public struct TransitionView<Content: View>: _WrapperView {
    public let content: Content
    let transition: AnyTransition

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> TransitionNode {
        TransitionNode(child: child, transition: transition)
    }
    public func update(_ node: TransitionNode, _ context: BuildContext) { node.transition = transition }
}

/// Engine detail: the node of `.transition`; starts insertion motion on
/// first placement inside an animated update, and removal motion when retired.
public final class TransitionNode: WrapperNode {
    var transition: AnyTransition
    private var childPlaced = false

    override func resetForReuse() {
        childPlaced = false
        super.resetForReuse()
    }

    init(child: ViewNode, transition: AnyTransition) {
        self.transition = transition
        super.init(child: child)
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        guard !childPlaced else { return child.place(rect, context) }
        childPlaced = true
        let shift = AnyTransition.shift(transition.insertion, for: rect)
        guard context.animation != nil, shift != (0, 0) else { return child.place(rect, context) }
        let saved = context.insertion
        context.insertion = InsertionEffect(from: FrameRect(rect.offsetBy(x: shift.x, y: shift.y)), to: rect)
        child.place(rect, context)
        context.insertion = saved
    }

    /// Starts the removal motion of this subtree; returns when it ends, and
    /// the motion when the subtree moves as one. (Kept by the host with the
    /// ghost, not here: a bigger node would allocate more for every transition.)
    func startRemoval(_ context: LayoutContext, animation: Animation) -> (end: Double, rigid: RigidRemoval?) {
        settleSubtree(context)  // the moves below read and set every frame
        let shift = AnyTransition.shift(transition.removal, for: frame)
        let rigid = RigidRemoval(self, at: context.time, shift: shift.y, animation: animation)
        moveSubtree(self, by: shift, context, animation)
        return (context.time + animation.duration, rigid)
    }

    private func moveSubtree(
        _ node: ViewNode, by shift: (x: Int, y: Int), _ context: LayoutContext, _ animation: Animation
    ) {
        let target = node.frame.offsetBy(x: shift.x, y: shift.y)
        node.animation = FrameAnimation(
            from: node.presentedFrame(at: context.time), to: target, start: context.time, animation: animation)
        node.frame = target
        node.forEachChild { moveSubtree($0, by: shift, context, animation) }
    }
}

extension View {
    /// How this view moves in and out when inserted or removed with animation.
    public consuming func transition(_ transition: AnyTransition) -> TransitionView<Self> {
        TransitionView(content: self, transition: transition)
    }
}

/// A removal that moves a whole subtree as one. `moveSubtree` gives every
/// node the same shift, animation and start, from where it is shown; when
/// every node that writes cells is shown the same distance below its frame
/// (none moving, or all in one motion, as a bar still sliding in when it is
/// dismissed) and at its frame's height, each is at its frame moved down by
/// one distance at any time, rounded (a whole row plus a fraction rounds to
/// that row or the next). Which rows the subtree may write is then known
/// without walking it: the rows it writes at its frames, moved that far,
/// give or take the rounding. A ghost's every frame asks (`HostCore.renderGhosts`).
struct RigidRemoval {
    /// The rows written with every node at its frame (the removal's target moved back).
    let drawn: DrawnRows
    /// How far below its frame every node is shown when the removal starts.
    let startOffset: Double
    let shift: Int
    let start: Double
    let animation: Animation

    /// Nil when the subtree does not move as one. Call before moving it.
    init?(_ node: ViewNode, at time: Double, shift: Int, animation: Animation) {
        var drawn = DrawnRows(motionAt: time)
        // At a time past every motion, every node is drawn at its frame.
        node.addDrawnRows(to: &drawn, RenderContext(time: .infinity, clip: node.frame))
        guard drawn.movesAsOne else { return nil }
        self.drawn = drawn
        self.startOffset = drawn.motionOffset ?? 0
        self.shift = shift
        self.start = time
        self.animation = animation
    }

    /// Whether the subtree, drawn at `time`, may write a row of `rows`.
    func mayDraw(in rows: Range<Int>, at time: Double) -> Bool {
        guard let span = span(at: time) else { return true }
        return span.top < rows.upperBound && span.bottom > rows.lowerBound
    }

    /// The rows the subtree, drawn at `time`, may write (`top..<bottom`,
    /// empty when it writes none); nil when that is far outside any screen
    /// (a broken progress: the caller takes it that it may write anywhere).
    func span(at time: Double) -> (top: Int, bottom: Int)? {
        if drawn.isEmpty { return (0, 0) }
        let progress = animation.progress(at: time - start)
        let moved = startOffset + (Double(shift) - startOffset) * progress
        let low = (moved - DrawnRows.tolerance).rounded(.down)
        let high = (moved + DrawnRows.tolerance).rounded(.up)
        guard abs(low) < 1e9 && abs(high) < 1e9 else { return nil }
        return (drawn.top + Int(low), drawn.bottom + Int(high))
    }
}
