import FrameGrid

/// The size a parent offers a child. `nil` on an axis asks for the child's
/// ideal size; `ProposedSize.unbounded` asks for its largest.
public struct ProposedSize: Hashable, Sendable {
    public var width: Int?
    public var height: Int?

    @inlinable public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    @inlinable public init(_ size: Size) { self.init(width: size.cols, height: size.rows) }

    /// "As large as you like": big enough for any screen, small enough that sums do not overflow.
    public static let unbounded = Int.max >> 8
    public static let ideal = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)

    @inlinable func value(_ axis: Axis) -> Int? { axis == .horizontal ? width : height }

    @inlinable static func along(_ axis: Axis, _ main: Int?, cross: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}

extension Int {
    /// `.frame(maxWidth: .infinity)`: as wide as offered.
    public static var infinity: Int { ProposedSize.unbounded }
}

/// A layout axis.
public enum Axis: Sendable {
    case horizontal, vertical

    /// Both, one or no axes (for `ScrollView`).
    public struct Set: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Where a child sits across a vertical stack.
public enum HorizontalAlignment: Sendable { case leading, center, trailing }
/// Where a child sits across a horizontal stack.
public enum VerticalAlignment: Sendable { case top, center, bottom }

/// Where a child sits inside a larger frame, on both axes.
public struct Alignment: Sendable, Equatable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The origin of a `size` box aligned inside `rect`.
    @inlinable func origin(of size: Size, in rect: Rect) -> (x: Int, y: Int) {
        let x: Int
        switch horizontal {
        case .leading: x = rect.x
        case .center: x = rect.x + (rect.width - size.cols) / 2
        case .trailing: x = rect.maxX - size.cols
        }
        let y: Int
        switch vertical {
        case .top: y = rect.y
        case .center: y = rect.y + (rect.height - size.rows) / 2
        case .bottom: y = rect.maxY - size.rows
        }
        return (x, y)
    }
}

/// A side of a rectangle, and sets of sides (for `padding`).
public enum Edge: Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

extension Size {
    @inlinable static var zero: Size { Size(cols: 0, rows: 0) }
    @inlinable func value(_ axis: Axis) -> Int { axis == .horizontal ? cols : rows }
    @inlinable static func along(_ axis: Axis, _ main: Int, cross: Int) -> Size {
        axis == .horizontal ? Size(cols: main, rows: cross) : Size(cols: cross, rows: main)
    }
}

extension Rect {
    @inlinable static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }
    @inlinable var size: Size { Size(cols: width, rows: height) }
    @inlinable func offsetBy(x dx: Int, y dy: Int) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}
