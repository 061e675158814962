import FrameGrid

/// A viewport onto content longer than it along one axis, scrolled by a
/// `ScrollPosition`. It takes all the space it is offered; its content is
/// offered the viewport's width (vertical) or height (horizontal) and its
/// ideal length, and is clipped to the viewport.
///
/// When the content is a lazy stack, the stack lays itself out around the
/// position's anchor instead, building only the rows in view. Every scroll
/// view reports its offset as `ScrollOffsetPreferenceKey`.
///
/// One axis at a time: `[.horizontal, .vertical]` scrolls vertically. A
/// lazy stack drives the whole viewport, so views beside it in the scroll
/// view's content (a header above the rows) stay put rather than scroll;
/// put such a header outside the scroll view, or make it a row.
public struct ScrollView<Content: View>: View {
    public typealias Body = Never
    let content: Content
    let axis: Axis
    let position: ScrollPosition?

    /// - Parameters:
    ///   - axes: `.vertical` (default) or `.horizontal`.
    ///   - position: the scroll state to follow; nil keeps one of its own.
    public init(_ axes: Axis.Set = .vertical, position: ScrollPosition? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
        axis = axes.contains(.vertical) ? .vertical : .horizontal
        self.position = position
    }

    func contentContext(_ context: BuildContext) -> BuildContext {
        context.with {
            $0.scrollPosition = position
            $0.scrollAxis = axis
            $0.stackAxis = nil
        }
    }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        // The position must exist before the content is built, so a lazy stack can find it.
        let position = view.position ?? ScrollPosition()
        let inner = view.contentContext(context).with { $0.scrollPosition = position }
        let child = Content._makeNode(view.content, inner)
        return ScrollViewNode(child: child, axis: view.axis, position: position)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        guard let scroll = node as? ScrollViewNode, scroll.axis == view.axis else {
            return context.replace(node, with: view)
        }
        if let position = view.position { scroll.position = position }
        let inner = view.contentContext(context).with { $0.scrollPosition = scroll.position }
        scroll.child = Content._updateNode(scroll.child, view.content, inner)
        return scroll
    }
}

/// Engine detail: the node of `ScrollView`; clips its content to the viewport
/// and offsets it (or lets a lazy stack lay itself out around the anchor).
public final class ScrollViewNode: WrapperNode, PreferenceReporting {
    let axis: Axis
    var position: ScrollPosition

    init(child: ViewNode, axis: Axis, position: ScrollPosition) {
        self.axis = axis
        self.position = position
        super.init(child: child)
    }

    private var isLazy: Bool { position.lazyTarget != nil }

    override func measure(_ proposal: ProposedSize) -> Size {
        if let width = proposal.width, let height = proposal.height { return Size(cols: width, rows: height) }
        let content = child.sizeThatFits(contentProposal(proposal))
        return Size(cols: proposal.width ?? content.cols, rows: proposal.height ?? content.rows)
    }

    private func contentProposal(_ proposal: ProposedSize) -> ProposedSize {
        axis == .vertical
            ? ProposedSize(width: proposal.width, height: nil) : ProposedSize(width: nil, height: proposal.height)
    }

    override var placesChildrenByState: Bool { true }
    /// The position's request count when this node last placed its content.
    private var placedRequests: UInt64?
    override var placementIsCurrent: Bool { placedRequests == position.requests }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        placedRequests = position.requests
        position.viewportLength = rect.size.value(axis)
        if isLazy {
            child.place(rect, context)
            return
        }
        let content = child.sizeThatFits(contentProposal(ProposedSize(rect.size)))
        let length = content.value(axis)
        var offset = position.pendingOffset ?? position.offset
        offset += position.pendingDelta
        position.pendingOffset = nil
        position.pendingDelta = 0
        position.pendingAnchor = nil
        offset = max(0, min(offset, length - rect.size.value(axis)))
        position.offset = offset
        position.contentLength = length
        position.isAtEnd = offset >= length - rect.size.value(axis)
        if axis == .vertical {
            child.place(Rect(x: rect.x, y: rect.y - offset, width: rect.width, height: length), context)
        } else {
            child.place(Rect(x: rect.x - offset, y: rect.y, width: length, height: rect.height), context)
        }
    }

    // Its content is clipped to its frame.
    override var drawsAtPresentedFrame: Bool { true }

    override func addRows(presentedAt frame: FrameRect, to drawn: inout DrawnRows, _ context: RenderContext) {
        let rect = ViewNode.drawnRect(frame, context)
        if !rect.isEmpty { drawn.add(rect.y, rect.maxY, by: self) }
    }

    override func draw(into grid: inout Grid, _ context: RenderContext) {
        var inner = context
        inner.clip = context.clip.intersection(presentedRect(context))
        child.render(into: &grid, inner)
    }

    override var reportsPreferences: Bool { true }

    func reportedValue<K: PreferenceKey>(for key: K.Type) -> K.Value? {
        guard K.self == ScrollOffsetPreferenceKey.self else { return nil }
        // K is ScrollOffsetPreferenceKey, so K.Value is Int: a bit cast, not a
        // dynamic cast (which looks up bridging conformances on every call).
        return unsafeBitCast(position.offset, to: K.Value.self)
    }

    /// Scroll views inside this one report their own offsets, not this one's.
    func hidesDescendants<K: PreferenceKey>(for key: K.Type) -> Bool { K.self == ScrollOffsetPreferenceKey.self }
}
