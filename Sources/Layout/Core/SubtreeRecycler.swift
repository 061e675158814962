/// Subtrees that left the tree without a removal transition (the branch of
/// an `if` that turned false, an optional part that went away, the content
/// of a tab switched away from, the old identity of `.id`), kept by the
/// view type they were built from, so that the next view of that type to
/// appear is an update of an old subtree instead of a new one. Lazy stacks
/// keep their rows apart (`RowRecycler`); this serves what sits between.
///
/// As there, a kept subtree is made to look unplaced first
/// (`prepareForReuse`), so it is laid out, animated and inserted exactly as
/// a new one would be (a preference observer reports its first value
/// again), and subtrees that own `@State` are never kept: state belongs to
/// the identity that made it.
final class SubtreeRecycler {
    /// Where each view type's pool is in `pools`. Only looked up, never
    /// walked, so its hash order cannot change what a frame does; and only
    /// read on a lookup (changing a dictionary's value in place runs a
    /// coroutine whose frame is allocated, on every node built).
    private var slots: [ObjectIdentifier: Int] = [:]
    private var pools: [[ViewNode]] = []

    /// Most subtrees kept per view type (the optional parts of a screenful of rows).
    static let limit = 64

    /// Keeps `node`, a subtree built from a view of type `type` and no
    /// longer in any tree. Lazy stacks in it have given their rows away.
    /// Allocates only when the type's pool is new or grows: allocation-free
    /// after `preparePool(for:)`.
    func donate(_ node: ViewNode, type: ObjectIdentifier) {
        guard node.isReusable() else { return }
        let slot = preparePool(for: type)
        if pools[slot].count >= Self.limit { pools[slot].removeFirst() }
        pools[slot].append(node)
    }

    /// Makes the pool for `type`, with room for the limit, if there is none; returns where it is.
    @discardableResult
    func preparePool(for type: ObjectIdentifier) -> Int {
        if let known = slots[type] { return known }
        let slot = pools.count
        slots[type] = slot
        var pool: [ViewNode] = []
        pool.reserveCapacity(Self.limit)
        pools.append(pool)
        return slot
    }

    /// The oldest subtree of the fullest pool (the first made among equals),
    /// to be taken apart for its nodes (`NodePool`); nil when none is kept.
    func takeSpare() -> ViewNode? {
        var fullest = -1
        var most = 0
        for slot in pools.indices where pools[slot].count > most {
            most = pools[slot].count
            fullest = slot
        }
        guard fullest >= 0 else { return nil }
        return pools[fullest].removeFirst()
    }

    /// The last subtree kept for views of type `type`, ready to be updated.
    func take(type: ObjectIdentifier) -> ViewNode? {
        guard let slot = slots[type], let node = pools[slot].popLast() else { return nil }
        node.prepareForReuse()
        return node
    }
}

extension BuildContext {
    /// The node for `view`: a kept subtree of its type, updated, or a new one.
    @inlinable
    func makeNode<V: View>(_ view: V) -> ViewNode {
        if let kept = keptSubtree(of: ObjectIdentifier(V.self)) { return V._updateNode(kept, view, self) }
        return V._makeNode(view, self)
    }

    /// A kept subtree built from a view of type `type`, ready to be updated.
    @usableFromInline
    func keptSubtree(of type: ObjectIdentifier) -> ViewNode? { host?.subtrees.take(type: type) }

    /// `node` (built from a view of type `type`, when known) left the tree:
    /// retired with its removal transition, if any, else kept for reuse.
    @usableFromInline
    func retire(_ node: ViewNode, builtFrom type: ObjectIdentifier?) {
        host?.retire(node, builtFrom: type, self)
    }
}
