import FrameGrid

/// A view whose type is only known at run time. Updating keeps the node
/// when the wrapped type stays the same, and rebuilds it otherwise.
public struct AnyView: View {
    public typealias Body = Never
    let type: ObjectIdentifier
    let make: (BuildContext) -> ViewNode
    let update: (ViewNode, BuildContext) -> ViewNode

    public init<V: View>(_ view: V) {
        type = ObjectIdentifier(V.self)
        make = { $0.makeNode(view) }
        update = { V._updateNode($0, view, $1) }
    }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        SlotNode(child: view.make(context), key: .type(view.type), type: view.type)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: SlotNode.self, for: view) { slot in
            if let child = slot.child, slot.key == .type(view.type) {
                slot.child = view.update(child, context)
            } else {
                if let child = slot.child { context.retire(child, builtFrom: slot.childType) }
                slot.child = view.make(context)
                slot.key = .type(view.type)
                slot.childType = view.type
            }
        }
    }
}
