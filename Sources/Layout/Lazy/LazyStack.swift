import FrameGrid

/// A vertical stack over a lazy data source: only the rows in view (plus
/// `overscan` rows either side) are built and laid out. Rows that stay in
/// view keep their nodes from frame to frame. Rows may differ in height;
/// `estimatedRowHeight` is used only for offsets far from anything measured.
///
/// Put it directly in a `ScrollView` (through modifiers if you like); the
/// scroll view's `ScrollPosition` then anchors it. Without one it shows the
/// rows from the first.
public struct LazyVStack<Source: LazyDataSource, Row: View>: View {
    public typealias Body = Never
    let settings: LazyStackSettings
    let source: Source
    let row: (Source.Item) -> Row

    /// - Parameters:
    ///   - source: the items; `item(at:)` is called for built rows only.
    ///   - spacing: blank rows between rows.
    ///   - estimatedRowHeight: a typical row's height.
    ///   - overscan: rows built beyond each edge of the viewport.
    ///   - pinnedSectionHeaders: keep the current section's header at the top.
    ///   - row: the view for one item.
    public init(
        _ source: Source, alignment: HorizontalAlignment = .leading, spacing: Int = 0, estimatedRowHeight: Int = 1,
        overscan: Int = 2, pinnedSectionHeaders: Bool = false, @ViewBuilder row: @escaping (Source.Item) -> Row
    ) {
        self.source = source
        self.row = row
        settings = LazyStackSettings(
            axis: .vertical, alignment: alignment.cross, spacing: max(0, spacing), estimate: max(1, estimatedRowHeight),
            overscan: max(0, overscan), pinsHeaders: pinnedSectionHeaders)
    }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        LazyStackNode(source: view.source, row: view.row, settings: view.settings, context)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: LazyStackNode<Source, Row>.self, for: view) {
            $0.update(source: view.source, row: view.row, settings: view.settings, context)
        }
    }
}

/// A horizontal stack over a lazy data source: `LazyVStack` turned on its side.
public struct LazyHStack<Source: LazyDataSource, Row: View>: View {
    public typealias Body = Never
    let settings: LazyStackSettings
    let source: Source
    let row: (Source.Item) -> Row

    public init(
        _ source: Source, alignment: VerticalAlignment = .top, spacing: Int = 1, estimatedColumnWidth: Int = 8,
        overscan: Int = 2, pinnedSectionHeaders: Bool = false, @ViewBuilder column: @escaping (Source.Item) -> Row
    ) {
        self.source = source
        row = column
        settings = LazyStackSettings(
            axis: .horizontal, alignment: alignment.cross, spacing: max(0, spacing),
            estimate: max(1, estimatedColumnWidth),
            overscan: max(0, overscan), pinsHeaders: pinnedSectionHeaders)
    }

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        LazyStackNode(source: view.source, row: view.row, settings: view.settings, context)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: LazyStackNode<Source, Row>.self, for: view) {
            $0.update(source: view.source, row: view.row, settings: view.settings, context)
        }
    }
}

struct LazyStackSettings: Equatable {
    var axis: Axis
    var alignment: CrossAlignment
    var spacing: Int
    var estimate: Int
    var overscan: Int
    var pinsHeaders: Bool

    var step: Int { estimate + spacing }
}

/// Counts a lazy stack keeps, for tests and benchmarks.
public struct LazyStackStatistics: Equatable, Sendable {
    /// Row nodes built by every lazy stack and view updates applied by every
    /// host so far, process-wide: a frame that moved neither only scrolled
    /// or animated (allocation tests classify frames by them). Counted on the
    /// one thread that drives views.
    @exclusivity(unchecked) nonisolated(unsafe) public static var allRowsBuilt = 0
    @exclusivity(unchecked) nonisolated(unsafe) public static var allViewUpdates = 0

    /// Row nodes built since the stack was created.
    public var rowsBuilt: Int
    /// Row nodes updated in place after a view update.
    public var rowsUpdated: Int
    /// Rows a view update left alone: their `Equatable` view was equal to
    /// the one their node already showed.
    public var rowsKept: Int = 0
    /// Rows currently built (visible plus overscan).
    public var liveRows: Int
    /// Row lengths remembered.
    public var rememberedLengths: Int
    /// Times the stack laid its rows out; a stack placed again with no
    /// scroll request since (its parent only moved) is translated instead.
    public var layouts: Int = 0
}

/// Whether a lazy stack that builds rows to fill its viewport leaves its
/// overscan to the next frame (`LazyStackNode.arrangeRows`). A switch for
/// tests, which compare every frame of the scenes with it off (the overscan
/// built in the same frame, a jump's excepted, as before); on in use.
public enum LazyOverscan {
    @exclusivity(unchecked) nonisolated(unsafe) public static var waitsForShownRows = true
    /// Placements that left their overscan to the next frame, in this process (for tests).
    @exclusivity(unchecked) nonisolated(unsafe) public static var placementsThatWaited = 0
    /// Lazy stacks placing their rows now (nested in each other's rows).
    @exclusivity(unchecked) nonisolated(unsafe) static var placingRows = 0
}
