import FrameGrid

/// A piece of a screen, described as a value: the SwiftUI model on a terminal.
///
/// A view either composes other views in `body` (most views you write), or is
/// a primitive the engine knows how to lay out and draw (`Text`, stacks,
/// shapes, modifiers); primitives have `Body == Never`.
///
/// Views are cheap descriptions. The engine turns them into a retained tree of
/// nodes (see `ViewHost`) and, when the screen's state changes, updates that
/// tree in place: nodes keep their identity, so rows that stay on screen and
/// views that animate are not rebuilt.
public protocol View {
    associatedtype Body: View
    /// The views this one is made of.
    @ViewBuilder var body: Body { get }

    /// Engine hook: builds the retained node for `view`. Leave the default.
    static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode
    /// Engine hook: updates `node` (built from a view of this type) to show
    /// `view`; returns the node to keep (a new one when `node` could not be reused).
    static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode
}

// The defaults, and the build and update of the primitive views, are
// `@inlinable`: a view of another module (a scene's `PosterCard`) then builds
// its whole body specialised, from its own conformance down to the texts.
// Called generically, every layer of a body (each modifier, stack and tuple)
// looked its generic type's metadata and witness tables up at run time and
// copied its values through value witnesses: a poster card cost ~25,000
// instructions to build (watcha-home, the Home tab rebuilt; callgrind).
extension View {
    @inlinable
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        CompositeNode.make(view, context)
    }

    @inlinable
    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        guard let composite = node as? CompositeNode, composite.shows(Self.self) else {
            return context.replace(node, with: view)
        }
        composite.update(view, context)
        return composite
    }
}

extension View where Body == Never {
    /// Primitive views have no body; the engine never asks for it.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

extension Never: View {
    public typealias Body = Never
}

/// A view that shows nothing and takes no space.
public struct EmptyView: View {
    public typealias Body = Never
    public init() {}

    public static func _makeNode(_ view: EmptyView, _ context: BuildContext) -> ViewNode { GroupNode(children: []) }
    public static func _updateNode(_ node: ViewNode, _ view: EmptyView, _ context: BuildContext) -> ViewNode { node }
}

/// Helpers for primitive views whose node class is `N`.
extension BuildContext {
    /// `node` as `N`, or a fresh node for `view` when the tree's shape changed.
    ///
    /// Always inlined: called out of line, it takes `V`'s metadata as an
    /// argument, and for a generic view (`VStack<Content>`, `TupleView<each
    /// Content>`) the caller looks that up at run time on every update,
    /// though only `replace` (the rare branch) needs it.
    @inlinable @inline(__always)
    func reuse<N: ViewNode, V: View>(_ node: ViewNode, as type: N.Type, for view: V, _ update: (N) -> Void) -> ViewNode
    {
        guard let typed = node as? N else { return replace(node, with: view) }
        update(typed)
        return typed
    }

    /// Retires `node` (with its removal transition, if any) and builds `view` in its place.
    @usableFromInline @inline(never)
    func replace<V: View>(_ node: ViewNode, with view: V) -> ViewNode {
        host?.retire(node, builtFrom: nil, self)
        return makeNode(view)
    }
}
