import FrameGrid

/// A rectangle: filled cells, or a `┌─┐` box.
public struct Rectangle: Shape {
    public init() {}
    public var outline: ShapeOutline { .rectangle }
}

/// A rectangle with round corners: quarter blocks when filled, `╭─╮` when
/// stroked. Any radius draws the same corners: a cell cannot show a smaller curve.
public struct RoundedRectangle: Shape {
    public let cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var outline: ShapeOutline { .roundedRectangle }
}

/// A rectangle with fully round ends: half blocks (`▐ ▌`) or parentheses at the ends.
public struct Capsule: Shape {
    public init() {}
    public var outline: ShapeOutline { .capsule }
}

/// An ellipse inscribed in the frame (a circle when the frame is twice as
/// wide as tall, cells being about twice as tall as wide), in half blocks.
public struct Circle: Shape {
    public init() {}
    public var outline: ShapeOutline { .ellipse }
}
