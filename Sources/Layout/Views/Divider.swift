import FrameGrid

/// A thin line across its stack: horizontal ("─") in a `VStack` or alone,
/// vertical ("│") in an `HStack`. Drawn dim unless a colour is set.
public struct Divider: View {
    public typealias Body = Never
    public init() {}

    public static func _makeNode(_ view: Divider, _ context: BuildContext) -> ViewNode {
        DividerNode(vertical: context.environment.stackAxis == .horizontal, style: dividerStyle(context))
    }

    public static func _updateNode(_ node: ViewNode, _ view: Divider, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: DividerNode.self, for: view) {
            $0.vertical = context.environment.stackAxis == .horizontal
            $0.style = dividerStyle(context)
        }
    }

    private static func dividerStyle(_ context: BuildContext) -> Style {
        var style = context.environment.textStyle
        if context.environment.foreground == nil { style.attributes.insert(.dim) }
        return style
    }
}

final class DividerNode: ViewNode {
    var vertical: Bool
    var style: Style

    init(vertical: Bool, style: Style) {
        self.vertical = vertical
        self.style = style
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        vertical ? Size(cols: 1, rows: proposal.height ?? 1) : Size(cols: proposal.width ?? 1, rows: 1)
    }

    // A leaf: nothing to move below it (the default walks `forEachChild`
    // through a closure, for every leaf of every scrolled row).
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {}

    // A vertical one down its frame; a horizontal one along its frame's top row, whatever its height.
    override var drawsAtPresentedFrame: Bool { true }

    override func addRows(presentedAt frame: FrameRect, to drawn: inout DrawnRows, _ context: RenderContext) {
        let rect = ViewNode.drawnRect(frame, context)
        if vertical { return drawn.add(rect.y, rect.maxY, by: self) }
        if rect.width > 0 { drawn.add(rect.y, rect.y + 1, by: self) }
    }

    override func draw(into grid: inout Grid, _ context: RenderContext) {
        let rect = presentedRect(context)
        if vertical {
            for y in rect.y..<rect.maxY {
                grid.write("│", x: rect.x, y: y, style: style.over(grid, x: rect.x, y: y), clip: context.clip)
            }
        } else {
            CellPainter.repeatGlyph(
                "─", row: rect.y, columns: rect.x..<rect.maxX, style: style, grid: &grid, clip: context.clip,
                keepingBackgrounds: style.background.isDefault)
        }
    }
}
