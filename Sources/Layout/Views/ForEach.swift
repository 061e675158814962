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
        node.children.reserveCapacity(view.data.count)
        node.ids.reserveCapacity(view.data.count)
        for element in view.data {
            node.children.append(Content._makeNode(view.content(element), context))
            node.ids.append(element[keyPath: view.id])
        }
        return node
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: ForEachNode<ID>.self, for: view) { node in
            if sameIDs(view, node.ids) {
                // The usual update: the same elements in the same order update in place (no lookups, no allocation).
                var slot = 0
                for element in view.data {
                    node.children[slot] = Content._updateNode(node.children[slot], view.content(element), context)
                    slot += 1
                }
                return
            }
            var old = [ID: ViewNode](minimumCapacity: node.ids.count)
            for (id, child) in zip(node.ids, node.children) { old[id] = child }
            var children: [ViewNode] = []
            var ids: [ID] = []
            children.reserveCapacity(view.data.count)
            ids.reserveCapacity(view.data.count)
            for element in view.data {
                let id = element[keyPath: view.id]
                let child: ViewNode
                if let existing = old.removeValue(forKey: id) {
                    child = Content._updateNode(existing, view.content(element), context)
                } else {
                    child = Content._makeNode(view.content(element), context)
                }
                children.append(child)
                ids.append(id)
            }
            // Gone elements retire in the order they were shown, not in the
            // dictionary's (hash) order: their removal motions draw in that order.
            for (id, child) in zip(node.ids, node.children) where old[id] === child {
                old[id] = nil
                context.host?.retire(child, context)
            }
            node.children = children
            node.ids = ids
        }
    }

    /// Whether `view` shows elements with exactly `ids`, in that order.
    private static func sameIDs(_ view: Self, _ ids: [ID]) -> Bool {
        guard view.data.count == ids.count else { return false }
        var slot = 0
        for element in view.data {
            if element[keyPath: view.id] != ids[slot] { return false }
            slot += 1
        }
        return true
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
