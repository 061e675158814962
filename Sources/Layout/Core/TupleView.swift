import FrameGrid

/// Sibling views written one after another in a builder.
public struct TupleView<each Content: View>: View {
    public typealias Body = Never
    let content: (repeat each Content)

    init(_ content: repeat each Content) { self.content = (repeat each content) }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        // Room for every element at once: appended one by one, the list would grow (and allocate) several times.
        var count = 0
        func countOne<C: View>(_ child: C) { count += 1 }
        repeat countOne(each view.content)
        if let group = context.pooled(GroupNode.self) {
            // Its list (emptied when pooled) is reused.
            group.children.reserveCapacity(count)
            func make<C: View>(_ child: C) {
                let node = C._makeNode(child, context)
                group.children.append(node)
            }
            repeat make(each view.content)
            return group
        }
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(count)
        func make<C: View>(_ child: C) { nodes.append(C._makeNode(child, context)) }
        repeat make(each view.content)
        return GroupNode(children: nodes)
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
