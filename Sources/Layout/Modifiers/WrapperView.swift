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

// Inlinable, as `View._makeNode` is: a modifier's content is built at its own type.
extension _WrapperView {
    @inlinable
    public func contentContext(_ context: BuildContext) -> BuildContext { context }

    @inlinable
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        let child = Content._makeNode(view.content, view.contentContext(context))
        return view.makeWrapper(around: child, context)
    }

    @inlinable
    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: WrapperNodeType.self, for: view) { wrapper in
            wrapper.child = Content._updateNode(wrapper.child, view.content, view.contentContext(context))
            view.update(wrapper, context)
        }
    }
}

/// A node around one child; by default it sizes, places and draws as the child does.
public class WrapperNode: ViewNode {
    // Written by the inlinable builds and updates in the views' modules,
    // where the compiler cannot see every access and checks each one at run
    // time (two fifths of a rebuilt row's runtime calls, callgrind). Set on
    // the one thread that drives views; no access spans a call out. The same
    // holds for the other node fields the inlinable builds write.
    @usableFromInline @exclusivity(unchecked) final var child: ViewNode

    init(child: ViewNode) { self.child = child }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
    override func placeChildren(in rect: Rect, _ context: LayoutContext) { child.place(rect, context) }
    override var layoutPriority: Double { child.layoutPriority }
    override func forEachChild(_ body: (ViewNode) -> Void) { body(child) }
    override func childrenStateIsUnchanged() -> Bool { child.stateIsUnchanged() }
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        child.translate(ifPlacedIn: placementGeneration, x: dx, y: dy, context)
    }
    override func dismantle(into pool: NodePool) {
        resetForReuse()
        child.dismantle(into: pool)
        child = ViewNode.detached
    }
    // Drawing order as `forEachChild`, walked without its closure (callgrind:
    // the walk cost more than small nodes). Subclasses that add children override both.
    override func draw(into grid: inout Grid, _ context: RenderContext) { child.render(into: &grid, context) }
}

/// Content built with changed environment values (colour, font, line limit);
/// no node of its own.
///
/// The modifiers that make it are `@inlinable`, so a view's body in another
/// module builds it specialised: called generically, each modifier looked
/// up its generic type's metadata at run time (a locked hash-map lookup; on
/// watcha-home's page frames, some 15,000 such lookups, callgrind).
///
/// The modifiers are `consuming`: a chain of them (`.frame().padding().background()`)
/// moves each intermediate view into the next instead of copying it and
/// destroying the original (a row's body copied each layer of its chain:
/// a poster card's body was 6,000 instructions, most of them those copies,
/// and a rebuilt Home tab evaluates 172; callgrind).
public struct EnvironmentModifiedView<Content: View>: View {
    public typealias Body = Never
    @usableFromInline let content: Content
    /// What changes, as a value: a closure capturing the colour or limit
    /// would be a heap object made on every evaluation of the body.
    @usableFromInline let change: EnvironmentChange

    @inlinable init(content: Content, change: EnvironmentChange) {
        self.content = content
        self.change = change
    }

    // Inlinable (see `View._makeNode`): the content is built at its own type.
    @inlinable
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        Content._makeNode(view.content, context.applying(view.change))
    }

    @inlinable
    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        Content._updateNode(node, view.content, context.applying(view.change))
    }
}

/// One change to the environment, made by a modifier.
@usableFromInline
enum EnvironmentChange {
    case foreground(Color?)
    case font(Font?)
    case fontWeight(Font.Weight?)
    case addAttributes(Attributes)
    case lineLimit(Int?)

    func apply(to environment: inout EnvironmentValues) {
        switch self {
        case .foreground(let color): environment.foreground = color
        case .font(let font): environment.font = font
        case .fontWeight(let weight): environment.fontWeight = weight
        case .addAttributes(let attributes): environment.attributes.formUnion(attributes)
        case .lineLimit(let lines): environment.lineLimit = lines
        }
    }
}

extension BuildContext {
    /// This context with `change` made to its environment.
    @usableFromInline
    func applying(_ change: EnvironmentChange) -> BuildContext {
        var copy = self
        change.apply(to: &copy.environment)
        return copy
    }
}

extension View {
    /// Text and shapes inside draw in `color`.
    @inlinable public consuming func foregroundColor(_ color: Color?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .foreground(color))
    }

    /// Secondary and tertiary content is dim.
    @inlinable public consuming func foregroundStyle(_ style: HierarchicalStyle) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .addAttributes(style != .primary ? [.dim] : []))
    }

    /// Text and shapes inside draw in `color`.
    @inlinable public consuming func foregroundStyle(_ color: Color) -> EnvironmentModifiedView<Self> {
        foregroundColor(color)
    }

    /// The font of text inside (titles bold, captions dim).
    @inlinable public consuming func font(_ font: Font?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .font(font))
    }

    /// The weight of text inside (semibold and heavier bold, light and thinner dim).
    @inlinable public consuming func fontWeight(_ weight: Font.Weight?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .fontWeight(weight))
    }

    /// Text inside in bold.
    @inlinable public consuming func bold(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .addAttributes(isActive ? [.bold] : []))
    }

    /// Text inside in italics.
    @inlinable public consuming func italic(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .addAttributes(isActive ? [.italic] : []))
    }

    /// Text inside in reverse video (its foreground and background swapped),
    /// as terminal lists mark the selected row.
    @inlinable public consuming func reversed(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .addAttributes(isActive ? [.reverse] : []))
    }

    /// Text inside takes at most `lines` rows, the last cut with "…".
    @inlinable public consuming func lineLimit(_ lines: Int?) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, change: .lineLimit(lines))
    }
}
