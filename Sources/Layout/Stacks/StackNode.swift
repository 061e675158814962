import FrameGrid

/// The node of `VStack` and `HStack`: the stack algorithm over the content's
/// flattened children (tuples, `ForEach` and conditionals contribute theirs).
@usableFromInline
final class StackNode: ViewNode {
    @usableFromInline @exclusivity(unchecked) var content: ViewNode
    private let layout: StackLayout

    /// A stack whose content is built next (`build`).
    private init(axis: Axis, alignment: CrossAlignment, spacing: Int) {
        content = ViewNode.detached
        layout = StackLayout(axis: axis, alignment: alignment, spacing: spacing)
        super.init()
    }

    /// A blank stack for a `NodePool`'s reserve, with room for a few children.
    init(reserved: Void) {
        content = ViewNode.detached
        layout = StackLayout(axis: .vertical, alignment: .center, spacing: 0)
        super.init()
        layout.reserveRoom()
    }

    /// The node of a stack of `content`: a pooled one rebuilt (its layout and buffers kept), or a new one.
    ///
    /// Inlinable (see `View._makeNode`): the content is built at its own type;
    /// the rest, the same for every content, is out of line.
    @inlinable
    static func make<C: View>(
        _ content: C, axis: Axis, alignment: CrossAlignment, spacing: Int, _ context: BuildContext
    ) -> StackNode {
        let node = blank(axis: axis, alignment: alignment, spacing: spacing, context)
        node.content = C._makeNode(content, context.inStack(axis))
        node.contentChanged()
        return node
    }

    /// A pooled stack, or a new one, laid out along `axis`, its content not built yet.
    @usableFromInline
    static func blank(axis: Axis, alignment: CrossAlignment, spacing: Int, _ context: BuildContext) -> StackNode {
        guard let node = context.pooled(StackNode.self) else {
            return StackNode(axis: axis, alignment: alignment, spacing: spacing)
        }
        node.layout.axis = axis
        node.layout.alignment = alignment
        node.layout.spacing = spacing
        return node
    }

    @inlinable
    func update<C: View>(_ content: C, alignment: CrossAlignment, spacing: Int, _ context: BuildContext) {
        self.content = C._updateNode(self.content, content, context.inStack(axis))
        arrange(alignment: alignment, spacing: spacing)
    }

    /// The axis the stack lays its children along.
    @usableFromInline
    var axis: Axis { layout.axis }

    /// Takes the children of the content just built.
    @usableFromInline
    func contentChanged() { layout.prepare(content) }

    /// Takes the alignment, spacing and children of the content just updated.
    @usableFromInline
    func arrange(alignment: CrossAlignment, spacing: Int) {
        layout.alignment = alignment
        layout.spacing = spacing
        layout.prepare(content)
    }

    override func measure(_ proposal: ProposedSize) -> Size { layout.size(proposal) }
    override func placeChildren(in rect: Rect, _ context: LayoutContext) { layout.place(in: rect, context) }
    override func forEachChild(_ body: (ViewNode) -> Void) { for child in layout.children { body(child) } }
    override func childrenStateIsUnchanged() -> Bool {
        var unchanged = true
        layout.children.forEachUnretained { child in if unchanged && !child.stateIsUnchanged() { unchanged = false } }
        return unchanged
    }
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        let generation = placementGeneration
        layout.children.forEachUnretained { $0.translate(ifPlacedIn: generation, x: dx, y: dy, context) }
    }
    override func dismantle(into pool: NodePool) {
        resetForReuse()
        content.dismantle(into: pool)
        content = ViewNode.detached
        layout.release()
        pool.put(self)
    }
    // Drawing order as `forEachChild`, walked without its closure (callgrind: the walk cost more than small nodes).
    override func draw(into grid: inout Grid, _ context: RenderContext) {
        layout.children.forEachUnretained { $0.render(into: &grid, context) }
    }
}

extension HorizontalAlignment {
    @usableFromInline
    var cross: CrossAlignment {
        switch self {
        case .leading: return .start
        case .center: return .center
        case .trailing: return .end
        }
    }
}

extension VerticalAlignment {
    @usableFromInline
    var cross: CrossAlignment {
        switch self {
        case .top: return .start
        case .center: return .center
        case .bottom: return .end
        }
    }
}
