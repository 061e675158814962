import FrameGrid

/// Content in a frame of fixed or bounded size, aligned inside it.
///
/// Fixed: an axis with a set length takes it, and offers it to the content.
/// Flexible: the proposal is clamped to [min, max] and offered to the
/// content; the frame takes the content's size clamped to [min, max], grown
/// towards the proposal when a max is set (so `maxWidth: .infinity` fills),
/// and its ideal length when the proposal asks for ideal sizes.
///
/// `frame` and the node's make and update are `@inlinable` (see `View._makeNode`).
public struct FramedView<Content: View>: _WrapperView {
    public let content: Content
    @usableFromInline let bounds: FrameBounds

    @inlinable init(content: Content, bounds: FrameBounds) {
        self.content = content
        self.bounds = bounds
    }

    @inlinable
    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> FrameNode {
        FrameNode.make(around: child, bounds: bounds, context)
    }
    @inlinable
    public func update(_ node: FrameNode, _ context: BuildContext) { node.bounds = bounds }
}

@usableFromInline
struct FrameBounds: Equatable {
    var minWidth, idealWidth, maxWidth: Int?
    var minHeight, idealHeight, maxHeight: Int?
    var alignment: Alignment

    /// The length on one axis for `proposed`, given the child's answer.
    static func resolve(_ proposed: Int?, child: Int, min: Int?, ideal: Int?, max: Int?) -> Int {
        if let min, let max, min == max { return min }
        guard let proposed else {
            if let ideal { return clamp(ideal, min, max) }
            return clamp(child, min, max)
        }
        var length = clamp(child, min, max)
        if let max, proposed > length { length = Swift.min(proposed, max) }
        return length
    }

    static func clamp(_ value: Int, _ min: Int?, _ max: Int?) -> Int {
        var value = value
        if let max { value = Swift.min(value, max) }
        if let min { value = Swift.max(value, min) }
        return value
    }

    static func clampProposal(_ proposed: Int?, min: Int?, ideal: Int?, max: Int?) -> Int? {
        if let min, let max, min == max { return min }
        guard let proposed else { return ideal }
        return clamp(proposed, min, max)
    }
}

extension FrameBounds {
    /// Every bound: the memberwise initialiser, for the inlinable `frame` modifiers.
    @usableFromInline
    static func bounding(
        minWidth: Int?, idealWidth: Int?, maxWidth: Int?, minHeight: Int?, idealHeight: Int?, maxHeight: Int?,
        alignment: Alignment
    ) -> FrameBounds {
        FrameBounds(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
            idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)
    }
}

/// Engine detail: the node of `.frame`; see `FramedView` for the sizing rules.
public final class FrameNode: WrapperNode {
    @usableFromInline @exclusivity(unchecked) var bounds: FrameBounds

    init(child: ViewNode, bounds: FrameBounds) {
        self.bounds = bounds
        super.init(child: child)
    }

    /// The node of a frame around `child`: a pooled one rebuilt, or a new one.
    @usableFromInline
    static func make(around child: ViewNode, bounds: FrameBounds, _ context: BuildContext) -> FrameNode {
        guard let node = context.pooled(FrameNode.self) else { return FrameNode(child: child, bounds: bounds) }
        node.child = child
        node.bounds = bounds
        return node
    }

    override func dismantle(into pool: NodePool) {
        super.dismantle(into: pool)
        pool.put(self)
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(
            width: FrameBounds.clampProposal(
                proposal.width, min: bounds.minWidth, ideal: bounds.idealWidth, max: bounds.maxWidth),
            height: FrameBounds.clampProposal(
                proposal.height, min: bounds.minHeight, ideal: bounds.idealHeight, max: bounds.maxHeight))
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let size = child.sizeThatFits(childProposal(proposal))
        return Size(
            cols: FrameBounds.resolve(
                proposal.width, child: size.cols, min: bounds.minWidth, ideal: bounds.idealWidth, max: bounds.maxWidth),
            rows: FrameBounds.resolve(
                proposal.height, child: size.rows, min: bounds.minHeight, ideal: bounds.idealHeight,
                max: bounds.maxHeight))
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        let size = child.sizeThatFits(childProposal(ProposedSize(rect.size)))
        let origin = bounds.alignment.origin(of: size, in: rect)
        child.place(Rect(x: origin.x, y: origin.y, width: size.cols, height: size.rows), context)
    }
}

extension View {
    /// A fixed width and/or height (nil leaves that axis to the content).
    @inlinable public consuming func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center)
        -> FramedView<Self>
    {
        FramedView(
            content: self,
            bounds: FrameBounds.bounding(
                minWidth: width, idealWidth: width, maxWidth: width, minHeight: height, idealHeight: height,
                maxHeight: height, alignment: alignment))
    }

    /// Bounds on the width and height; `.infinity` as a max fills the proposal.
    @inlinable public consuming func frame(
        minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
        minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
        alignment: Alignment = .center
    ) -> FramedView<Self> {
        FramedView(
            content: self,
            bounds: FrameBounds.bounding(
                minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
