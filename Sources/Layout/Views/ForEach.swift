import FrameGrid

/// One view per element of a collection, identified by `id`: on an update,
/// elements whose id is still there keep their nodes (and state), new ones
/// are built (with their insertion transition) and gone ones retired.
///
/// For millions of items use a lazy stack over a `LazyDataSource` instead:
/// `ForEach` builds a node for every element.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public typealias Body = Never
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.id = id
        self.content = content
    }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        let node = ForEachNode<ID>(children: [])
        for element in view.data {
            node.children.append(Content._makeNode(view.content(element), context))
            node.ids.append(element[keyPath: view.id])
        }
        return node
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: ForEachNode<ID>.self, for: view) { node in
            var old = [ID: ViewNode](minimumCapacity: node.ids.count)
            for (id, child) in zip(node.ids, node.children) { old[id] = child }
            node.children.removeAll(keepingCapacity: true)
            node.ids.removeAll(keepingCapacity: true)
            for element in view.data {
                let id = element[keyPath: view.id]
                let child: ViewNode
                if let existing = old.removeValue(forKey: id) {
                    child = Content._updateNode(existing, view.content(element), context)
                } else {
                    child = Content._makeNode(view.content(element), context)
                }
                node.children.append(child)
                node.ids.append(id)
            }
            for gone in old.values { context.host?.retire(gone, context) }
        }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One view per integer in `range`, identified by the integer.
    public init(_ range: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(range, id: \.self, content: content)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

final class ForEachNode<ID: Hashable>: GroupNode {
    var ids: [ID] = []
}
