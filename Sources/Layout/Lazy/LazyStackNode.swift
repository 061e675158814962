import FrameGrid

/// Lays out a lazy stack around its scroll position's anchor.
///
/// Each layout: apply the position's requests to the anchor; move the
/// anchor to the row that contains the viewport's top (measuring rows on
/// the way, from the length cache when visited before); pull it back if the
/// content would end above the viewport's bottom; then place rows from the
/// anchored row outward. Positions are always measured from the anchored
/// row, so a row whose height differs from the estimate moves only the rows
/// after it, never the one at the top of the screen.
///
/// - Complexity: per frame, O(rows in view + overscan + rows scrolled past);
///   nothing depends on the number of items.
final class LazyStackNode<Source: LazyDataSource, Row: View>: ViewNode, LazyStatisticsReporting {
    private var source: Source
    private var makeRow: (Source.Item) -> Row
    private var settings: LazyStackSettings
    private var context: BuildContext
    private var position: ScrollPosition
    // The rows are read and written per row of every layout pass, on the one
    // thread that drives views, and no access to them spans a call back into
    // this node: the run-time exclusivity checks (liveSlot, existing, measure,
    // arrangeRows) cost 4% of watcha-home's instructions (measured with callgrind).
    @exclusivity(unchecked) private var live: [LazyRow] = []
    @exclusivity(unchecked) private var nextLive: [LazyRow] = []
    /// Rows built during this layout that are not in `live` yet.
    @exclusivity(unchecked) private var fresh: [LazyRow] = []
    /// Sized by the item count (`RowLengthCache(rows:)`) in `init`.
    @exclusivity(unchecked) private var lengths: RowLengthCache
    /// A section header built only to be pinned (its row is out of view).
    @exclusivity(unchecked) private var pinned: LazyRow? {
        didSet { if pinned?.node !== oldValue?.node { RowSetChanges.count &+= 1 } }
    }
    /// The live row drawn pinned, if the header is among them.
    @exclusivity(unchecked) private var pinnedLive: Int?
    /// The views row nodes were last built or updated from, when `Row` is
    /// `Equatable`: a view update that makes an equal view for a live row
    /// leaves its node alone (see `update(source:row:settings:_:)`). One
    /// ring per row type, shared by its stacks and made once per process
    /// (`KeptRowViews.ring`), taken at the stack's first view update; nil
    /// until then and for other row types.
    private var keptViews: KeptRowViews<Row>?
    /// Marks this stack's entries in the shared rings, of kept views and of
    /// row bands (`RowBandStore`): never reused, unlike an object's address,
    /// and handed out in the same order every run, so what the rings keep
    /// (and the instructions counted) is the same run to run.
    private var keptViewsOwner = KeptRowViews<Row>.newOwner()
    private let rowsAreEquatable: Bool
    /// Whether a `@State` storage was made while a row of this stack was
    /// built or updated (`apply`), since it last gave all its rows away.
    /// Rows gain nodes only there (and in the stacks nested in them, which
    /// keep their own flag; kept subtrees and pooled nodes own no state), so
    /// while it is false every row is reusable without walking it.
    private var rowsMayOwnState = false
    private var rowsBuilt = 0
    private var layouts = 0
    private var rowsUpdated = 0
    private var rowsKept = 0
    private var rowProposal = ProposedSize.ideal

    init(source: Source, row: @escaping (Source.Item) -> Row, settings: LazyStackSettings, _ context: BuildContext) {
        self.source = source
        makeRow = row
        self.settings = settings
        self.context = context.with { $0.stackAxis = settings.axis }
        if let scroll = context.environment.scrollPosition, context.environment.scrollAxis == settings.axis {
            position = scroll
        } else {
            position = ScrollPosition()
        }
        rowsAreEquatable = Row.self is any Equatable.Type
        lengths = RowLengthCache(rows: source.count, spares: context.host?.lengthTables ?? RowLengthCache.Spares())
        super.init()
        position.lazyTarget = self
        // Room for a screenful of rows and their overscan from the start: the
        // frames after a stack appears (a filter switch) add rows without
        // building any, and growing these then would allocate on a frame
        // that only scrolls.
        live.reserveCapacity(LazyStackNode.initialRowCapacity)
        nextLive.reserveCapacity(LazyStackNode.initialRowCapacity)
        fresh.reserveCapacity(LazyStackNode.initialRowCapacity)
    }

    // Its row-length table goes to the spares, for the next stack built (a carousel on a jump).
    deinit { lengths.retire() }

    /// Rows the buffers hold before they first grow.
    static var initialRowCapacity: Int { 64 }

    /// Builds or updates `node` (nil: a new one) as row `index` showing
    /// `view`, remembering the view when rows are compared.
    private func apply(_ view: Row, toRow index: Int, node: ViewNode?) -> ViewNode {
        let storagesMade = StateStorages.made
        let result = node.map { Row._updateNode($0, view, context) } ?? Row._makeNode(view, context)
        if StateStorages.made != storagesMade { rowsMayOwnState = true }
        keptViews?.keep(view, owner: keptViewsOwner, row: index, node: result)
        return result
    }

    /// Whether `node`, live as row `index`, was last built or updated by this
    /// stack from a view equal to `view`, with no `@State` set anywhere
    /// since: then updating it would change nothing (its environment is
    /// checked by the caller). Every row enters `live` through `apply`, so
    /// an entry for its node and index is its last view.
    private func showsAlready(_ view: Row, row index: Int, node: ViewNode, as type: any Equatable.Type) -> Bool {
        guard let kept = keptViews?.entry(owner: keptViewsOwner, row: index, node: node) else { return false }
        return LazyStackNode.equal(view, kept, as: type)
    }

    private static func equal<E: Equatable>(_ a: Row, _ b: Row, as _: E.Type) -> Bool {
        withUnsafePointer(to: a) { left in
            withUnsafePointer(to: b) { right in
                left.withMemoryRebound(to: E.self, capacity: 1) { a in
                    right.withMemoryRebound(to: E.self, capacity: 1) { b in a.pointee == b.pointee }
                }
            }
        }
    }

    func update(
        source: Source, row: @escaping (Source.Item) -> Row, settings: LazyStackSettings, _ context: BuildContext
    ) {
        let countChanged = source.count != self.source.count
        self.source = source
        makeRow = row
        self.settings = settings
        let previousEnvironment = self.context.environment
        self.context = context.with { $0.stackAxis = settings.axis }
        // Rows whose view is equal to the one their node shows are left
        // alone, as SwiftUI skips equal views: only for `Equatable` rows,
        // and only while the environment they were made in holds.
        let environmentHolds = previousEnvironment.isSame(as: self.context.environment)
        if rowsAreEquatable && keptViews == nil && environmentHolds {
            // The first update that could skip rows: from now on their views
            // are kept. (A recycled carousel's update, for another section, could not.)
            keptViews = KeptRowViews<Row>.ring()
        }
        let equatable: (any Equatable.Type)? =
            keptViews == nil || !environmentHolds ? nil : Row.self as? any Equatable.Type
        if let scroll = context.environment.scrollPosition, context.environment.scrollAxis == settings.axis,
            scroll !== position
        {
            // The scroll view was given another position object: follow it from its own anchor.
            position = scroll
            position.lazyTarget = self
        } else if position.lazyTarget !== self {
            // A stack kept for reuse (`SubtreeRecycler`) drives its position again.
            position.lazyTarget = self
        }
        if countChanged {
            lengths.removeAll()
            lengths.reserve(rows: source.count)
        }
        RowSetChanges.count &+= 1  // rows may be replaced or dropped below
        for slot in live.indices where live[slot].index < source.count {
            let index = live[slot].index
            let view = makeRow(source.item(at: index))
            live[slot].kind = source.reuseKind(at: index)
            if let equatable, showsAlready(view, row: index, node: live[slot].node, as: equatable) {
                rowsKept += 1
                // Nothing the row is measured or placed from changed.
                live[slot].node.carryCaches(from: LayoutGeneration.previous, to: LayoutGeneration.current)
                continue
            }
            live[slot].node = apply(view, toRow: index, node: live[slot].node)
            RowBandStore.shared.forget(owner: keptViewsOwner, row: index)
            rowsUpdated += 1
        }
        for row in live where row.index >= source.count { recycle(row) }
        live.removeAll { $0.index >= source.count }
        if let header = pinned {
            if header.index < source.count {
                pinned = LazyRow(
                    index: header.index,
                    node: apply(makeRow(source.item(at: header.index)), toRow: header.index, node: header.node),
                    kind: source.reuseKind(at: header.index))
            } else {
                recycle(header)
                pinned = nil
            }
        }
    }

    var statistics: LazyStackStatistics {
        LazyStackStatistics(
            rowsBuilt: rowsBuilt, rowsUpdated: rowsUpdated, rowsKept: rowsKept,
            liveRows: live.count + (pinned == nil ? 0 : 1), rememberedLengths: lengths.count, layouts: layouts)
    }

    // MARK: Layout

    override func measure(_ proposal: ProposedSize) -> Size {
        let axis = settings.axis
        let main =
            proposal.value(axis) ?? min(ProposedSize.unbounded, max(0, source.count * settings.step - settings.spacing))
        let cross = proposal.value(axis == .vertical ? .horizontal : .vertical) ?? 0
        return Size.along(axis, main, cross: cross)
    }

    override var placesChildrenByState: Bool { true }
    /// The position's request count when this stack last placed its rows,
    /// nil when that placement left its overscan to the next frame (a jump,
    /// a page, a first placement: see `placeChildren`).
    private var placedRequests: UInt64?
    override var placementIsCurrent: Bool { placedRequests == position.requests }

    override func placeChildren(in rect: Rect, _ layoutContext: LayoutContext) {
        placedRequests = position.requests
        layouts += 1
        let axis = settings.axis
        let crossAxis: Axis = axis == .vertical ? .horizontal : .vertical
        let viewport = rect.size.value(axis)
        let cross = rect.size.value(crossAxis)
        rowProposal = .along(axis, nil, cross: cross)
        lengths.use(cross: cross)
        fresh.removeAll(keepingCapacity: true)
        let count = source.count
        position.viewportLength = viewport
        guard count > 0 else {
            for row in live { recycle(row) }
            live.removeAll(keepingCapacity: true)
            if let pinned { recycle(pinned) }
            pinned = nil
            position.offset = 0
            position.contentLength = 0
            position.isAtEnd = true
            return
        }
        let jumped = position.pendingAnchor != nil || position.pendingOffset != nil
        if jumped { placedRequests = nil }
        let builtBefore = rowsBuilt
        releaseRowsBeforeJump(count: count, viewport: viewport, time: layoutContext.time)
        let (anchor, shownEnd) = resolveAnchor(count: count, viewport: viewport)
        let nested = LazyOverscan.placingRows > 0
        LazyOverscan.placingRows += 1
        defer { LazyOverscan.placingRows -= 1 }
        arrangeRows(
            around: anchor, count: count, viewport: viewport, jumped: jumped, builtRows: rowsBuilt != builtBefore,
            shown: anchor.index..<shownEnd, nested: nested)
        pinnedLive = nil
        for slot in live.indices {
            let changes = DrawInvalidation.contentChanges
            placeRow(live[slot].node, at: live[slot].start, in: rect, layoutContext)
            // Laid out again, or something in it changed: its kept cells may not be what it draws now.
            if DrawInvalidation.contentChanges != changes {
                RowBandStore.shared.forget(owner: keptViewsOwner, row: live[slot].index)
            }
        }
        placePinnedHeader(anchor: anchor, in: rect, layoutContext)
    }

    /// A jump far from the rows built now: none of them can be shown again by
    /// it, so they go to the recycler before the rows it lands on are built
    /// (which then reuse them instead of allocating).
    private func releaseRowsBeforeJump(count: Int, viewport: Int, time: Double) {
        guard let first = live.first?.index, let last = live.last?.index else { return }
        var target: Int
        var reach = 0  // rows the anchor may still move forward by (each row is at least one cell)
        if let requested = position.pendingAnchor {
            target = requested.index
            reach = max(0, requested.offset)
        } else if let requested = position.pendingOffset {
            target = max(0, requested) / settings.step
        } else if abs(position.pendingDelta) > max(viewport, 1) * LazyStackNode.longScrollViewports {
            let anchor = position.anchor
            target = max(0, anchor.index * settings.step + anchor.offset + position.pendingDelta) / settings.step
        } else {
            return releaseRowsScrolledPast(viewport: viewport, time: time)
        }
        target = max(0, min(target, count - 1))  // as `resolveAnchor` clamps it
        let margin = viewport + 2 * settings.overscan + 1
        guard target + reach + margin < first || target - margin > last else { return }
        for row in live where pinned?.node !== row.node { recycle(row) }
        live.removeAll(keepingCapacity: true)
    }

    /// A scroll by `pendingDelta` (a page, a fling): rows it moves out of the
    /// viewport and its overscan go to the recycler before the rows it brings
    /// in are built. Rows are released from the far end only, so `live` stays
    /// consecutive; a row released wrongly (the scroll stopped at an end)
    /// comes back from the recycler as itself (`take` prefers its index).
    private func releaseRowsScrolledPast(viewport: Int, time: Double) {
        let delta = position.pendingDelta
        guard delta != 0, !live.isEmpty else { return }
        let spacing = settings.spacing
        var release = 0
        if delta > 0 {
            // The new anchor: the first row that still reaches into the viewport.
            var anchorSlot = live.count
            for slot in live.indices where live[slot].start + measure(live[slot].node, live[slot].index) + spacing > delta {
                anchorSlot = slot
                break
            }
            release = anchorSlot - settings.overscan
            guard release > 0 else { return }
            for slot in 0..<release where !isReleasable(live[slot], time) { return }
            for slot in 0..<release { recycle(live[slot]) }
            live.removeFirst(release)
        } else {
            // The first row that starts below the moved viewport; `overscan` rows after it stay.
            var beyondSlot = live.count
            for slot in live.indices where live[slot].start - delta >= viewport {
                beyondSlot = slot
                break
            }
            let keep = beyondSlot + settings.overscan
            guard keep < live.count else { return }
            release = live.count - keep
            for slot in keep..<live.count where !isReleasable(live[slot], time) { return }
            for slot in keep..<live.count { recycle(live[slot]) }
            live.removeLast(release)
        }
    }

    /// Whether a live row may go to the recycler now: not while it animates or is the pinned header.
    private func isReleasable(_ row: LazyRow, _ time: Double) -> Bool {
        pinned?.node !== row.node && !row.node.isAnimating(at: time)
    }

    /// Applies requests, normalises the anchor and clamps it to the content; reports the offset.
    private func resolveAnchor(count: Int, viewport: Int) -> (anchor: LazyAnchor, shownEnd: Int) {
        let spacing = settings.spacing
        var anchor = position.anchor
        var reported = position.offset
        if let requested = position.pendingAnchor {
            anchor = LazyAnchor(index: max(0, min(requested.index, count - 1)), offset: requested.offset)
            reported = anchor.index * settings.step + anchor.offset
        } else if let requested = position.pendingOffset {
            anchor = LazyAnchor(
                index: min(count - 1, max(0, requested) / settings.step), offset: max(0, requested) % settings.step)
            reported = requested
        }
        let delta = position.pendingDelta
        if abs(delta) > max(viewport, 1) * LazyStackNode.longScrollViewports {
            // Far beyond anything measured: move by estimated rows instead of
            // measuring every row on the way (a jump, as `scrollTo` would).
            let target = max(0, anchor.index * settings.step + anchor.offset + delta)
            anchor = LazyAnchor(index: min(count - 1, target / settings.step), offset: target % settings.step)
        } else {
            anchor.offset += delta
        }
        reported += delta
        position.pendingAnchor = nil
        position.pendingOffset = nil
        position.pendingDelta = 0
        if anchor.index >= count { anchor = LazyAnchor(index: count - 1, offset: 0) }

        moveAnchorUp(&anchor)
        while anchor.index < count - 1 {
            let length = rowLength(anchor.index) + spacing
            guard anchor.offset >= length else { break }
            anchor.offset -= length
            anchor.index += 1
        }
        // Content must not end above the viewport's bottom.
        var covered = 0
        var index = anchor.index
        while index < count && covered < anchor.offset + viewport {
            covered += rowLength(index) + (index < count - 1 ? spacing : 0)
            index += 1
        }
        position.isAtEnd = index == count && covered - anchor.offset <= viewport
        if index == count && covered - anchor.offset < viewport {
            let shortfall = viewport - (covered - anchor.offset)
            anchor.offset -= shortfall
            reported -= shortfall
            moveAnchorUp(&anchor)
        }
        if anchor.index == 0 { reported = anchor.offset }  // exact near the top
        position.anchor = anchor
        position.offset = max(0, reported)
        position.contentLength = max(0, count * settings.step - spacing)
        // The rows from the anchor to `index` fill the viewport (measured: built, or of known length).
        return (anchor, index)
    }

    /// While the viewport's top is above the anchored row, anchor the row before.
    private func moveAnchorUp(_ anchor: inout LazyAnchor) {
        while anchor.offset < 0 && anchor.index > 0 {
            anchor.index -= 1
            anchor.offset += rowLength(anchor.index) + settings.spacing
        }
        if anchor.offset < 0 { anchor.offset = 0 }
    }

    /// Fills `live` for a placement around `anchor`. A placement that builds
    /// rows to fill the viewport (a jump, a page, a fling past the built
    /// rows, the stack's first placement after a tab or filter switch) shows
    /// them first and builds none of its overscan: the next frame does, so
    /// no one frame builds both. Overscan rows built already stay. A stack
    /// placed inside another's row (`nested`: a carousel in a feed) builds
    /// its overscan with the row: deferred too, it would make the next frame
    /// place the row again, and the one after if the row was itself overscan.
    /// A jump waits even there: a jumped stack is placed again next frame anyway.
    /// `builtRows`: rows were built for this placement already (measuring
    /// the rows the scroll passed or lands on); `shown`: the rows in view.
    private func arrangeRows(
        around anchor: LazyAnchor, count: Int, viewport: Int, jumped: Bool, builtRows: Bool, shown: Range<Int>,
        nested: Bool
    ) {
        guard LazyOverscan.waitsForShownRows else {
            // As before the switch: a jump alone leaves its overscan to the next frame.
            arrangeRows(around: anchor, count: count, viewport: viewport, overscan: jumped ? 0 : settings.overscan)
            return
        }
        let defers = jumped || (!nested && (builtRows || !liveRowsCover(shown)))
        if defers {
            placedRequests = nil
            LazyOverscan.placementsThatWaited &+= 1
        }
        arrangeRows(around: anchor, count: count, viewport: viewport, overscan: settings.overscan, building: !defers)
    }

    /// Whether the live rows (consecutive) include `rows`.
    private func liveRowsCover(_ rows: Range<Int>) -> Bool {
        guard let first = live.first?.index, let last = live.last?.index else { return rows.isEmpty }
        return rows.lowerBound >= first && rows.upperBound - 1 <= last
    }

    /// Fills `live` with the rows from `overscan` before the anchor to
    /// `overscan` past the viewport; with `building` false, the overscan
    /// holds only rows built already (the rows in view are built either way).
    private func arrangeRows(
        around anchor: LazyAnchor, count: Int, viewport: Int, overscan: Int, building: Bool = true
    ) {
        let spacing = settings.spacing
        var first = anchor.index
        let lowest = max(0, anchor.index - overscan)
        while first > lowest && (building || existing(first - 1) != nil) { first -= 1 }
        var start = -anchor.offset
        for index in first..<anchor.index { start -= rowLength(index) + spacing }
        nextLive.removeAll(keepingCapacity: true)
        var index = first
        var beyond = 0
        while index < count {
            if start >= viewport {
                if beyond >= overscan || (!building && existing(index) == nil) { break }
                beyond += 1
            }
            var row = acquire(index)
            row.start = start
            start += rowLength(index) + spacing
            nextLive.append(row)
            index += 1
        }
        swap(&live, &nextLive)
        // Rows that were built or live but are not now: their subtrees serve later rows.
        for row in nextLive where liveSlot(of: row.index) == nil && pinned?.node !== row.node { recycle(row) }
        for row in fresh where liveSlot(of: row.index) == nil && pinned?.node !== row.node { recycle(row) }
        nextLive.removeAll(keepingCapacity: true)
        fresh.removeAll(keepingCapacity: true)
    }

    private func placeRow(_ node: ViewNode, at start: Int, in rect: Rect, _ layoutContext: LayoutContext) {
        let size = node.sizeThatFits(rowProposal)
        let frame: Rect
        if settings.axis == .vertical {
            frame = Rect(
                x: crossOrigin(size.cols, rect.x, rect.width), y: rect.y + start, width: size.cols, height: size.rows)
        } else {
            frame = Rect(
                x: rect.x + start, y: crossOrigin(size.rows, rect.y, rect.height), width: size.cols, height: size.rows)
        }
        let matchedPlacements = MatchedGeometryRecording.placements
        node.place(frame, layoutContext)
        if MatchedGeometryRecording.placements != matchedPlacements { node.holdsPlacedMatchedGeometry = true }
    }

    private func crossOrigin(_ length: Int, _ start: Int, _ available: Int) -> Int {
        switch settings.alignment {
        case .start: return start
        case .center: return start + (available - length) / 2
        case .end: return start + available - length
        }
    }

    /// Keeps the current section's header at the viewport's start, pushed
    /// out by the next section's header as it arrives.
    private func placePinnedHeader(anchor: LazyAnchor, in rect: Rect, _ layoutContext: LayoutContext) {
        pinnedLive = nil
        guard settings.pinsHeaders, let header = source.sectionHeaderIndex(atOrBefore: anchor.index) else {
            dropPinned()
            return
        }
        let slot = liveSlot(of: header)
        if let slot {
            if live[slot].start >= 0 {
                dropPinned()  // in its own place: nothing to pin
                return
            }
        }
        let node: ViewNode
        if let slot {
            node = live[slot].node
            pinnedLive = slot
            dropPinned()
        } else if let kept = pinned, kept.index == header {
            node = kept.node
        } else {
            dropPinned()
            node = build(header)
            pinned = LazyRow(index: header, node: node, kind: source.reuseKind(at: header))
        }
        let length = node.sizeThatFits(rowProposal).value(settings.axis)
        var start = 0
        for row in live where row.index > header && source.isSectionHeader(at: row.index) {
            if row.start < length { start = row.start - length }
            break
        }
        placeRow(node, at: start, in: rect, layoutContext)
    }

    // MARK: Rows

    /// Lets go of the pinned header's own node (recycled unless it is a live row's).
    private func dropPinned() {
        guard let header = pinned else { return }
        pinned = nil
        if liveSlot(of: header.index).map({ live[$0].node !== header.node }) ?? true { recycle(header) }
    }

    /// `row` left this stack: its subtree may serve a later row (see `RowRecycler`).
    private func recycle(_ row: LazyRow) {
        RowSetChanges.count &+= 1
        context.host?.recycler.donate(row, type: ObjectIdentifier(Row.self))
    }

    override func recycleRows(into recycler: RowRecycler) {
        RowSetChanges.count &+= 1
        for row in live { recycler.donate(row, type: ObjectIdentifier(Row.self)) }
        if let pinned, liveSlot(of: pinned.index) == nil { recycler.donate(pinned, type: ObjectIdentifier(Row.self)) }
        // Keeping the room: a stack kept for reuse (`SubtreeRecycler`) fills it again on frames that only scroll.
        live.removeAll(keepingCapacity: true)
        pinned = nil
        pinnedLive = nil
        rowsMayOwnState = false
    }

    // Rows that made no `@State` own none: not walked. A carousel's posters
    // were walked for every Home row a tab switch gave to the recycler,
    // 212k instructions of watcha-home's first Search visit (callgrind).
    override func isReusable() -> Bool { !rowsMayOwnState || super.isReusable() }

    override func resetForReuse() {
        // Row lengths belong to the items shown before (a recycled carousel shows another section's).
        lengths.removeAll()
        fresh.removeAll(keepingCapacity: true)
        pinnedLive = nil
        // Counts of the stack it serves as now, as for a new one.
        rowsBuilt = 0
        rowsUpdated = 0
        rowsKept = 0
        // The views kept were shown by this stack's rows, which it gave away.
        keptViewsOwner = KeptRowViews<Row>.newOwner()
        super.resetForReuse()
    }

    /// The length of row `index`: from its node when built, else the cache, else by building it.
    private func rowLength(_ index: Int) -> Int {
        if let row = existing(index) { return measure(row.node, index) }
        if let length = lengths.length(of: index) { return length }
        return measure(acquire(index).node, index)
    }

    /// A row's length, at least one cell: rows that measure nothing (all
    /// their text squeezed out on a tiny screen) must still move the walk
    /// along, or a scroll over millions of them would visit every one.
    private func measure(_ node: ViewNode, _ index: Int) -> Int {
        let length = max(1, node.sizeThatFits(rowProposal).value(settings.axis))
        lengths.record(length, of: index)
        return length
    }

    private func existing(_ index: Int) -> LazyRow? {
        if let slot = liveSlot(of: index) { return live[slot] }
        for row in fresh where row.index == index { return row }
        if let pinned, pinned.index == index { return pinned }
        return nil
    }

    /// Where row `index` is in `live` (rows there have consecutive indices).
    private func liveSlot(of index: Int) -> Int? {
        guard !live.isEmpty else { return nil }
        let slot = index - live[0].index
        return slot >= 0 && slot < live.count ? slot : nil
    }

    /// Row `index`, reused when built before, otherwise built now.
    private func acquire(_ index: Int) -> LazyRow {
        if let row = existing(index) { return row }
        let row = LazyRow(index: index, node: build(index), kind: source.reuseKind(at: index))
        if fresh.count >= LazyStackNode.freshLimit {
            // A long walk (a big scroll): the oldest rows built on the way are far from where it ends.
            fresh.removeFirst(LazyStackNode.freshLimit / 2)
        }
        fresh.append(row)
        return row
    }

    /// Scrolls longer than this many viewports move by estimate (see `resolveAnchor`).
    static var longScrollViewports: Int { 8 }
    /// Rows built during one layout that are kept for reuse in it (bounds the lookups).
    static var freshLimit: Int { 256 }

    private func build(_ index: Int) -> ViewNode {
        RowSetChanges.count &+= 1
        rowsBuilt += 1
        LazyStackStatistics.allRowsBuilt += 1
        let recycled = context.host?.recycler.take(
            type: ObjectIdentifier(Row.self), kind: source.reuseKind(at: index), index: index)
        let node = apply(makeRow(source.item(at: index)), toRow: index, node: recycled)
        // A node made or reused for this row: a band kept for the row shows something else.
        RowBandStore.shared.forget(owner: keptViewsOwner, row: index)
        return node
    }

    // Rows are built and let go of within a layout generation.
    override var childrenChangeWithinGeneration: Bool { true }

    // MARK: Drawing

    override func draw(into grid: inout Grid, _ context: RenderContext) {
        let keepsBands = RowBands.areKept && settings.axis == .vertical
        for slot in live.indices where slot != pinnedLive {
            let node = live[slot].node
            let drawn = node.drawnRect(under: context)
            if drawn.intersection(context.clip).isEmpty && node.animation == nil { continue }
            if keepsBands && node.animation == nil && !node.isHidden && drawn.height > 0 {
                drawKeepingBand(node, row: live[slot].index, drawn, into: &grid, context)
            } else {
                node.render(into: &grid, context)
            }
        }
        if let pinnedLive { live[pinnedLive].node.render(into: &grid, context) }
        pinned?.node.render(into: &grid, context)
    }

    /// Draws the row `node`, at `drawn` and in the clip: from its kept
    /// band when that holds its cells (see `RowBand`), otherwise by drawing
    /// its nodes, keeping a band when the row is wholly inside the clip and
    /// allows it. A row the clip cuts shows the band's rows inside the clip:
    /// the clip cuts whole rows of cells, and a band is kept only of a row
    /// that draws in no other rows, so the rows it shows are the ones it
    /// would draw.
    @inline(never)
    private func drawKeepingBand(
        _ node: ViewNode, row index: Int, _ drawn: Rect, into grid: inout Grid, _ context: RenderContext
    ) {
        let rows = drawn.y..<drawn.maxY
        let shown = max(drawn.y, context.clip.y)..<min(drawn.maxY, context.clip.maxY)
        guard !shown.isEmpty else { return }
        let key = RowBand.Key(gridColumns: grid.cols, drawn: drawn, clip: context.clip)
        let count = grid.cols * drawn.height
        // The band's cells from the first row shown.
        let skipped = grid.cols * (shown.lowerBound - drawn.y)
        let store = RowBandStore.shared
        // Beneath a row is most often the frame's blank, which the stamps
        // tell without reading a cell; otherwise the cells are compared.
        let asCleared = grid.rowsAreAsCleared(shown)
        if let band = store.band(owner: keptViewsOwner, row: index, node: node), band.key == key,
            store.holds(band.position)
        {
            let sameBeneath =
                if let blank = band.clearedBlank {
                    asCleared && grid.clearedBlank == blank
                } else {
                    !grid.rowsUseArena(shown)
                        && grid.rows(shown, equalCellsAt: store.cells(at: band.position + skipped))
                }
            if sameBeneath {
                let after = band.position + (band.clearedBlank == nil ? count : 0)
                grid.pasteRows(shown, from: store.cells(at: after + skipped))
                RowBands.rowsPasted &+= 1
                return
            }
        }
        store.forget(owner: keptViewsOwner, row: index)
        let kept = asCleared ? count : 2 * count
        guard shown == rows, asCleared || !grid.rowsUseArena(rows), let position = store.reserve(kept) else {
            node.render(into: &grid, context)
            return
        }
        if !asCleared { grid.copyRows(rows, to: store.cells(at: position)) }
        let stamp = RowStamp.latest
        let changes = DrawInvalidation.contentChanges
        let moving = DrawInvalidation.framesPresentedMoving
        node.render(into: &grid, context)
        guard DrawInvalidation.contentChanges == changes, DrawInvalidation.framesPresentedMoving == moving,
            store.holds(position), !grid.rowsUseArena(rows), !grid.rowsWritten(since: stamp, outside: rows),
            node.drawsOnly(inRows: rows, context)
        else { return }
        grid.copyRows(rows, to: store.cells(at: position + kept - count))
        store.keep(
            RowBand(position: position, key: key, clearedBlank: asCleared ? grid.clearedBlank : nil),
            owner: keptViewsOwner, row: index, node: node)
        RowBands.bandsKept &+= 1
    }


    override func forEachChild(_ body: (ViewNode) -> Void) {
        for row in live { body(row.node) }
        if let pinned { body(pinned.node) }
    }

    // Only the rows a matched-geometry node was placed in (`placeRow` marks
    // them): a tab switch in watcha-home recorded the matched frames by
    // walking every node of Home's rows and their carousels, 244k
    // instructions, for the one underline in the tab bar (callgrind).
    override func forEachChildHoldingMatchedGeometry(_ body: (ViewNode) -> Void) {
        guard MatchedGeometryRecording.skipsUnmarkedRows else { return forEachChild(body) }
        for row in live where row.node.holdsPlacedMatchedGeometry { body(row.node) }
        if let pinned, pinned.node.holdsPlacedMatchedGeometry { body(pinned.node) }
    }
}

/// A built row of a lazy stack. Not nested in the generic node, so arrays
/// of rows are concrete types (generic ones would allocate on access).
struct LazyRow {
    var index: Int
    var node: ViewNode
    /// The data source's reuse kind of the item the node was built or last updated for.
    var kind = 0
    /// Main-axis position relative to the viewport's start.
    var start = 0
}

/// Lazy stacks report their counts through the scroll position that drives them.
protocol LazyStatisticsReporting: AnyObject {
    var statistics: LazyStackStatistics { get }
}

extension ScrollPosition {
    /// Counts of the lazy stack this position drives (nil when it drives none).
    public var lazyStatistics: LazyStackStatistics? { (lazyTarget as? LazyStatisticsReporting)?.statistics }
}

/// The views lazy-stack rows of one `Equatable` type were last built or
/// updated from, by (stack, row index), in a ring: a later row evicts an
/// earlier one that shares its slot, which costs only a row updated that
/// could have been left alone. Made once per row type and process (the
/// first view update of a stack of that type), so stacks built again later
/// (a tab visited again) allocate nothing for it. Read and written on the
/// one thread that drives views.
final class KeptRowViews<Row: View> {
    private struct Entry {
        var owner: UInt64
        var index: Int
        var node: ObjectIdentifier
        var view: Row
        /// `ViewStateChanges.count` then: a `@State` set since may have changed the row's content.
        var stateChanges: UInt64
    }

    @exclusivity(unchecked) private var entries: [Entry?] = Array(repeating: nil, count: KeptRowViewRings.slots)

    /// The ring for `Row`, made on first use.
    static func ring() -> KeptRowViews<Row> {
        let key = ObjectIdentifier(Row.self)
        if let ring = KeptRowViewRings.rings[key] { return unsafeDowncast(ring, to: KeptRowViews<Row>.self) }
        let ring = KeptRowViews<Row>()
        KeptRowViewRings.rings[key] = ring
        return ring
    }

    /// A mark for a stack's entries, never given before.
    static func newOwner() -> UInt64 {
        KeptRowViewRings.owners &+= 1
        return KeptRowViewRings.owners
    }

    func keep(_ view: Row, owner: UInt64, row index: Int, node: ViewNode) {
        entries[index & (KeptRowViewRings.slots - 1)] = Entry(
            owner: owner, index: index, node: ObjectIdentifier(node), view: view,
            stateChanges: ViewStateChanges.count)
    }

    /// The view `owner`'s row `index` was last given, if its node is `node`
    /// and no `@State` was set since.
    func entry(owner: UInt64, row index: Int, node: ViewNode) -> Row? {
        guard let kept = entries[index & (KeptRowViewRings.slots - 1)], kept.owner == owner, kept.index == index,
            kept.node == ObjectIdentifier(node), kept.stateChanges == ViewStateChanges.count
        else { return nil }
        return kept.view
    }
}

/// The rings of `KeptRowViews`, by row type (generic classes cannot have static storage).
enum KeptRowViewRings {
    /// Slots of each ring: rows of one type further apart than this share one.
    static let slots = 256
    @exclusivity(unchecked) nonisolated(unsafe) static var rings: [ObjectIdentifier: AnyObject] = [:]
    @exclusivity(unchecked) nonisolated(unsafe) static var owners: UInt64 = 0
}
