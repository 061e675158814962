import FrameGrid

/// A rectangle in fractional cells: where an animating view is between frames.
public struct FrameRect: Equatable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(_ rect: Rect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }

    /// The nearest whole-cell rectangle (edges rounded, so sizes stay consistent).
    public var rounded: Rect {
        let left = FrameRect.nearest(x)
        let top = FrameRect.nearest(y)
        return Rect(x: left, y: top, width: FrameRect.nearest(x + width) - left, height: FrameRect.nearest(y + height) - top)
    }

    /// `Int(value.rounded())` (halves away from zero) without the C
    /// library's `round`, a call per edge on every presented frame of every
    /// drawn node: truncate, then step away from zero when the part cut off
    /// is at least a half (exact: the difference of a double and its
    /// truncation is a double). Traps where `Int(_:)` does.
    @inline(__always)
    static func nearest(_ value: Double) -> Int {
        let whole = Int(value)
        let rest = value - Double(whole)
        return rest >= 0.5 ? whole + 1 : (rest <= -0.5 ? whole - 1 : whole)
    }

    static func interpolate(_ from: FrameRect, _ to: FrameRect, _ progress: Double) -> FrameRect {
        FrameRect(
            x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress,
            width: max(0, from.width + (to.width - from.width) * progress),
            height: max(0, from.height + (to.height - from.height) * progress))
    }
}

/// A node's motion from one frame to another, started at a time on the host's clock.
struct FrameAnimation {
    var from: FrameRect
    var to: FrameRect
    let start: Double
    let animation: Animation

    init(from: FrameRect, to: Rect, start: Double, animation: Animation) {
        self.from = from
        self.to = FrameRect(to)
        self.start = start
        self.animation = animation
    }

    var endTime: Double { start + animation.duration }

    func frame(at time: Double) -> FrameRect {
        FrameRect.interpolate(from, to, animation.progress(at: time - start))
    }

    /// The target moved by layout alone (a scroll): move the whole motion with it.
    mutating func retarget(from old: Rect, to new: Rect) {
        from.x += Double(new.x - old.x)
        from.y += Double(new.y - old.y)
        from.width += Double(new.width - old.width)
        from.height += Double(new.height - old.height)
        to = FrameRect(new)
    }
}

/// Where a newly inserted subtree starts: nodes at the inserted frame start
/// at `from`; nodes inside it keep their size and shift with it.
struct InsertionEffect {
    let from: FrameRect
    let to: Rect

    func start(for rect: Rect) -> FrameRect {
        if rect == to { return from }
        var start = FrameRect(rect)
        start.x += from.x - Double(to.x)
        start.y += from.y - Double(to.y)
        return start
    }
}
