import FrameGrid

/// A shape with its paint chosen.
public struct ShapeView: View {
    public typealias Body = Never
    let shape: ShapeOutline
    let paint: ShapePaint

    func makeNode(_ context: BuildContext) -> ViewNode {
        guard let node = context.pooled(ShapeNode.self) else {
            return ShapeNode(shape: shape, paint: paint, foreground: context.environment.foreground)
        }
        node.shape = shape
        node.paint = paint
        node.foreground = context.environment.foreground
        return node
    }

    func updateNode(_ node: ViewNode, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: ShapeNode.self, for: self) {
            $0.shape = shape
            $0.paint = paint
            $0.foreground = context.environment.foreground
        }
    }

    public static func _makeNode(_ view: ShapeView, _ context: BuildContext) -> ViewNode { view.makeNode(context) }
    public static func _updateNode(_ node: ViewNode, _ view: ShapeView, _ context: BuildContext) -> ViewNode {
        view.updateNode(node, context)
    }
}
