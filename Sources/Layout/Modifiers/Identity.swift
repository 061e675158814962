import FrameGrid

/// Content with an explicit identity: when the id changes, the content is
/// a new view (built afresh, state reset, transitions run).
public struct IdentifiedView<Content: View, ID: Hashable>: View {
    public typealias Body = Never
    let content: Content
    let id: ID

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        SlotNode.make(view.content, key: .identity(AnyHashable(view.id)), context)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: SlotNode.self, for: view) {
            $0.update(view.content, key: .identity(AnyHashable(view.id)), context)
        }
    }
}

extension View {
    /// Gives this view an identity; a different id makes it a different view.
    public consuming func id<ID: Hashable>(_ id: ID) -> IdentifiedView<Self, ID> {
        IdentifiedView(content: self, id: id)
    }
}
