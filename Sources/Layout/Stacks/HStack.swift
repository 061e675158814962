import FrameGrid

/// Children side by side, aligned vertically; `spacing` blank columns
/// between them (default 1, like SwiftUI's default gap).
public struct HStack<Content: View>: View {
    public typealias Body = Never
    @usableFromInline let alignment: VerticalAlignment
    @usableFromInline let spacing: Int
    @usableFromInline let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? 1
        self.content = content()
    }

    // Inlinable (see `View._makeNode`): the content is built at its own type.
    @inlinable
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        StackNode.make(view.content, axis: .horizontal, alignment: view.alignment.cross, spacing: view.spacing, context)
    }

    @inlinable
    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: StackNode.self, for: view) {
            $0.update(view.content, alignment: view.alignment.cross, spacing: view.spacing, context)
        }
    }
}
