import FrameGrid

/// Engine detail: a modifier that wraps its content in one node of type
/// `WrapperNodeType`. Conformers say how to make and update that node.
public protocol _WrapperView: View where Body == Never {
    associatedtype Content: View
    associatedtype WrapperNodeType: WrapperNode
    var content: Content { get }
    func makeWrapper(around child: ViewNode, _ context: BuildContext) -> WrapperNodeType
    func update(_ node: WrapperNodeType, _ context: BuildContext)
    /// The context the content is built in (default: unchanged).
    func contentContext(_ context: BuildContext) -> BuildContext
}

extension _WrapperView {
    public func contentContext(_ context: BuildContext) -> BuildContext { context }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        let child = Content._makeNode(view.content, view.contentContext(context))
        return view.makeWrapper(around: child, context)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: WrapperNodeType.self, for: view) { wrapper in
            wrapper.child = Content._updateNode(wrapper.child, view.content, view.contentContext(context))
            view.update(wrapper, context)
        }
    }
}

/// A node around one child; by default it sizes, places and draws as the child does.
public class WrapperNode: ViewNode {
    final var child: ViewNode

    init(child: ViewNode) { self.child = child }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
    override func placeChildren(in rect: Rect, _ context: LayoutContext) { child.place(rect, context) }
    override var layoutPriority: Double { child.layoutPriority }
    override func forEachChild(_ body: (ViewNode) -> Void) { body(child) }
}

/// Content built with changed environment values (colour, font, line limit);
/// no node of its own.
public struct EnvironmentModifiedView<Content: View>: View {
    public typealias Body = Never
    let content: Content
    let change: (inout EnvironmentValues) -> Void

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        Content._makeNode(view.content, context.with(view.change))
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        Content._updateNode(node, view.content, context.with(view.change))
    }
}

extension View {
    /// Text and shapes inside draw in `color`.
    public func foregroundColor(_ color: Color?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { $0.foreground = color }
    }

    /// Secondary and tertiary content is dim.
    public func foregroundStyle(_ style: HierarchicalStyle) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { if style != .primary { $0.attributes.insert(.dim) } }
    }

    /// Text and shapes inside draw in `color`.
    public func foregroundStyle(_ color: Color) -> EnvironmentModifiedView<Self> { foregroundColor(color) }

    /// The font of text inside (titles bold, captions dim).
    public func font(_ font: Font?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { $0.font = font }
    }

    /// The weight of text inside (semibold and heavier bold, light and thinner dim).
    public func fontWeight(_ weight: Font.Weight?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { $0.fontWeight = weight }
    }

    /// Text inside in bold.
    public func bold(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { if isActive { $0.attributes.insert(.bold) } }
    }

    /// Text inside in italics.
    public func italic(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { if isActive { $0.attributes.insert(.italic) } }
    }

    /// Text inside takes at most `lines` rows, the last cut with "…".
    public func lineLimit(_ lines: Int?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { $0.lineLimit = lines }
    }
}
