import FrameGrid

/// Children one below another, aligned horizontally; `spacing` blank rows
/// between them (default 0: a terminal row is already a large step).
public struct VStack<Content: View>: View {
    public typealias Body = Never
    @usableFromInline let alignment: HorizontalAlignment
    @usableFromInline let spacing: Int
    @usableFromInline let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? 0
        self.content = content()
    }

    // Inlinable (see `View._makeNode`): the content is built at its own type.
    @inlinable
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        StackNode.make(view.content, axis: .vertical, alignment: view.alignment.cross, spacing: view.spacing, context)
    }

    @inlinable
    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: StackNode.self, for: view) {
            $0.update(view.content, alignment: view.alignment.cross, spacing: view.spacing, context)
        }
    }
}
