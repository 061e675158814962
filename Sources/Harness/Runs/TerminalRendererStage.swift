import FrameGrid
import TerminalOutput
import Workloads

/// Our lane's render stage: `TerminalRenderer` diffs the grid against the
/// shown frame, encodes the difference and writes it to `sink` in one
/// write, then commits the grid as shown.
public final class TerminalRendererStage: RenderStage {
    public static var lane: Backend { .framebench }

    public let renderer: TerminalRenderer
    private let sink: FrameSink
    /// The run's scratch file behind `sink`, emptied past its limit; nil
    /// when the sink keeps every byte (a recording, `--verify`, a terminal).
    private let scratch: ScratchFile?
    /// A workload that draws over, or reuses, its last grid keeps it: the
    /// renderer copies the changed rows. Any other swaps grids with the
    /// renderer (no cells copied). Asked inside every frame's write phase,
    /// as the lanes always have: hoisting it out saves some 150
    /// instructions a frame but would move every baseline's write figure.
    private let workload: Workload
    @exclusivity(unchecked) public private(set) var frameBytes = 0
    /// The last frame's diff (the differ's own, refilled every frame).
    @exclusivity(unchecked) public private(set) var lastDiff: FrameDiff?

    /// `workload`'s flags decide how frames are committed.
    public convenience init(renderer: TerminalRenderer, sink: FrameSink, workload: Workload) {
        self.init(renderer: renderer, sink: sink, scratch: nil, workload: workload)
    }

    init(renderer: TerminalRenderer, sink: FrameSink, scratch: ScratchFile?, workload: Workload) {
        self.renderer = renderer
        self.sink = sink
        self.scratch = scratch
        self.workload = workload
    }

    @inline(__always)
    public func render<Probe: FrameProbe>(
        in pipeline: FramePipeline<TerminalRendererStage>, _ probe: inout Probe
    ) throws {
        let diff = InstructionCounter.phase(.diff, lane: .framebench) {
            let diff = renderer.diff(pipeline.canvas)
            probe.closing(.diff, of: .framebench, start: 2)
            return diff
        }
        probe.mark(3)
        InstructionCounter.phase(.encode, lane: .framebench) {
            renderer.encode(diff, pipeline.canvas)
            probe.closing(.encode, of: .framebench, start: 3)
        }
        probe.mark(4)
        try InstructionCounter.phase(.write, lane: .framebench) {
            try renderer.write(to: sink)
            if workload.drawsIncrementally || workload.reusesLastFrame {
                renderer.commit(pipeline.canvas)
            } else {
                renderer.commit(swapping: &pipeline.canvas)
            }
            probe.closing(.write, of: .framebench, start: 4)
        }
        probe.mark(5)
        lastDiff = diff
    }

    @inline(__always)
    public func finishFrame() {
        frameBytes = renderer.encoder.output.count
        scratch?.wrote(frameBytes)
    }

    public func shownFrame(drawnInto grid: Grid) -> Grid { renderer.shown ?? grid }

    public func record(_ marks: PhaseMarks, into samples: inout FrameSamples) {
        samples.recordTimes(
            start: marks.clock(0), updated: marks.clock(1), drawn: marks.clock(2), diffed: marks.clock(3),
            encoded: marks.clock(4), end: marks.clock(5))
        samples.record(.frame, marks.allocated(0, 5))
        samples.record(.render, marks.allocated(2, 4))
        samples.record(.update, marks.allocated(0, 1))
        samples.record(.layout, marks.allocated(1, 2))
        samples.record(.diff, marks.allocated(2, 3))
        samples.record(.encode, marks.allocated(3, 4))
        samples.record(.write, marks.allocated(4, 5))
        samples.append(Double(frameBytes), to: .bytes)
        guard let diff = lastDiff else { return }
        samples.append(Double(diff.changedCells), to: .dirtyCells)
        samples.append(Double(diff.rowsTouched), to: .dirtyRows)
        samples.append(Double(diff.rects.count), to: .dirtyRects)
        samples.append(Double(diff.scrolls.count), to: .scrollOperations)
    }
}
