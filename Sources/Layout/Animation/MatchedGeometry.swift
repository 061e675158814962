import FrameGrid

/// A view that shares its geometry with another of the same `id` in the
/// same namespace: when one disappears and the other appears in one
/// animated update, the new one moves and resizes from the old one's frame.
public struct MatchedGeometryView<Content: View, ID: Hashable>: _WrapperView {
    public let content: Content
    let key: MatchedGeometryKey

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> MatchedGeometryNode {
        MatchedGeometryNode(child: child, key: key)
    }
    public func update(_ node: MatchedGeometryNode, _ context: BuildContext) { node.key = key }
}

/// Identifies matched views: a namespace and an id within it.
public struct MatchedGeometryKey: Hashable {
    let namespace: Namespace.ID
    let id: AnyHashable
}

/// Engine detail: the node of `.matchedGeometryEffect`; a new one starts
/// from the frame its predecessor with the same key had.
public final class MatchedGeometryNode: WrapperNode {
    var key: MatchedGeometryKey
    private var childPlaced = false

    override func prepareForReuse() {
        childPlaced = false
        super.prepareForReuse()
    }

    init(child: ViewNode, key: MatchedGeometryKey) {
        self.key = key
        super.init(child: child)
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        guard !childPlaced else { return child.place(rect, context) }
        childPlaced = true
        guard let animation = context.animation, let old = context.host?.matchedFrames[key], old != FrameRect(rect)
        else {
            return child.place(rect, context)
        }
        self.animation = FrameAnimation(from: old, to: rect, start: context.time, animation: animation)
        let saved = context.insertion
        context.insertion = InsertionEffect(from: old, to: rect)
        child.place(rect, context)
        context.insertion = saved
    }

    /// Records where matched views are now, before an update moves them.
    static func record(_ node: ViewNode, at time: Double, into frames: inout [MatchedGeometryKey: FrameRect]) {
        record(node, at: time, offsetX: 0, offsetY: 0, into: &frames)
    }

    /// `record` below ancestors that owe a move of (`offsetX`, `offsetY`).
    private static func record(
        _ node: ViewNode, at time: Double, offsetX: Int, offsetY: Int,
        into frames: inout [MatchedGeometryKey: FrameRect]
    ) {
        let x = offsetX + node.owedX
        let y = offsetY + node.owedY
        if let matched = node as? MatchedGeometryNode, matched.hasBeenPlaced {
            var rect = matched.presentedFrame(at: time)
            rect.x += Double(x)
            rect.y += Double(y)
            frames[matched.key] = rect
        }
        node.forEachChild { record($0, at: time, offsetX: x, offsetY: y, into: &frames) }
    }
}

extension View {
    /// Matches this view's geometry with others of the same `id` in `namespace`.
    public consuming func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID)
        -> MatchedGeometryView<Self, ID>
    {
        MatchedGeometryView(content: self, key: MatchedGeometryKey(namespace: namespace, id: AnyHashable(id)))
    }
}
