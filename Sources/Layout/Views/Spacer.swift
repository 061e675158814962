import FrameGrid

/// Empty space that grows along its stack's axis, after every other child
/// has had its share. Outside a stack it grows both ways.
public struct Spacer: View {
    public typealias Body = Never
    let minLength: Int

    public init(minLength: Int? = nil) { self.minLength = minLength ?? 0 }

    public static func _makeNode(_ view: Spacer, _ context: BuildContext) -> ViewNode {
        guard let node = context.pooled(SpacerNode.self) else {
            return SpacerNode(minLength: view.minLength, axis: context.environment.stackAxis)
        }
        node.minLength = view.minLength
        node.axis = context.environment.stackAxis
        return node
    }

    public static func _updateNode(_ node: ViewNode, _ view: Spacer, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: SpacerNode.self, for: view) {
            $0.minLength = view.minLength
            $0.axis = context.environment.stackAxis
        }
    }
}

final class SpacerNode: ViewNode {
    var minLength: Int
    var axis: Axis?

    init(minLength: Int, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
    }

    override func dismantle(into pool: NodePool) {
        resetForReuse()
        pool.put(self)
    }

    override var layoutPriority: Double { -.infinity }

    // A leaf: nothing to move below it (the default walks `forEachChild`
    // through a closure, for every leaf of every scrolled row).
    override func translateChildren(x dx: Int, y dy: Int, _ context: LayoutContext) {}

    override func measure(_ proposal: ProposedSize) -> Size {
        let width = max(minLength, proposal.width ?? minLength)
        let height = max(minLength, proposal.height ?? minLength)
        switch axis {
        case .horizontal: return Size(cols: width, rows: 0)
        case .vertical: return Size(cols: 0, rows: height)
        case nil: return Size(cols: width, rows: height)
        }
    }
}
