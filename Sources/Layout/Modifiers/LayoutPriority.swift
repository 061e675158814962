import FrameGrid

/// Content that a stack offers space to before (higher) or after (lower) its siblings.
public struct PrioritizedView<Content: View>: _WrapperView {
    public let content: Content
    let priority: Double

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> PriorityNode {
        PriorityNode(child: child, priority: priority)
    }
    public func update(_ node: PriorityNode, _ context: BuildContext) { node.priority = priority }
}

/// Engine detail: the node of `.layoutPriority`.
public final class PriorityNode: WrapperNode {
    var priority: Double

    init(child: ViewNode, priority: Double) {
        self.priority = priority
        super.init(child: child)
    }
    override var layoutPriority: Double { priority }
}

extension View {
    /// Space goes to higher priorities first in stacks (default 0).
    public consuming func layoutPriority(_ priority: Double) -> PrioritizedView<Self> {
        PrioritizedView(content: self, priority: priority)
    }
}
