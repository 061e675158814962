import FrameGrid

/// A colour used as a view: fills the space it is offered.
extension Color: View {
    public typealias Body = Never

    public static func _makeNode(_ view: Color, _ context: BuildContext) -> ViewNode {
        ShapeNode(shape: .rectangle, paint: .fill(view), foreground: nil)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Color, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: ShapeNode.self, for: view) {
            $0.shape = .rectangle
            $0.paint = .fill(view)
        }
    }
}
