import FrameGrid

/// Content with another view drawn behind it (`background`) or in front
/// of it (`overlay`). The layer is offered the content's size and aligned
/// to it; it never changes the content's size.
///
/// `background` and `overlay` are `@inlinable` and `consuming` (see `EnvironmentModifiedView`).
public struct LayeredView<Content: View, Layer: View>: _WrapperView {
    public let content: Content
    @usableFromInline let layer: Layer
    @usableFromInline let alignment: Alignment
    @usableFromInline let inFront: Bool

    @inlinable init(content: Content, layer: Layer, alignment: Alignment, inFront: Bool) {
        self.content = content
        self.layer = layer
        self.alignment = alignment
        self.inFront = inFront
    }

    @inlinable
    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> LayerNode {
        let layerNode = Layer._makeNode(layer, context.outsideStacks())
        return LayerNode.make(around: child, layer: layerNode, alignment: alignment, inFront: inFront, context)
    }

    @inlinable
    public func update(_ node: LayerNode, _ context: BuildContext) {
        node.layer = Layer._updateNode(node.layer, layer, context.outsideStacks())
        node.alignment = alignment
    }
}

/// Engine detail: the node of `.background` and `.overlay`; the layer never changes the size.
public final class LayerNode: WrapperNode {
    @usableFromInline @exclusivity(unchecked) var layer: ViewNode
    @usableFromInline @exclusivity(unchecked) var alignment: Alignment
    var inFront: Bool

    init(child: ViewNode, layer: ViewNode, alignment: Alignment, inFront: Bool) {
        self.layer = layer
        self.alignment = alignment
        self.inFront = inFront
        super.init(child: child)
    }

    /// The node of a layer around `child`: a pooled one rebuilt, or a new one.
    @usableFromInline
    static func make(
        around child: ViewNode, layer: ViewNode, alignment: Alignment, inFront: Bool, _ context: BuildContext
    ) -> LayerNode {
        guard let node = context.pooled(LayerNode.self) else {
            return LayerNode(child: child, layer: layer, alignment: alignment, inFront: inFront)
        }
        node.child = child
        node.layer = layer
        node.alignment = alignment
        node.inFront = inFront
        return node
    }

    override func dismantle(into pool: NodePool) {
        layer.dismantle(into: pool)
        layer = ViewNode.detached
        super.dismantle(into: pool)
        pool.put(self)
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        child.place(rect, context)
        let size = layer.sizeThatFits(ProposedSize(rect.size))
        let origin = alignment.origin(of: size, in: rect)
        layer.place(Rect(x: origin.x, y: origin.y, width: size.cols, height: size.rows), context)
    }

    // Its layers are children too: walked as `forEachChild` walks them.
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        translateEachChild(x: dx, y: dy, context)
    }
    // In `forEachChild`'s order, stopping at the first changed.
    override func childrenStateIsUnchanged() -> Bool {
        if inFront { return child.stateIsUnchanged() && layer.stateIsUnchanged() }
        return layer.stateIsUnchanged() && child.stateIsUnchanged()
    }
    override func forEachChild(_ body: (ViewNode) -> Void) {
        if inFront {
            body(child)
            body(layer)
        } else {
            body(layer)
            body(child)
        }
    }

    // As `forEachChild`, which `WrapperNode.draw` does not walk.
    override func draw(into grid: inout Grid, _ context: RenderContext) {
        if inFront {
            child.render(into: &grid, context)
            layer.render(into: &grid, context)
        } else {
            layer.render(into: &grid, context)
            child.render(into: &grid, context)
        }
    }
}

extension View {
    /// `layer` drawn behind this view, sized to it.
    @inlinable
    public consuming func background<Layer: View>(_ layer: consuming Layer, alignment: Alignment = .center)
        -> LayeredView<Self, Layer>
    {
        LayeredView(content: self, layer: layer, alignment: alignment, inFront: false)
    }

    /// The built view drawn behind this view, sized to it.
    @inlinable
    public consuming func background<Layer: View>(alignment: Alignment = .center, @ViewBuilder _ layer: () -> Layer)
        -> LayeredView<Self, Layer>
    {
        LayeredView(content: self, layer: layer(), alignment: alignment, inFront: false)
    }

    /// `layer` drawn in front of this view, sized to it.
    @inlinable
    public consuming func overlay<Layer: View>(_ layer: consuming Layer, alignment: Alignment = .center)
        -> LayeredView<Self, Layer>
    {
        LayeredView(content: self, layer: layer, alignment: alignment, inFront: true)
    }

    /// The built view drawn in front of this view, sized to it.
    @inlinable
    public consuming func overlay<Layer: View>(alignment: Alignment = .center, @ViewBuilder _ layer: () -> Layer)
        -> LayeredView<Self, Layer>
    {
        LayeredView(content: self, layer: layer(), alignment: alignment, inFront: true)
    }
}
