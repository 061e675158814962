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
        forEachElement(of: view.data) { element in
            node.children.append(context.makeNode(view.content(element)))
            node.ids.append(element[keyPath: view.id])
        }
        return node
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: ForEachNode<ID>.self, for: view) { node in
            if sameIDs(view, node.ids) {
                // The usual update: the same elements in the same order update in place (no lookups, no allocation).
                var slot = 0
                forEachElement(of: view.data) { element in
                    node.children[slot] = Content._updateNode(node.children[slot], view.content(element), context)
                    slot += 1
                }
                return
            }
            var old = [ID: ViewNode](minimumCapacity: node.ids.count)
            for slot in node.ids.indices { old[node.ids[slot]] = node.children[slot] }
            var children: [ViewNode] = []
            var ids: [ID] = []
            children.reserveCapacity(view.data.count)
            ids.reserveCapacity(view.data.count)
            forEachElement(of: view.data) { element in
                let id = element[keyPath: view.id]
                let child: ViewNode
                if let existing = old.removeValue(forKey: id) {
                    child = Content._updateNode(existing, view.content(element), context)
                } else {
                    child = context.makeNode(view.content(element))
                }
                children.append(child)
                ids.append(id)
            }
            // Gone elements retire in the order they were shown, not in the
            // dictionary's (hash) order: their removal motions draw in that order.
            for slot in node.ids.indices where old[node.ids[slot]] === node.children[slot] {
                old[node.ids[slot]] = nil
                context.retire(node.children[slot], builtFrom: ObjectIdentifier(Content.self))
            }
            node.children = children
            node.ids = ids
        }
    }

    /// Whether `view` shows elements with exactly `ids`, in that order.
    private static func sameIDs(_ view: Self, _ ids: [ID]) -> Bool {
        guard view.data.count == ids.count else { return false }
        var slot = 0
        var same = true
        forEachElement(of: view.data) { element in
            if same && element[keyPath: view.id] != ids[slot] { same = false }
            slot += 1
        }
        return same
    }

    /// Calls `body` with each element of `data`. This code is not
    /// specialized for the scenes' collections, and reading an element
    /// through `Collection`'s subscript (which a `for` loop does) runs a
    /// coroutine that allocates its frame: one allocation per element on
    /// every update. Arrays are read through their storage and integer
    /// ranges counted, which allocates nothing; other collections go by index.
    private static func forEachElement(of data: Data, _ body: (Data.Element) -> Void) {
        if Data.self == Range<Int>.self {
            // The same type, so the casts reinterpret nothing.
            for value in unsafeBitCast(data, to: Range<Int>.self) { body(unsafeBitCast(value, to: Data.Element.self)) }
            return
        }
        let contiguous: Void? = data.withContiguousStorageIfAvailable { elements in
            for element in elements { body(element) }
        }
        if contiguous != nil { return }
        var index = data.startIndex
        let end = data.endIndex
        while index != end {
            body(data[index])
            data.formIndex(after: &index)
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
