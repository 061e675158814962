import FrameGrid

/// Where children sit across a stack's axis.
@usableFromInline
enum CrossAlignment {
    case start, center, end
}

/// The stack algorithm SwiftUI uses, over reusable buffers.
///
/// Children are offered space in order of layout priority (spacers last),
/// and within one priority from the least flexible (the smallest gap
/// between the child's smallest and largest size) to the most; each gets an
/// equal share of what is left, after setting aside the minimum sizes of
/// lower-priority children. The children's answers are the sizes used.
///
/// - Complexity: O(n^2) in the number of children for the ordering (an
///   insertion sort, so nothing is allocated once the buffers are warm),
///   three size queries per child (cached by the children). The ordering
///   and its two queries a child are worked out once per layout generation
///   and cross length (see `distribute`).
final class StackLayout {
    var axis: Axis
    var alignment: CrossAlignment
    /// The spacing in 32 bits, beside the axis and alignment (a spacing past
    /// two billion cells is cut to it): with the caches below, a stack's
    /// layout object is as large as before the placed distribution was kept
    /// (88 bytes), so a stack built while frames are measured allocates the
    /// same bytes.
    private var storedSpacing: Int32
    var spacing: Int {
        get { Int(storedSpacing) }
        set { storedSpacing = Int32(clamping: newValue) }
    }
    // Buffers read per child in the hot loops. Each layout belongs to one
    // stack node, a node is never its own descendant, and layout runs on one
    // thread, so while a child is asked its size nothing else touches them:
    // the run-time exclusivity checks (about 8% of a profile-feed frame,
    // measured with callgrind) prove nothing here.
    @exclusivity(unchecked) private(set) var children: [ViewNode] = []
    /// What `distribute` works out per child, in one buffer (one allocation
    /// per stack, not one per quantity).
    @exclusivity(unchecked) private var entries: [Entry] = []

    /// A child's answer and its place in the offering order.
    private struct Entry {
        /// The size the child took (indexed by child).
        var size = Size.zero
        /// Its size along the axis when offered nothing (indexed by child).
        var minimum = 0
        /// Largest minus smallest size along the axis (indexed by child).
        var flexibility = 0
        /// The child offered space in this turn (indexed by turn).
        var order = 0
        /// Its layout priority (indexed by child), read once per ordering:
        /// the getter is a virtual call down each wrapper, and the ordering
        /// asked it twice per comparison.
        var priority = 0.0
    }

    /// The layout generation the kept answers below belong to: a new one
    /// forgets them all (`refresh`). Lengths are `SizeCache.none` for nil;
    /// `SizeCache.unused`, which no proposal has, marks nothing kept.
    @exclusivity(unchecked) private var keptGeneration = -1
    /// The cross length whose ordering the entries hold (their `minimum`,
    /// `flexibility`, `order` and `priority`).
    @exclusivity(unchecked) private var orderedCross = SizeCache.unused
    /// The cross length and ideal length along a vertical axis (see `idealLength`).
    @exclusivity(unchecked) private var idealCross = SizeCache.unused
    @exclusivity(unchecked) private var idealMain = 0
    /// The proposal whose distribution the entries' sizes hold (see `holdsDistribution`).
    @exclusivity(unchecked) private var distributedWidth = SizeCache.unused
    @exclusivity(unchecked) private var distributedHeight = SizeCache.unused

    /// Orderings worked out by every stack, and calls that used one kept,
    /// since the process started (for tests).
    @exclusivity(unchecked) nonisolated(unsafe) static var orderings = 0
    @exclusivity(unchecked) nonisolated(unsafe) static var orderingsKept = 0
    /// Placements that found their children's sizes distributed already (for tests).
    @exclusivity(unchecked) nonisolated(unsafe) static var distributionsKept = 0

    /// Room for this many children from a stack's first update: a stack
    /// whose children are appended one by one would otherwise grow its list
    /// (and allocate) up to four times; most stacks have fewer.
    private static let initialCapacity = 8

    init(axis: Axis, alignment: CrossAlignment, spacing: Int) {
        self.axis = axis
        self.alignment = alignment
        storedSpacing = Int32(clamping: spacing)
    }

    /// Takes the flattened children of `content` (after a view update).
    func prepare(_ content: ViewNode) {
        forgetKept()
        children.removeAll(keepingCapacity: true)
        if children.capacity == 0 { children.reserveCapacity(StackLayout.initialCapacity) }
        content.appendLayoutChildren(&children)
        reserveBuffers()
    }

    /// Room for the usual number of children (a blank stack in a `NodePool`'s reserve).
    func reserveRoom() {
        children.reserveCapacity(StackLayout.initialCapacity)
        reserveBuffers()
    }

    /// Lets go of the children, keeping the room (a stack node taken apart into a `NodePool`).
    func release() {
        forgetKept()
        children.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Takes the flattened children of several nodes.
    func prepare(_ content: [ViewNode]) {
        forgetKept()
        children.removeAll(keepingCapacity: true)
        if children.capacity == 0 { children.reserveCapacity(StackLayout.initialCapacity) }
        for node in content { node.appendLayoutChildren(&children) }
        reserveBuffers()
    }

    /// Room for every child's entry at once, as many as the child list has
    /// room for: a row recycled for an item with one more optional part
    /// (a reply line) then finds the room there.
    private func reserveBuffers() {
        let count = max(children.count, children.capacity)
        if entries.capacity < count { entries.reserveCapacity(count) }
    }

    /// The stack's size for `proposal`.
    func size(_ proposal: ProposedSize) -> Size {
        distribute(proposal)
        return distributedSize()
    }

    /// The size of the children as the entries hold them, one after another along the axis.
    private func distributedSize() -> Size {
        guard !children.isEmpty else { return .zero }
        var main = spacing * (children.count - 1)
        var cross = 0
        for entry in entries {
            let size = entry.size
            main += size.value(axis)
            cross = max(cross, size.value(axis == .horizontal ? .vertical : .horizontal))
        }
        return Size.along(axis, main, cross: cross)
    }

    /// Forgets the kept answers when the layout generation has moved on.
    @inline(__always)
    private func refresh() {
        let current = LayoutGeneration.current
        guard keptGeneration != current else { return }
        keptGeneration = current
        forgetKept()
    }

    /// Forgets the ordering, the ideal length and the distribution kept.
    @inline(__always)
    private func forgetKept() {
        orderedCross = SizeCache.unused
        idealCross = SizeCache.unused
        distributedWidth = SizeCache.unused
        distributedHeight = SizeCache.unused
    }

    /// Places the children inside `rect`, one after another along the axis.
    func place(in rect: Rect, _ context: LayoutContext) {
        if holdsDistribution(for: rect.size) {
            StackLayout.distributionsKept &+= 1
        } else {
            distribute(ProposedSize(rect.size))
        }
        var cursor = axis == .horizontal ? rect.x : rect.y
        var index = 0
        // Placing never changes this stack's children (only its view updates do).
        children.forEachUnretained { child in
            let size = entries[index].size
            index += 1
            let frame: Rect
            if axis == .horizontal {
                frame = Rect(
                    x: cursor, y: crossOrigin(size.rows, rect.y, rect.height), width: size.cols, height: size.rows)
                cursor += size.cols + spacing
            } else {
                frame = Rect(
                    x: crossOrigin(size.cols, rect.x, rect.width), y: cursor, width: size.cols, height: size.rows)
                cursor += size.rows + spacing
            }
            child.place(frame, context)
        }
    }

    /// Whether the entries hold the children's sizes for the stack placed at
    /// `size`: distributed in this layout generation for the same proposal,
    /// or for one the stack answered with `size` where the children keep
    /// their sizes at `size`. A stack measured by its parent and placed at
    /// the size it chose then gives its children the sizes it measured them
    /// at instead of distributing again: a horizontal stack measured with no
    /// height and placed at its height worked out its order again at that
    /// height, asking each child (and theirs, down a row) at no width and at
    /// an unbounded one, most of a row's layout. Kept with the orderings
    /// (`StackOrderings.areKept`).
    ///
    /// Along the axis, `size` must be the length offered, or the length
    /// chosen for it: for a length offered, the children's lengths add up to
    /// it; for none (a vertical stack only), each child took its ideal
    /// height, which is what a vertical stack offered exactly its ideal
    /// height gives them too (`distribute`). Across, a length other than the
    /// one offered is offered to every child, and a child may take it (a
    /// divider or colour stretches to a stack's width): each child is asked
    /// at its own length and the new cross length, and the entries hold only
    /// if every child answers as it did.
    private func holdsDistribution(for size: Size) -> Bool {
        guard keptGeneration == LayoutGeneration.current, distributedWidth != SizeCache.unused,
            entries.count == children.count, StackOrderings.areKept
        else { return false }
        let crossAxis: Axis = axis == .horizontal ? .vertical : .horizontal
        let main = size.value(axis)
        let offeredMain = axis == .horizontal ? distributedWidth : distributedHeight
        if main != offeredMain {
            // The length the stack answered for the proposal (`size` gives it from the same entries).
            let chosenMain = distributedSize().value(axis)
            guard main == chosenMain else { return false }
            if offeredMain == SizeCache.none {
                guard axis == .vertical else { return false }
            } else if chosenMain > offeredMain {
                return false
            }
        }
        let cross = size.value(crossAxis)
        if cross == (axis == .horizontal ? distributedHeight : distributedWidth) { return true }
        var index = 0
        var same = true
        children.forEachUnretained { child in
            guard same else { return }
            let taken = entries[index].size
            index += 1
            if child.sizeThatFits(.along(axis, taken.value(axis), cross: cross)) != taken { same = false }
        }
        return same
    }

    private func crossOrigin(_ length: Int, _ start: Int, _ available: Int) -> Int {
        switch alignment {
        case .start: return start
        case .center: return start + (available - length) / 2
        case .end: return start + available - length
        }
    }

    /// Fills the entries' sizes with each child's answer for its share of `proposal`.
    ///
    /// The offering order depends on the children's sizes at no length and
    /// at an unbounded one along the axis, for the proposal's cross length:
    /// within a layout generation those answers stay the same, so the order
    /// worked out for one cross length serves every later call with it (a
    /// stack asked at no length, at an unbounded one and at its share by
    /// its parent, then placed, ordered its children up to four times).
    private func distribute(_ proposal: ProposedSize) {
        // From here the entries hold this proposal's sizes.
        refresh()
        distributedWidth = proposal.width ?? SizeCache.none
        distributedHeight = proposal.height ?? SizeCache.none
        let count = children.count
        let cross = proposal.value(axis == .horizontal ? .vertical : .horizontal)
        guard let main = proposal.value(axis) else {
            sizeEntries()
            var index = 0
            children.forEachUnretained { child in
                entries[index].size = child.sizeThatFits(.along(axis, nil, cross: cross))
                index += 1
            }
            return
        }
        // A vertical stack offered exactly its ideal height (a lazy row placed
        // at the height it measured) offers each child its ideal height: the
        // negotiation would end there, and skipping it saves three queries a
        // child. Not done across: a text's ideal width is unwrapped, and
        // offering it that width could wrap it differently.
        if axis == .vertical && idealLength(cross: cross) == main {
            sizeEntries()
            var index = 0
            children.forEachUnretained { child in
                let height = child.sizeThatFits(.along(axis, nil, cross: cross)).rows
                entries[index].size = child.sizeThatFits(.along(axis, height, cross: cross))
                index += 1
            }
            return
        }
        // One child: offered all there is (what the turns below come to), with no ordering to work out.
        if count == 1 {
            sizeEntries()
            let share = max(0, main)
            entries[0].size = children.withUnretained(0) { $0.sizeThatFits(.along(axis, share, cross: cross)) }
            return
        }
        let crossKey = cross ?? SizeCache.none
        if orderedCross != crossKey || entries.count != count || !StackOrderings.areKept {
            entries.removeAll(keepingCapacity: true)
            var order = 0
            children.forEachUnretained { child in
                let smallest = child.sizeThatFits(.along(axis, 0, cross: cross)).value(axis)
                let largest = child.sizeThatFits(.along(axis, ProposedSize.unbounded, cross: cross)).value(axis)
                entries.append(
                    Entry(
                        size: .zero, minimum: smallest, flexibility: largest - smallest, order: order,
                        priority: child.layoutPriority))
                order += 1
            }
            sortOrder()
            StackLayout.orderings &+= 1
            orderedCross = crossKey
        } else {
            StackLayout.orderingsKept &+= 1
        }
        var remaining = main - spacing * max(0, count - 1)
        var position = 0
        while position < count {
            // One priority group: [position, groupEnd).
            let priority = entries[entries[position].order].priority
            var groupEnd = position
            while groupEnd < count && entries[entries[groupEnd].order].priority == priority { groupEnd += 1 }
            var reserved = 0
            for later in groupEnd..<count { reserved += entries[entries[later].order].minimum }
            var available = remaining - reserved
            for (taken, slot) in (position..<groupEnd).enumerated() {
                let index = entries[slot].order
                let share = max(0, available) / (groupEnd - position - taken)
                let size = children.withUnretained(index) { $0.sizeThatFits(.along(axis, share, cross: cross)) }
                entries[index].size = size
                available -= size.value(axis)
                remaining -= size.value(axis)
            }
            position = groupEnd
        }
    }

    /// One entry per child, for the ways of distributing that only write
    /// sizes: the ordering the entries hold stays (it does not depend on the
    /// proposal's main length).
    private func sizeEntries() {
        guard entries.count != children.count else { return }
        entries.removeAll(keepingCapacity: true)
        orderedCross = SizeCache.unused
        entries.append(contentsOf: repeatElement(Entry(), count: children.count))
    }

    /// The stack's ideal length along the axis at `cross`: its children's
    /// ideal lengths and the spacing between them. Kept for the layout
    /// generation and cross length, like the ordering: a vertical stack asked
    /// at several heights for one width summed its children's again each time.
    /// Asked by `distribute` only, which has forgotten the kept answers of an older generation.
    private func idealLength(cross: Int?) -> Int {
        let crossKey = cross ?? SizeCache.none
        if idealCross == crossKey && StackOrderings.areKept { return idealMain }
        var ideal = spacing * max(0, children.count - 1)
        children.forEachUnretained { ideal += $0.sizeThatFits(.along(axis, nil, cross: cross)).value(axis) }
        idealCross = crossKey
        idealMain = ideal
        return ideal
    }

    /// Insertion sort of the entries' `order`: priority descending, then flexibility ascending (stable).
    private func sortOrder() {
        guard entries.count > 1 else { return }
        for i in 1..<entries.count {
            let item = entries[i].order
            var j = i - 1
            while j >= 0 && comesBefore(item, entries[j].order) {
                entries[j + 1].order = entries[j].order
                j -= 1
            }
            entries[j + 1].order = item
        }
    }

    private func comesBefore(_ a: Int, _ b: Int) -> Bool {
        let pa = entries[a].priority
        let pb = entries[b].priority
        if pa != pb { return pa > pb }
        return entries[a].flexibility < entries[b].flexibility
    }
}

/// Whether stacks keep the order they offer their children space in, and
/// their ideal length, for the layout generation and cross length they were
/// worked out for (`StackLayout.distribute`). A switch for tests, which
/// compare every frame of the scenes with it off (worked out on every call,
/// as before); on in use.
public enum StackOrderings {
    @exclusivity(unchecked) nonisolated(unsafe) public static var areKept = true
}
