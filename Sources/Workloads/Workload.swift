import FrameGrid

/// Something that draws frame after frame: what the harness measures. A
/// reference workload draws straight into the grid; a scene on the layout
/// engine becomes one through `SceneKit`'s `SceneWorkload`. Frame `index` is a
/// pure function of the workload's settings and the index, so two backends
/// see the same frames.
public protocol Workload: AnyObject {
    /// The name used on the command line.
    static var name: String { get }
    var size: Size { get }
    /// Brings the workload's state to frame `index` (items generated or
    /// fetched, positions): the update phase, timed apart from drawing.
    /// `draw` works without it, doing the update itself when needed.
    /// - Throws: when the workload cannot reach that frame (a scene asked
    ///   for an earlier frame whose feed file went away cannot start again).
    func update(frame index: Int) throws
    /// Draws frame `index` into `grid` (of `size`). The grid's contents are
    /// stale (any earlier frame): redraw every row, or mutate a grid that
    /// still holds frame `index - 1` when `drawsIncrementally` is true.
    func draw(frame index: Int, into grid: inout Grid)
    /// Whether `draw` relies on the grid holding the previous frame.
    var drawsIncrementally: Bool { get }
    /// Whether `draw` costs less when handed the grid it drew last (it
    /// tells that grid by its row stamps, so any grid is still drawn
    /// right): a harness then keeps one grid and commits it by its changed
    /// rows, instead of swapping grids, so a scrolled frame costs the rows
    /// that enter (see `PlainFeed`).
    var reusesLastFrame: Bool { get }
}

extension Workload {
    /// Workloads whose state is computed while drawing have no separate update.
    public func update(frame index: Int) {}

    /// Most workloads draw every row each frame.
    public var reusesLastFrame: Bool { false }
}
