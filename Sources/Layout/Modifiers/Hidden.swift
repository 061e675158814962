import FrameGrid

/// Content laid out but not drawn.
public struct HiddenView<Content: View>: _WrapperView {
    public let content: Content
    let isHidden: Bool

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> WrapperNode {
        let node = WrapperNode(child: child)
        node.isHidden = isHidden
        return node
    }
    public func update(_ node: WrapperNode, _ context: BuildContext) { node.isHidden = isHidden }
}

extension View {
    /// Keeps this view's space but draws nothing.
    public consuming func hidden(_ isHidden: Bool = true) -> HiddenView<Self> {
        HiddenView(content: self, isHidden: isHidden)
    }
}
