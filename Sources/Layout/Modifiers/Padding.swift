import FrameGrid

/// Content inset by blank cells on some edges.
///
/// `padding` is `@inlinable` and `consuming` (see `EnvironmentModifiedView`),
/// and so are the node's make and update (see `View._makeNode`).
public struct PaddedView<Content: View>: _WrapperView {
    public let content: Content
    @usableFromInline let insets: EdgeInsets

    @inlinable init(content: Content, insets: EdgeInsets) {
        self.content = content
        self.insets = insets
    }

    @inlinable
    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> PaddingNode {
        PaddingNode.make(around: child, insets: insets, context)
    }
    @inlinable
    public func update(_ node: PaddingNode, _ context: BuildContext) { node.insets = insets }
}

/// Cells of space on each edge.
public struct EdgeInsets: Equatable, Sendable {
    public var top, leading, bottom, trailing: Int
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    @usableFromInline init(_ edges: Edge.Set, _ length: Int) {
        self.init(
            top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }
    var horizontal: Int { leading + trailing }
    var vertical: Int { top + bottom }
}

/// Engine detail: the node of `.padding`; insets the proposal and the child's frame.
public final class PaddingNode: WrapperNode {
    @usableFromInline @exclusivity(unchecked) var insets: EdgeInsets

    init(child: ViewNode, insets: EdgeInsets) {
        self.insets = insets
        super.init(child: child)
    }

    /// The node of a padding around `child`: a pooled one rebuilt, or a new one.
    @usableFromInline
    static func make(around child: ViewNode, insets: EdgeInsets, _ context: BuildContext) -> PaddingNode {
        guard let node = context.pooled(PaddingNode.self) else { return PaddingNode(child: child, insets: insets) }
        node.child = child
        node.insets = insets
        return node
    }

    override func dismantle(into pool: NodePool) {
        super.dismantle(into: pool)
        pool.put(self)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let inner = ProposedSize(
            width: proposal.width.map { max(0, $0 - insets.horizontal) },
            height: proposal.height.map { max(0, $0 - insets.vertical) })
        let size = child.sizeThatFits(inner)
        return Size(cols: size.cols + insets.horizontal, rows: size.rows + insets.vertical)
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        child.place(
            Rect(
                x: rect.x + insets.leading, y: rect.y + insets.top,
                width: rect.width - insets.horizontal, height: rect.height - insets.vertical), context)
    }
}

extension View {
    /// One cell of space on every edge (a terminal's nearest to SwiftUI's default).
    @inlinable public consuming func padding() -> PaddedView<Self> { padding(.all, 1) }
    /// `length` cells on every edge.
    @inlinable public consuming func padding(_ length: Int) -> PaddedView<Self> { padding(.all, length) }
    /// `length` cells (default 1) on the given edges.
    @inlinable public consuming func padding(_ edges: Edge.Set, _ length: Int? = nil) -> PaddedView<Self> {
        PaddedView(content: self, insets: EdgeInsets(edges, length ?? 1))
    }
    /// Explicit insets.
    @inlinable public consuming func padding(_ insets: EdgeInsets) -> PaddedView<Self> {
        PaddedView(content: self, insets: insets)
    }
}
