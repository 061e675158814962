import FrameGrid

/// Children on top of each other (later ones drawn over earlier ones), each
/// offered the whole proposal and aligned inside the largest.
public struct ZStack<Content: View>: View {
    public typealias Body = Never
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        let inner = context.with { $0.stackAxis = nil }
        return ZStackNode(content: Content._makeNode(view.content, inner), alignment: view.alignment)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: ZStackNode.self, for: view) { node in
            let inner = context.with { $0.stackAxis = nil }
            node.content = Content._updateNode(node.content, view.content, inner)
            node.alignment = view.alignment
            node.refresh()
        }
    }
}

/// The node of `ZStack`: every child offered the whole proposal, aligned, drawn in order.
final class ZStackNode: ViewNode {
    var content: ViewNode
    var alignment: Alignment
    private var children: [ViewNode] = []

    init(content: ViewNode, alignment: Alignment) {
        self.content = content
        self.alignment = alignment
        super.init()
        refresh()
    }

    func refresh() {
        children.removeAll(keepingCapacity: true)
        content.appendLayoutChildren(&children)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        var size = Size.zero
        for child in children {
            let childSize = child.sizeThatFits(proposal)
            size = Size(cols: max(size.cols, childSize.cols), rows: max(size.rows, childSize.rows))
        }
        return size
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        for child in children {
            let size = child.sizeThatFits(ProposedSize(rect.size))
            let origin = alignment.origin(of: size, in: rect)
            child.place(Rect(x: origin.x, y: origin.y, width: size.cols, height: size.rows), context)
        }
    }

    override func forEachChild(_ body: (ViewNode) -> Void) { for child in children { body(child) } }
    // Drawing order as `forEachChild`, walked without its closure (callgrind: the walk cost more than small nodes).
    override func draw(into grid: inout Grid, _ context: RenderContext) {
        for child in children { child.render(into: &grid, context) }
    }
}
