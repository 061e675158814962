import FrameGrid
import Workloads

/// The one frame: the workload's update and layout, then the render
/// stage's phases (ours: diff, encode, write with the commit; the ncurses
/// lane: transfer, render). Lanes, the bare frame, recordings, `--verify`
/// and live mode all run their frames through here; what differs is the
/// stage and the probe (`FrameProbe`), never the sequence.
///
/// Generic over the stage and, per call, the probe, so each use is
/// specialised: the measured frame pays for its probe's clock reads and
/// snapshots only, the bare frame (`NoProbe`) for nothing.
public final class FramePipeline<Stage: RenderStage> {
    /// What draws the frames.
    public let workload: Workload
    public let stage: Stage
    /// The grid the workload draws into. After a frame it may hold an older
    /// frame (a stage may swap grids): read the frame from `shownFrame`.
    public var grid: Grid { canvas }
    /// Read and written inside the phases as a stored property of a class,
    /// as the lanes' grids always were: handed down as an inout argument
    /// instead, the phases' code changed (the ncurses lane's transfer
    /// reloaded it after every ncurses call, 21,000 instructions a frame).
    @exclusivity(unchecked) var canvas: Grid

    public init(workload: Workload, stage: Stage, size: Size) {
        self.workload = workload
        self.stage = stage
        canvas = Grid(size: size)
    }

    /// Runs frame `index` with `probe` watching. The stage's bookkeeping
    /// (byte counts, emptying scratch files) runs after the last boundary,
    /// outside the timed window.
    @inline(__always)
    public func frame<Probe: FrameProbe>(_ index: Int, _ probe: inout Probe) throws {
        probe.mark(0)
        try InstructionCounter.phase(.update, lane: Stage.lane) {
            try workload.update(frame: index)
            probe.closing(.update, of: Stage.lane, start: 0)
        }
        probe.mark(1)
        InstructionCounter.phase(.layout, lane: Stage.lane) {
            workload.draw(frame: index, into: &canvas)
            probe.closing(.layout, of: Stage.lane, start: 1)
        }
        probe.mark(2)
        try stage.render(in: self, &probe)
        stage.finishFrame()
    }

    /// The frame just rendered, as the terminal now shows it.
    public var shownFrame: Grid { stage.shownFrame(drawnInto: canvas) }
}

extension FramePipeline where Stage == TerminalRendererStage {
    /// Starts over at `size` (live mode's resize): a blank grid, and the
    /// next frame repaints in full.
    public func restart(size: Size) {
        canvas = Grid(size: size)
        stage.renderer.invalidate()
    }
}

/// The lane's own end of a frame: what turns the drawn grid into bytes.
public protocol RenderStage: AnyObject {
    /// The lane whose instruction markers the phases run through.
    static var lane: Backend { get }
    /// The render phases on `pipeline.canvas`, ending at boundaries 3 and
    /// on (`FrameProbe`).
    func render<Probe: FrameProbe>(in pipeline: FramePipeline<Self>, _ probe: inout Probe) throws
    /// After the frame, outside its timed window: counts the frame's bytes.
    func finishFrame()
    /// Bytes the last frame wrote.
    var frameBytes: Int { get }
    /// The frame just rendered, given the grid it was drawn into.
    func shownFrame(drawnInto grid: Grid) -> Grid
    /// A measured frame's samples, from its marks and the stage's figures.
    func record(_ marks: PhaseMarks, into samples: inout FrameSamples)
}
