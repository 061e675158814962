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
        MatchedGeometryRecording.placements &+= 1
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
    /// Only the placed ones count, so subtrees known to hold none placed
    /// (lazy rows not marked: `forEachChildHoldingMatchedGeometry`) are not walked.
    static func record(_ node: ViewNode, at time: Double, into frames: inout [MatchedGeometryKey: FrameRect]) {
        record(node, at: time, offsetX: 0, offsetY: 0, into: &frames)
    }

    /// `record` below ancestors that owe a move of (`offsetX`, `offsetY`).
    private static func record(
        _ node: ViewNode, at time: Double, offsetX: Int, offsetY: Int,
        into frames: inout [MatchedGeometryKey: FrameRect]
    ) {
        MatchedGeometryRecording.nodesVisited &+= 1
        let x = offsetX + node.owedX
        let y = offsetY + node.owedY
        if let matched = node as? MatchedGeometryNode, matched.hasBeenPlaced {
            var rect = matched.presentedFrame(at: time)
            rect.x += Double(x)
            rect.y += Double(y)
            frames[matched.key] = rect
        }
        node.forEachChildHoldingMatchedGeometry { record($0, at: time, offsetX: x, offsetY: y, into: &frames) }
    }
}

/// How matched frames are recorded before an animated update
/// (`MatchedGeometryNode.record`): a switch and counts for tests, on the one
/// thread that drives views.
public enum MatchedGeometryRecording {
    /// Whether lazy stacks hand the walk only their rows marked as holding a
    /// placed matched-geometry node (default true); off, every row is
    /// walked, as before. Tests compare every frame of the scenes both ways.
    @exclusivity(unchecked) nonisolated(unsafe) public static var skipsUnmarkedRows = true
    /// Nodes the walk visited, since the process started.
    @exclusivity(unchecked) nonisolated(unsafe) public static var nodesVisited = 0
    /// Full placements of matched-geometry nodes, since the process started:
    /// a lazy stack compares it before and after placing a row to mark the
    /// rows that hold one (`ViewNode.holdsPlacedMatchedGeometry`).
    @exclusivity(unchecked) nonisolated(unsafe) static var placements: UInt64 = 0
}

extension View {
    /// Matches this view's geometry with others of the same `id` in `namespace`.
    public consuming func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID)
        -> MatchedGeometryView<Self, ID>
    {
        MatchedGeometryView(content: self, key: MatchedGeometryKey(namespace: namespace, id: AnyHashable(id)))
    }
}
