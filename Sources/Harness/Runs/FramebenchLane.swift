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
/// writes it to a file. One clock pair spans the whole frame; clock reads and
/// allocation snapshots between the phases split it.
final class FramebenchLane {
    static let stage = "diff+encode"

    let workload: Workload
    let renderer: TerminalRenderer
    private let output: ScratchFile
    private var grid: Grid
    private let injection: RegressionInjection
    private(set) var samples = FrameSamples()

    init(workload: Workload, capabilities: TerminalCapabilities, settings: RunSettings) throws {
        self.workload = workload
        renderer = TerminalRenderer(capabilities: capabilities, options: settings.encoderOptions)
        output = try ScratchFile()
        grid = Grid(size: settings.size)
        injection = settings.injection
        samples.reserve(settings.frames)
        try renderer.begin(to: output.sink)
    }

    /// Draws, renders and writes frame `index`; records it when `measured`.
    /// Not inlined, so instruction profiles can attribute a frame.
    @inline(never)
    func frame(_ index: Int, measured: Bool) throws {
        // Read outside the clock pair: a system call each, not the frame's.
        let switchesBefore = FramebenchLane.involuntarySwitches()
        let start = MonotonicClock.now()
        let startAllocations = AllocationSnapshot.now()

        // Each phase's injected regression runs inside the phase, so both
        // its clock and its instruction count see it.
        try InstructionCounter.phase(.update, lane: .ours) {
            try workload.update(frame: index)
            injection.apply(in: .update, since: start)
        }
        let updated = MonotonicClock.now()
        let updatedAllocations = AllocationSnapshot.now()

        InstructionCounter.phase(.layout, lane: .ours) {
            workload.draw(frame: index, into: &grid)
            injection.apply(in: .layout, since: updated)
        }
        let drawn = MonotonicClock.now()
        let drawnAllocations = AllocationSnapshot.now()

        let diff = InstructionCounter.phase(.diff, lane: .ours) {
            let diff = renderer.diff(grid)
            injection.apply(in: .diff, since: drawn)
            return diff
        }
        let diffed = MonotonicClock.now()
        let diffedAllocations = AllocationSnapshot.now()

        InstructionCounter.phase(.encode, lane: .ours) {
            renderer.encode(diff, grid)
            injection.apply(in: .encode, since: diffed)
        }
        let encoded = MonotonicClock.now()
        let encodedAllocations = AllocationSnapshot.now()

        try InstructionCounter.phase(.write, lane: .ours) {
            try renderer.write(to: output.sink)
            if workload.drawsIncrementally || workload.reusesLastFrame { renderer.commit(grid) } else { renderer.commit(swapping: &grid) }
            injection.apply(in: .write, since: encoded)
        }
        let end = MonotonicClock.now()
        let endAllocations = AllocationSnapshot.now()

        let bytes = renderer.encoder.output.count
        output.wrote(bytes)
        guard measured else { return }
        samples.preemptions.append(Double(FramebenchLane.involuntarySwitches() - switchesBefore))
        samples.recordTimes(start: start, updated: updated, drawn: drawn, diffed: diffed, encoded: encoded, end: end)
        samples.record(.frame, endAllocations.since(startAllocations))
        samples.record(.render, encodedAllocations.since(drawnAllocations))
        samples.record(.update, updatedAllocations.since(startAllocations))
        samples.record(.layout, drawnAllocations.since(updatedAllocations))
        samples.record(.diff, diffedAllocations.since(drawnAllocations))
        samples.record(.encode, encodedAllocations.since(diffedAllocations))
        samples.record(.write, endAllocations.since(encodedAllocations))
        samples.append(Double(bytes), to: .bytes)
        samples.append(Double(diff.changedCells), to: .dirtyCells)
        samples.append(Double(diff.rowsTouched), to: .dirtyRows)
        samples.append(Double(diff.rects.count), to: .dirtyRects)
        samples.append(Double(diff.scrolls.count), to: .scrollOperations)
    }

    /// The process's involuntary context switches so far (the machine gave
    /// the processor to another process before this one was done).
    static func involuntarySwitches() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(truncatingIfNeeded: RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return usage.ru_nivcsw
    }

    /// The same frame without probes: what `ProbeOverhead` compares against.
    @inline(never)
    func bareFrame(_ index: Int) throws {
        try workload.update(frame: index)
        workload.draw(frame: index, into: &grid)
        let diff = renderer.diff(grid)
        renderer.encode(diff, grid)
        try renderer.write(to: output.sink)
        if workload.drawsIncrementally || workload.reusesLastFrame { renderer.commit(grid) } else { renderer.commit(swapping: &grid) }
        output.wrote(renderer.encoder.output.count)
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
