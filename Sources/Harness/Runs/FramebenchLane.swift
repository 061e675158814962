#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FrameGrid
import TerminalOutput
import Workloads

/// framebench's side of a run: the workload updates and draws into a grid,
/// the renderer diffs it against the shown frame, encodes the difference and
/// writes it to a scratch file (`FramePipeline` with `TerminalRendererStage`).
/// A measured frame's probe (`PhaseMarks`) reads the clock and the
/// allocation counters at its start and after every phase.
final class FramebenchLane {
    static let stage = "diff+encode"

    private let pipeline: FramePipeline<TerminalRendererStage>
    private let output: ScratchFile
    private let injection: RegressionInjection
    @exclusivity(unchecked) private(set) var samples = FrameSamples()
    /// The size of the frame shown last, measured or not: a measured frame
    /// shown at another size resized the terminal.
    @exclusivity(unchecked) private var shownSize: Size?

    var workload: Workload { pipeline.workload }
    var renderer: TerminalRenderer { pipeline.stage.renderer }

    init(workload: Workload, capabilities: TerminalCapabilities, settings: RunSettings) throws {
        let renderer = TerminalRenderer(capabilities: capabilities, options: settings.encoderOptions)
        output = try ScratchFile()
        let stage = TerminalRendererStage(renderer: renderer, sink: output.sink, scratch: output, workload: workload)
        pipeline = FramePipeline(workload: workload, stage: stage, size: settings.size)
        injection = settings.injection
        samples.reserve(settings.frames, budget: settings.frameBudgetNanoseconds)
        try renderer.begin(to: output.sink)
    }

    /// Draws, renders and writes frame `index`; records it when `measured`.
    /// Not inlined, so instruction profiles can attribute a frame.
    @inline(never)
    func frame(_ index: Int, measured: Bool) throws {
        // Read outside the clock pair: a system call each, not the frame's.
        let switchesBefore = FramebenchLane.involuntarySwitches()
        // Each phase's injected regression runs inside the phase, so both
        // its clock and its instruction count see it.
        var marks = PhaseMarks(injection: injection)
        try pipeline.frame(index, &marks)
        let sizeBefore = shownSize
        shownSize = renderer.shown?.size
        guard measured else { return }
        samples.noteFrame(
            switches: FramebenchLane.involuntarySwitches() - switchesBefore,
            resized: sizeBefore != nil && shownSize != sizeBefore)
        pipeline.stage.record(marks, into: &samples)
    }

    /// The process's involuntary context switches so far (the machine gave
    /// the processor to another process before this one was done).
    static func involuntarySwitches() -> Int { InvoluntarySwitches.now() }

    /// The same frame without probes: what `ProbeOverhead` compares against.
    @inline(never)
    func bareFrame(_ index: Int) throws {
        var none = NoProbe()
        try pipeline.frame(index, &none)
    }

    /// Diffs the shown frame against itself (a copy) and against a redraw of the same frame.
    func measureIdleFrame(frame: Int) throws -> IdleFrameResult? {
        guard let shown = renderer.shown else { return nil }
        let (copied, bytes) = timeDiffs(from: shown, to: shown)
        var redrawn = Grid(size: shown.size)
        if workload.drawsIncrementally {
            redrawn = shown
        } else {
            try workload.update(frame: frame)
            workload.draw(frame: frame, into: &redrawn)
        }
        // New stamps, same cells: a host that reuses its last frame copies
        // the stamps too, and this measures the diff comparing cells.
        for y in 0..<redrawn.rows { redrawn.write("", x: 0, y: y) }
        let (redrawnTimes, redrawnBytes) = timeDiffs(from: shown, to: redrawn)
        return IdleFrameResult(
            bytes: bytes, copiedFrameDiff: Summary(copied), redrawnFrameDiff: Summary(redrawnTimes),
            redrawnBytes: redrawnBytes)
    }

    /// Diffs `next` against `shown` 2,000 times: each diff's time, and the most bytes an encoding took.
    private func timeDiffs(from shown: Grid, to next: Grid) -> (times: [Double], bytes: Int) {
        let repetitions = 2_000
        var times: [Double] = []
        times.reserveCapacity(repetitions)
        var bytes = 0
        for _ in 0..<repetitions {
            let start = MonotonicClock.now()
            let diff = renderer.differ.diff(shown, next)
            times.append(Double(MonotonicClock.now() - start))
            renderer.encode(diff, next)
            bytes = max(bytes, renderer.encoder.output.count)
        }
        return (times, bytes)
    }
}
