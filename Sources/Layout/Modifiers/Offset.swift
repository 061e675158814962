import FrameGrid

/// Content drawn shifted by whole cells; its layout (and its parent's) is unchanged.
public struct OffsetView<Content: View>: _WrapperView {
    public let content: Content
    let x: Int
    let y: Int

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> OffsetNode {
        OffsetNode(child: child, x: x, y: y)
    }
    public func update(_ node: OffsetNode, _ context: BuildContext) {
        node.x = x
        node.y = y
    }
}

/// Engine detail: the node of `.offset`; moves the child's frame after layout.
public final class OffsetNode: WrapperNode {
    var x: Int
    var y: Int

    init(child: ViewNode, x: Int, y: Int) {
        self.x = x
        self.y = y
        super.init(child: child)
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        child.place(rect.offsetBy(x: x, y: y), context)
    }
}

extension View {
    /// Draws this view `x` columns right and `y` rows down of where layout puts it.
    public consuming func offset(x: Int = 0, y: Int = 0) -> OffsetView<Self> { OffsetView(content: self, x: x, y: y) }
}
