import FrameGrid

/// One of two views, chosen by an `if`/`else` in a builder. Switching
/// branches replaces the content (with its transitions); staying updates it.
public struct ConditionalContent<First: View, Second: View>: View {
    public typealias Body = Never
    enum Storage {
        case first(First)
        case second(Second)
    }
    let storage: Storage

    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        switch view.storage {
        case .first(let first): return SlotNode.make(first, key: .branch(0), context)
        case .second(let second): return SlotNode.make(second, key: .branch(1), context)
        }
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: SlotNode.self, for: view) { slot in
            switch view.storage {
            case .first(let first): slot.update(first, key: .branch(0), context)
            case .second(let second): slot.update(second, key: .branch(1), context)
            }
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never

    @inlinable
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        SlotNode.make(view, key: .branch(view == nil ? 0 : 1), context)
    }

    @inlinable
    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        context.reuse(node, as: SlotNode.self, for: view) { slot in
            slot.update(view, key: .branch(view == nil ? 0 : 1), context)
        }
    }
}
