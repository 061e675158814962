import FrameGrid

/// A shape drawn with block and box-drawing characters. Shapes take the
/// whole size they are offered. Used as a view, a shape is filled with the
/// foreground colour; `.fill(_:)` and `.stroke(_:)` choose explicitly.
public protocol Shape: View where Body == Never {
    /// The outline this shape draws.
    var outline: ShapeOutline { get }
}

/// The outlines shapes can have.
public enum ShapeOutline: Sendable, Equatable {
    case rectangle
    case roundedRectangle
    case capsule
    case ellipse
}

/// How a shape is painted.
public enum ShapePaint: Equatable {
    /// Cells covered by the shape take the colour (nil: the foreground colour, as full blocks).
    case fill(Color?)
    /// The outline only, with box-drawing characters: light lines for a line
    /// width of 1, heavy ones for 2 or more (rings get thicker).
    case stroke(Color?, lineWidth: Int)
}

extension Shape {
    public static func _makeNode(_ view: Self, _ context: BuildContext) -> ViewNode {
        ShapeView(shape: view.outline, paint: .fill(nil)).makeNode(context)
    }

    public static func _updateNode(_ node: ViewNode, _ view: Self, _ context: BuildContext) -> ViewNode {
        ShapeView(shape: view.outline, paint: .fill(nil)).updateNode(node, context)
    }

    /// The shape filled with `color`.
    public func fill(_ color: Color) -> ShapeView { ShapeView(shape: outline, paint: .fill(color)) }
    /// The shape's outline in `color` (the foreground colour when nil).
    public func stroke(_ color: Color? = nil, lineWidth: Int = 1) -> ShapeView {
        ShapeView(shape: outline, paint: .stroke(color, lineWidth: max(1, lineWidth)))
    }
}
