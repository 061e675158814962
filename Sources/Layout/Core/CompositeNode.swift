import FrameGrid

/// The node of a view defined by its `body`: it holds the body's node and
/// is otherwise transparent to layout. It also owns the view's `@State`
/// storage, so state survives the view value being recreated on each update.
///
/// One class for every view type (the type is a field, checked by updates):
/// a composite node taken apart (`NodePool`) serves any view type, and an
/// update casts to a plain class instead of instantiating generic metadata.
@usableFromInline
final class CompositeNode: ViewNode {
    /// The type of the view this node shows.
    @usableFromInline @exclusivity(unchecked) private(set) var viewType: ObjectIdentifier
    @usableFromInline @exclusivity(unchecked) var child: ViewNode
    /// Persistent storage of the view's `@State` properties, in declaration order.
    private var storages: [AnyObject] = []

    /// A blank node for a `NodePool`'s reserve.
    init(reserved: Void) {
        viewType = ObjectIdentifier(Never.self)
        child = ViewNode.detached
        super.init()
    }

    /// The node of `view`: a pooled one rebuilt, or a new one.
    ///
    /// Inlinable (see `View._makeNode`): the body is built at its own type.
    @inlinable
    static func make<V: View>(_ view: V, _ context: BuildContext) -> CompositeNode {
        let node = holding(view, context)
        node.child = V.Body._makeNode(view.body, context)
        return node
    }

    /// A pooled node, or a new one, for a view of type `V`, holding `view`'s
    /// state (its child not built yet). Out of line: generic only in what
    /// it reads once per build (the type, the state fields by reflection).
    @usableFromInline
    static func holding<V: View>(_ view: V, _ context: BuildContext) -> CompositeNode {
        let node = context.pooled(CompositeNode.self) ?? CompositeNode(reserved: ())
        node.viewType = ObjectIdentifier(V.self)
        // Reflection only runs when a view is built or updated, never on frames that only draw.
        // Pooled composites own no state (`dismantle`), so `storages` is empty here.
        StateSlots.forEach(in: view) { node.storages.append($0.makeStorage(host: context.host)) }
        return node
    }

    /// Whether this node shows views of type `V` (else an update replaces it).
    @inlinable
    func shows<V: View>(_ type: V.Type) -> Bool { viewType == ObjectIdentifier(V.self) }

    @inlinable
    func update<V: View>(_ view: V, _ context: BuildContext) {
        if ownsState { linkState(of: view) }
        child = V.Body._updateNode(child, view.body, context)
    }

    /// Whether the view shown has `@State` (linked to this node's storage on every update).
    @usableFromInline
    var ownsState: Bool { !storages.isEmpty }

    /// Points `view`'s `@State` properties at this node's storage.
    @usableFromInline
    func linkState<V: View>(of view: V) {
        var index = 0
        StateSlots.forEach(in: view) { slot in
            slot.link(storages[index])
            index += 1
        }
    }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
    override func placeChildren(in rect: Rect, _ context: LayoutContext) { child.place(rect, context) }
    override var layoutPriority: Double { child.layoutPriority }
    override func appendLayoutChildren(_ list: inout [ViewNode]) { child.appendLayoutChildren(&list) }
    override func forEachChild(_ body: (ViewNode) -> Void) { body(child) }
    override func childrenStateIsUnchanged() -> Bool { child.stateIsUnchanged() }
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        child.translate(ifPlacedIn: placementGeneration, x: dx, y: dy, context)
    }
    // Drawing order as `forEachChild`, walked without its closure (callgrind: the walk cost more than small nodes).
    override func draw(into grid: inout Grid, _ context: RenderContext) { child.render(into: &grid, context) }
    override func isReusable() -> Bool { storages.isEmpty && child.isReusable() }
    override func dismantle(into pool: NodePool) {
        resetForReuse()
        child.dismantle(into: pool)
        child = ViewNode.detached
        if storages.isEmpty { pool.put(self) }
    }
}

/// What a slot's child was built for. A branch is a plain number: the
/// slots of `if`s and optional parts are updated for every node of every
/// row, and an `AnyHashable` made and compared there cost ~780 instructions
/// a slot (its conversion looks for a custom representation at run time):
/// 1.2-1.4% of a frame that builds a screen of rows (callgrind).
@usableFromInline
enum SlotKey: Equatable {
    /// The branch of an `if`/`else` (0, 1) or of an optional part (0: none, 1: some).
    case branch(Int)
    /// The view type an `AnyView` wrapped.
    case type(ObjectIdentifier)
    /// An explicit identity (`.id`).
    case identity(AnyHashable)
}

/// A node with zero or one child that is transparent to layout: used for
/// optional content, `if`/`else`, `AnyView` and `.id`.
@usableFromInline
final class SlotNode: ViewNode {
    @usableFromInline @exclusivity(unchecked) var child: ViewNode?
    /// Which branch, view type or identity the child was built for.
    @usableFromInline @exclusivity(unchecked) var key: SlotKey?
    /// The view type the child was built from (what it can be reused for once retired).
    @usableFromInline @exclusivity(unchecked) var childType: ObjectIdentifier?

    init(child: ViewNode?, key: SlotKey?, type: ObjectIdentifier?) {
        self.child = child
        self.key = key
        childType = child == nil ? nil : type
    }

    /// The slot for `view` (nil: empty), its child a kept subtree of the view's type when there is one;
    /// a pooled slot rebuilt, or a new one.
    @inlinable
    static func make<V: View>(_ view: V?, key: SlotKey?, _ context: BuildContext) -> SlotNode {
        let node = blank(context)
        node.child = view.map { context.makeNode($0) }
        node.key = key
        node.childType = view == nil ? nil : ObjectIdentifier(V.self)
        return node
    }

    /// A pooled slot, or a new one, to build a slot in.
    @usableFromInline
    static func blank(_ context: BuildContext) -> SlotNode {
        context.pooled(SlotNode.self) ?? SlotNode(child: nil, key: nil, type: nil)
    }

    /// Updates the child when `key` matches, otherwise retires it (kept for
    /// a later view of its type) and builds anew (from a kept subtree of this
    /// view's type, if any).
    @inlinable
    func update<V: View>(_ view: V?, key: SlotKey?, _ context: BuildContext) {
        if let current = child, let view, key == self.key {
            child = V._updateNode(current, view, context)
        } else {
            if let current = child { context.retire(current, builtFrom: childType) }
            child = view.map { context.makeNode($0) }
            childType = view == nil ? nil : ObjectIdentifier(V.self)
        }
        self.key = key
    }

    /// The child, if any, as an unretained reference: `child?.f()` retained
    /// and released it around every call (watcha-home: 19M of its
    /// instructions over 2,000 frames in `draw` alone, callgrind). Only for
    /// calls that never replace the child (measuring, placing, drawing).
    private var unretainedChild: Unmanaged<ViewNode>? {
        @inline(__always) get { child.map { Unmanaged.passUnretained($0) } }
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        unretainedChild?._withUnsafeGuaranteedRef { $0.sizeThatFits(proposal) } ?? .zero
    }
    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        unretainedChild?._withUnsafeGuaranteedRef { $0.place(rect, context) }
    }
    override var layoutPriority: Double { child?.layoutPriority ?? 0 }
    override func appendLayoutChildren(_ list: inout [ViewNode]) { child?.appendLayoutChildren(&list) }
    override func forEachChild(_ body: (ViewNode) -> Void) { if let child { body(child) } }
    override func childrenStateIsUnchanged() -> Bool {
        unretainedChild?._withUnsafeGuaranteedRef { $0.stateIsUnchanged() } ?? true
    }
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        child?.translate(ifPlacedIn: placementGeneration, x: dx, y: dy, context)
    }
    override func dismantle(into pool: NodePool) {
        resetForReuse()
        child?.dismantle(into: pool)
        child = nil
        key = nil
        pool.put(self)
    }
    // Drawing order as `forEachChild`, walked without its closure (callgrind: the walk cost more than small nodes).
    override func draw(into grid: inout Grid, _ context: RenderContext) {
        unretainedChild?._withUnsafeGuaranteedRef { $0.render(into: &grid, context) }
    }
}

/// Several sibling nodes (a tuple of views, `ForEach`). Inside a stack its
/// children are the stack's children; alone it stacks them vertically.
@usableFromInline
class GroupNode: ViewNode {
    // Read and written per child built or updated (a tuple's `_updateNode`),
    // on the one thread that drives views, and no access spans a call out:
    // no run-time exclusivity checks (a tenth of a rebuilt tab's tuple
    // updates, callgrind).
    @usableFromInline @exclusivity(unchecked) var children: [ViewNode]
    /// Only for a group laid out alone; inside a stack (the usual place) it
    /// is never made, which saves its allocations on every row built.
    private lazy var layout = StackLayout(axis: .vertical, alignment: .center, spacing: 0)

    init(children: [ViewNode]) { self.children = children }

    /// An empty group with room for `capacity` children: a pooled one (its
    /// list, emptied when pooled, is reused) or a new one. Appended one by
    /// one into a list without room, the children would grow it (and
    /// allocate) several times.
    @usableFromInline
    static func make(capacity: Int, _ context: BuildContext) -> GroupNode {
        if let group = context.pooled(GroupNode.self) {
            group.children.reserveCapacity(capacity)
            return group
        }
        var children: [ViewNode] = []
        children.reserveCapacity(capacity)
        return GroupNode(children: children)
    }

    /// A blank group for a `NodePool`'s reserve, with room for 8 children.
    init(reserved: Void) {
        children = []
        children.reserveCapacity(8)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        layout.prepare(children)
        return layout.size(proposal)
    }
    override func placeChildren(in rect: Rect, _ context: LayoutContext) {
        layout.prepare(children)
        layout.place(in: rect, context)
    }
    override func appendLayoutChildren(_ list: inout [ViewNode]) {
        for child in children { child.appendLayoutChildren(&list) }
    }
    override func forEachChild(_ body: (ViewNode) -> Void) { for child in children { body(child) } }
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {
        let generation = placementGeneration
        children.forEachUnretained { $0.translate(ifPlacedIn: generation, x: dx, y: dy, context) }
    }
    override func dismantle(into pool: NodePool) {
        resetForReuse()
        for child in children { child.dismantle(into: pool) }
        children.removeAll(keepingCapacity: true)
        // Subclasses (`ForEachNode`) keep more than the children: only plain groups are pooled.
        if type(of: self) == GroupNode.self { pool.put(self) }
    }
    // Drawing order as `forEachChild`, walked without its closure (callgrind: the walk cost more than small nodes).
    override func draw(into grid: inout Grid, _ context: RenderContext) {
        children.forEachUnretained { $0.render(into: &grid, context) }
    }
}
