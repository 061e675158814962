import FrameGrid

/// Something that draws frame after frame: the stand-in for a scene until
/// the layout engine's scenes exist. Frame `index` is a pure function of the
/// workload's settings and the index, so two backends see the same frames.
public protocol Workload: AnyObject {
    /// The name used on the command line.
    static var name: String { get }
    var size: Size { get }
    /// Draws frame `index` into `grid` (of `size`). The grid's contents are
    /// stale (any earlier frame): redraw every row, or mutate a grid that
    /// still holds frame `index - 1` when `drawsIncrementally` is true.
    func draw(frame index: Int, into grid: inout Grid)
    /// Whether `draw` relies on the grid holding the previous frame.
    var drawsIncrementally: Bool { get }
}

/// Settings every workload accepts.
public struct WorkloadSettings: Sendable, Equatable {
    public var size: Size
    public var seed: UInt64
    public var feedItems: Int

    public init(size: Size = Size(cols: 200, rows: 50), seed: UInt64 = 1, feedItems: Int = 1_000_000) {
        self.size = size
        self.seed = seed
        self.feedItems = feedItems
    }
}

/// The workloads `framebench` knows by name.
public enum WorkloadCatalog {
    public static let names = [PlainFeed.name, RandomEdits.name]

    public static func make(_ name: String, settings: WorkloadSettings) -> Workload? {
        switch name {
        case PlainFeed.name: return PlainFeed(settings: settings)
        case RandomEdits.name: return RandomEdits(settings: settings)
        default: return nil
        }
    }
}
