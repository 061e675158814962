import FrameGrid

/// Content laid out without the animation of the update in progress (as
/// SwiftUI's `.transaction { $0.animation = nil }`): its frames jump to
/// where they go while the views around it animate. A scroll view's rows
/// use it so that a scroll made in the same update as an animated change
/// of the screen around them moves them at once instead of springing.
public struct AnimationsDisabledView<Content: View>: _WrapperView {
    public let content: Content
    let isDisabled: Bool

    public func makeWrapper(around child: ViewNode, _ context: BuildContext) -> AnimationsDisabledNode {
        AnimationsDisabledNode(child: child, isDisabled: isDisabled)
    }
    public func update(_ node: AnimationsDisabledNode, _ context: BuildContext) { node.isDisabled = isDisabled }
}

/// Engine detail: the node of `.animationsDisabled()`; places its child with no animation.
public final class AnimationsDisabledNode: WrapperNode {
    var isDisabled: Bool

    init(child: ViewNode, isDisabled: Bool) {
        self.isDisabled = isDisabled
        super.init(child: child)
    }

    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        guard isDisabled else { return child.place(rect, context) }
        let saved = (context.animation, context.insertion)
        context.animation = nil
        context.insertion = nil
        child.place(rect, context)
        (context.animation, context.insertion) = saved
    }
}

extension View {
    /// Lays this view out without animation, even inside `withAnimation`
    /// (when `isDisabled`; false animates as usual).
    public consuming func animationsDisabled(_ isDisabled: Bool = true) -> AnimationsDisabledView<Self> {
        AnimationsDisabledView(content: self, isDisabled: isDisabled)
    }
}
