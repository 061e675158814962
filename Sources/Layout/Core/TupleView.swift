import FrameGrid

/// More than ten sibling views written one after another in a builder
/// (blocks of 2 to 10 are the fixed-arity `TupleView2`...`TupleView10`,
/// whose copies need no run-time tuple metadata; see `TupleViews.swift`).
public struct TupleView<each Content: View>: View {
    public typealias Body = Never
    let content: (repeat each Content)

    init(_ content: repeat each Content) { self.content = (repeat each content) }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        var count = 0
        func countOne<C: View>(_ child: C) { count += 1 }
        repeat countOne(each view.content)
        let group = GroupNode.make(capacity: count, context)
        func make<C: View>(_ child: C) { group.children.append(C._makeNode(child, context)) }
        repeat make(each view.content)
        return group
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: GroupNode.self, for: view) { group in
            var index = 0
            func update<C: View>(_ child: C) {
                group.children[index] = C._updateNode(group.children[index], child, context)
                index += 1
            }
            repeat update(each view.content)
        }
    }
}
