import FrameGrid

/// Nodes of the commonest classes (texts, stacks, groups, composite views,
/// slots, paddings, frames, layers, shapes, spacers), taken apart from kept subtrees, for views of
/// a type never built before.
///
/// `SubtreeRecycler` and `RowRecycler` keep whole subtrees by view type, so
/// the first screen of a new view type (a tab's first visit, a filter's
/// first kind of row) found nothing to reuse although the screen it
/// replaced left hundreds of nodes of the same classes behind: it allocated
/// a dozen objects and buffers a row. Here a node is built from a pooled
/// one of its class when there is one; when a class's pool is empty, one
/// kept subtree (of the recyclers' fullest pool) is taken apart into the
/// pools first, so nodes are only ever built anew when nothing is kept.
///
/// A pooled node was reset (as `prepareForReuse` resets) as it was taken apart
/// and is rebuilt by its class's `make` exactly as a new node is (what
/// `RowRecycler` already relies on when it updates a kept row for a new
/// item), keeping its buffers: a stack its child lists, a text its lines.
/// Subtrees that own `@State` are never kept, so never taken apart.
final class NodePool {
    /// The pooled classes, in `classes`' order: a node's pool is the slot of
    /// its class here (exact class, so a subclass of a pooled class is never
    /// pooled as it). Found by a scan of ten identities rather than a
    /// dictionary: hashing the identity was a fifth of a `put` or `take`.
    private let identities: [ObjectIdentifier]
    // Read and written per node built or taken apart, on the one thread that
    // drives views, and no access spans a call out: the run-time exclusivity
    // checks were two fifths of a `put` (watcha-home's first Search visit
    // took 898 nodes apart: put cost 570k instructions, callgrind).
    @exclusivity(unchecked) private var pools: [[ViewNode]] = []
    private let rows: RowRecycler
    private let subtrees: SubtreeRecycler

    /// Most nodes kept per class (a few screenfuls of rows' nodes).
    static let limit = 512

    /// Blank nodes of each class made with the pool: a host's first screens
    /// (before anything was kept to take apart) build from these. A bounded
    /// reserve made once, when the host first builds its views: 256 of the
    /// classes a card or row has several of (texts, shapes, layers), 128 of
    /// the others, stacks and groups with room for 8 children, texts for 3
    /// lines: under 1 MB. Frames never add to it (`put` only takes nodes
    /// taken apart).
    static let reserve = 128

    /// The classes pooled (those whose `dismantle` puts them here) and how
    /// a blank one is made for the reserve. Each pool has room for the limit
    /// from the start: bounded (512 references a class) and never grown by a frame.
    private static let classes: [(type: ViewNode.Type, blank: () -> ViewNode)] = [
        (TextNode.self, { TextNode(reserved: ()) }),
        (StackNode.self, { StackNode(reserved: ()) }),
        (GroupNode.self, { GroupNode(reserved: ()) }),
        (PaddingNode.self, { PaddingNode(child: ViewNode.detached, insets: EdgeInsets()) }),
        (SpacerNode.self, { SpacerNode(minLength: 0, axis: nil) }),
        (CompositeNode.self, { CompositeNode(reserved: ()) }),
        (SlotNode.self, { SlotNode(child: nil, key: nil, type: nil) }),
        (ShapeNode.self, { ShapeNode(shape: .rectangle, paint: .fill(nil), foreground: nil) }),
        (
            LayerNode.self,
            {
                LayerNode(
                    child: ViewNode.detached, layer: ViewNode.detached,
                    alignment: Alignment(horizontal: .center, vertical: .center), inFront: false)
            }
        ),
        (
            FrameNode.self,
            { FrameNode(child: ViewNode.detached, bounds: FrameBounds(alignment: Alignment(horizontal: .center, vertical: .center))) }
        ),
    ]

    init(rows: RowRecycler, subtrees: SubtreeRecycler) {
        self.rows = rows
        self.subtrees = subtrees
        identities = Self.classes.map { ObjectIdentifier($0.type) }
        for (type, blank) in Self.classes {
            var pool: [ViewNode] = []
            pool.reserveCapacity(Self.limit)
            let many = type == TextNode.self || type == ShapeNode.self || type == LayerNode.self
            for _ in 0..<(many ? 2 * Self.reserve : Self.reserve) { pool.append(blank()) }
            pools.append(pool)
        }
    }

    /// A node of class `N` to rebuild, or nil when none is kept (build a new one).
    func take<N: ViewNode>(_ type: N.Type) -> N? {
        guard let slot = slot(of: ObjectIdentifier(N.self)) else { return refill(N.self, slot: nil) }
        if let node = pools[slot].popLast() { return unsafeDowncast(node, to: N.self) }
        return refill(N.self, slot: slot)
    }

    /// Takes kept subtrees apart until there is a node of class `N` (pooled
    /// in `slot`) or nothing is kept.
    private func refill<N: ViewNode>(_ type: N.Type, slot: Int?) -> N? {
        while let kept = rows.takeSpare() ?? subtrees.takeSpare() {
            kept.dismantle(into: self)
            if let slot, let node = pools[slot].popLast() { return unsafeDowncast(node, to: N.self) }
        }
        return nil
    }

    /// Keeps `node` (reset, no longer in any tree) for a later node of its class.
    /// Only nodes of the pooled classes (`classes`) come here.
    func put(_ node: ViewNode) {
        guard let slot = slot(of: ObjectIdentifier(Swift.type(of: node))), pools[slot].count < Self.limit else {
            return
        }
        pools[slot].append(node)
    }

    /// Where the pool of the class `identity` is, nil for a class not pooled.
    @inline(__always)
    private func slot(of identity: ObjectIdentifier) -> Int? {
        identities.withUnsafeBufferPointer { known in
            for index in known.indices where known[index] == identity { return index }
            return nil
        }
    }
}

extension ViewNode {
    /// What a pooled node points to instead of its old children, so that
    /// nodes of other classes in a subtree taken apart are let go at once
    /// (a lazy stack a scroll position still names weakly among them).
    static let detached = ViewNode()
}

extension BuildContext {
    /// A pooled node of class `N` to rebuild, if the host keeps one.
    func pooled<N: ViewNode>(_ type: N.Type) -> N? { host?.nodes.take(type) }
}
