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

    override func prepareForReuse() {
        childPlaced = false
        super.prepareForReuse()
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

    /// Starts the removal motion of this subtree; returns when it ends.
    func startRemoval(_ context: LayoutContext, animation: Animation) -> Double {
        settleSubtree(context)  // the moves below read and set every frame
        let shift = AnyTransition.shift(transition.removal, for: frame)
        moveSubtree(self, by: shift, context, animation)
        return context.time + animation.duration
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
    public func transition(_ transition: AnyTransition) -> TransitionView<Self> {
        TransitionView(content: self, transition: transition)
    }
}
