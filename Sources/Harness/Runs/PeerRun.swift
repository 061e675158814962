import FrameGrid
import TerminalOutput
import Workloads

/// Runs a workload through one or both renderers on the same frames.
///
/// With both backends, they take turns in blocks of `blockLength` frames,
/// each drawing the same frames into its own grid, the order alternating
/// from block to block.
public enum PeerRun {
    /// Frames a backend renders before the other takes its turn.
    public static let blockLength = 50

    public static func run(_ settings: RunSettings) throws -> RunResult {
        // Each backend draws from its own instance: scenes have state (scroll
        // positions, animations) and play their frames in order.
        func makeWorkload() throws -> Workload {
            guard let workload = try WorkloadFactory.make(settings.workload, settings: settings.workloadSettings) else {
                throw UsageError("unknown scenario '\(settings.workload)' (known: \(WorkloadCatalog.names.joined(separator: ", ")))")
            }
            return workload
        }
        let workload = try makeWorkload()
        let capabilities: TerminalCapabilities
        do {
            capabilities = try TerminalCapabilities.load(term: settings.term)
        } catch {
            throw UsageError("\(error)")
        }
        let backends = settings.backend.members
        let ours = backends.contains(.framebench)
            ? TerminalRenderer(capabilities: capabilities, options: settings.encoderOptions) : nil
        let sink = CountingSink()
        let reference = backends.contains(.ncurses) ? try NcursesRenderer(term: settings.term, size: settings.size) : nil
        let referenceWorkload = backends.count > 1 ? try makeWorkload() : workload
        defer { reference?.close() }

        var oursSamples = FrameSamples()
        var referenceSamples = FrameSamples()
        oursSamples.reserve(settings.frames)
        referenceSamples.reserve(settings.frames)
        var oursGrid = Grid(size: settings.size)
        var referenceGrid = Grid(size: settings.size)
        try ours?.begin(to: sink)

        // Backends take turns in blocks of frames, each drawing the same
        // frames into its own grid: each runs warm, as in its own program,
        // and drift in the machine's speed falls on both alike.
        var blockStart = 0
        var block = 0
        while blockStart < settings.frames {
            let blockEnd = min(settings.frames, blockStart + PeerRun.blockLength)
            let order: [Backend] = block % 2 == 0 ? [.framebench, .ncurses] : [.ncurses, .framebench]
            for backend in order {
                for index in blockStart..<blockEnd {
                    let measured = index >= settings.warmUpFrames
                    if backend == .framebench, let ours {
                        let produced = ProducePhases.measure(workload, frame: index, into: &oursGrid)
                        try renderOurs(
                            ours, &oursGrid, sink, &oursSamples, measured, produced, workload.drawsIncrementally,
                            settings.injection)
                    } else if backend == .ncurses, let reference {
                        var produced = ProducePhases.measure(referenceWorkload, frame: index, into: &referenceGrid)
                        if referenceGrid.size != reference.size { reference.resize(to: referenceGrid.size) }
                        let transferStart = MonotonicClock.now()
                        let transferAllocations = AllocationSnapshot.now()
                        reference.transfer(referenceGrid)
                        let transferEnd = MonotonicClock.now()
                        let before = AllocationSnapshot.now()
                        produced.layoutNanoseconds += Double(transferEnd - transferStart)
                        produced.layoutAllocations.allocations += before.since(transferAllocations).allocations
                        produced.layoutAllocations.bytes += before.since(transferAllocations).bytes
                        let bytes = reference.update()
                        let end = MonotonicClock.now()
                        let allocated = AllocationSnapshot.now().since(before)
                        if measured {
                            referenceSamples.append(Double(end - transferEnd), to: .frameTime)
                            produced.record(into: &referenceSamples)
                            referenceSamples.append(Double(bytes), to: .bytes)
                            referenceSamples.append(Double(allocated.allocations), to: .allocations)
                            referenceSamples.append(Double(allocated.bytes), to: .allocatedBytes)
                        }
                    }
                }
            }
            blockStart = blockEnd
            block += 1
        }

        var results: [BackendResult] = []
        var idle: IdleFrameResult?
        if let ours {
            results.append(
                BackendResult(
                    backend: .framebench, stage: "diff+encode", samples: oursSamples,
                    runMedians: [Summary(oursSamples[.frameTime]).p50]))
            idle = try measureIdleFrame(ours, workload: workload, frame: settings.frames - 1)
        }
        if reference != nil {
            results.append(
                BackendResult(
                    backend: .ncurses, stage: "doupdate", samples: referenceSamples,
                    runMedians: [Summary(referenceSamples[.frameTime]).p50]))
        }
        return RunResult(settings: settings, results: results, idle: idle, peakResidentBytes: PeakMemory.residentBytes())
    }

    /// One frame through our renderer, timed and counted by phase. Not
    /// inlined, so instruction profiles can attribute the render stage.
    @inline(never)
    static func renderOurs(
        _ renderer: TerminalRenderer, _ grid: inout Grid, _ sink: CountingSink,
        _ samples: inout FrameSamples, _ measured: Bool, _ produced: ProducePhases, _ incremental: Bool,
        _ injection: RegressionInjection
    ) throws {
        let before = AllocationSnapshot.now()
        let start = MonotonicClock.now()
        let diff = renderer.diff(grid)
        let diffed = MonotonicClock.now()
        let afterDiff = AllocationSnapshot.now()
        renderer.encode(diff, grid)
        injection.apply()
        let encoded = MonotonicClock.now()
        let afterEncode = AllocationSnapshot.now()
        try renderer.write(to: sink)
        let written = MonotonicClock.now()
        let afterWrite = AllocationSnapshot.now()
        if measured {
            samples.append(Double(encoded - start), to: .frameTime)
            samples.append(Double(diffed - start), to: .diffTime)
            samples.append(Double(encoded - diffed), to: .encodeTime)
            samples.append(Double(written - encoded), to: .writeTime)
            produced.record(into: &samples)
            samples.append(Double(renderer.encoder.output.count), to: .bytes)
            let stage = afterEncode.since(before)
            samples.append(Double(stage.allocations), to: .allocations)
            samples.append(Double(stage.bytes), to: .allocatedBytes)
            let diffAllocated = afterDiff.since(before)
            let encodeAllocated = afterEncode.since(afterDiff)
            let writeAllocated = afterWrite.since(afterEncode)
            samples.append(Double(diffAllocated.allocations), to: .diffAllocations)
            samples.append(Double(diffAllocated.bytes), to: .diffAllocatedBytes)
            samples.append(Double(encodeAllocated.allocations), to: .encodeAllocations)
            samples.append(Double(encodeAllocated.bytes), to: .encodeAllocatedBytes)
            samples.append(Double(writeAllocated.allocations), to: .writeAllocations)
            samples.append(Double(writeAllocated.bytes), to: .writeAllocatedBytes)
            samples.append(Double(diff.changedCells), to: .dirtyCells)
            samples.append(Double(diff.rowsTouched), to: .dirtyRows)
            samples.append(Double(diff.rects.count), to: .dirtyRects)
            samples.append(Double(diff.scrolls.count), to: .scrollOperations)
        }
        if incremental {
            renderer.commit(grid)
        } else {
            renderer.commit(swapping: &grid)
        }
    }

    /// Diffs the shown frame against itself (a copy) and against a redraw of the same frame.
    private static func measureIdleFrame(_ renderer: TerminalRenderer, workload: Workload, frame: Int) throws -> IdleFrameResult? {
        guard let shown = renderer.shown else { return nil }
        let repetitions = 2_000
        var copied: [Double] = []
        copied.reserveCapacity(repetitions)
        let copy = shown
        var bytes = 0
        for _ in 0..<repetitions {
            let start = MonotonicClock.now()
            let diff = renderer.differ.diff(shown, copy)
            copied.append(Double(MonotonicClock.now() - start))
            renderer.encode(diff, copy)
            bytes = max(bytes, renderer.encoder.output.count)
        }
        var redrawn = Grid(size: shown.size)
        if workload.drawsIncrementally {
            redrawn = shown
            for y in 0..<shown.rows { redrawn.write("", x: 0, y: y) }  // new stamps, same cells
        } else {
            workload.update(frame: frame)
            workload.draw(frame: frame, into: &redrawn)
        }
        var redrawnTimes: [Double] = []
        redrawnTimes.reserveCapacity(repetitions)
        var redrawnBytes = 0
        for _ in 0..<repetitions {
            let start = MonotonicClock.now()
            let diff = renderer.differ.diff(shown, redrawn)
            redrawnTimes.append(Double(MonotonicClock.now() - start))
            renderer.encode(diff, redrawn)
            redrawnBytes = max(redrawnBytes, renderer.encoder.output.count)
        }
        return IdleFrameResult(
            bytes: bytes, copiedFrameDiff: Summary(copied), redrawnFrameDiff: Summary(redrawnTimes),
            redrawnBytes: redrawnBytes)
    }
}
