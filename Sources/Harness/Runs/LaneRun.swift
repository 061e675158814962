import FrameGrid
import TerminalOutput
import Workloads

/// Runs a workload through one or both lanes on the same frames: each
/// lane's frames go through `FramePipeline`, measured by `PhaseMarks`.
///
/// With both backends, the lanes take turns in blocks of `blockLength`
/// frames, each drawing the same frames from its own workload instance, the
/// order alternating from block to block: each runs warm, as in its own
/// program, and drift in the machine's speed falls on both alike.
public enum LaneRun {
    /// Frames a lane renders before the other takes its turn.
    public static let blockLength = 50

    /// - Parameter afterBlock: called with the frames done after each block,
    ///   outside every measured frame (a child's progress, `ChildProgress`).
    public static func run(_ settings: RunSettings, afterBlock: (_ framesDone: Int) -> Void = { _ in }) throws -> RunResult {
        let backends = settings.backend.members
        // Each lane draws from its own instance: scenes have state (scroll
        // positions, animations) and play their frames in order.
        let ours = try backends.contains(.framebench)
            ? FramebenchLane(
                workload: settings.viewProfiler.wrap(try settings.makeWorkload()),
                capabilities: capabilities(settings.term), settings: settings) : nil
        let reference = try backends.contains(.ncurses)
            ? NcursesLane(workload: settings.makeWorkload(), settings: settings)
            : nil
        defer { reference?.close() }

        var blockStart = 0
        var block = 0
        while blockStart < settings.frames {
            let blockEnd = min(settings.frames, blockStart + LaneRun.blockLength)
            let order: [Backend] = block % 2 == 0 ? [.framebench, .ncurses] : [.ncurses, .framebench]
            for backend in order {
                for index in blockStart..<blockEnd {
                    let measured = index >= settings.warmUpFrames
                    // Under callgrind, instructions are collected in measured frames only.
                    InstructionCounter.setMeasured(measured)
                    if backend == .framebench, let ours {
                        try ours.frame(index, measured: measured)
                    } else if backend == .ncurses, let reference {
                        try reference.frame(index, measured: measured)
                    }
                    InstructionCounter.endFrame()
                }
            }
            blockStart = blockEnd
            block += 1
            afterBlock(blockEnd)
        }
        InstructionCounter.endMeasuredFrames()

        var results: [BackendResult] = []
        var idle: IdleFrameResult?
        if let ours {
            results.append(result(.framebench, FramebenchLane.stage, ours.samples))
            // The counted child skips it: it is not a frame, and callgrind makes it slow.
            if !InstructionCounter.isActive { idle = try ours.measureIdleFrame(frame: settings.frames - 1) }
        }
        if let reference {
            results.append(result(.ncurses, NcursesLane.stage, reference.samples))
        }
        return RunResult(settings: settings, results: results, idle: idle, peakResidentBytes: PeakMemory.residentBytes())
    }

    static func result(_ backend: Backend, _ stage: String, _ samples: FrameSamples) -> BackendResult {
        BackendResult(
            backend: backend, stage: stage, samples: samples,
            runs: [samples.record(of: BackendResult.metrics(of: backend).filter { $0.kind != .instructions })])
    }

    static func capabilities(_ term: String) throws -> TerminalCapabilities {
        do {
            return try TerminalCapabilities.load(term: term)
        } catch {
            throw UsageError("\(error)")
        }
    }
}

/// The name `LaneRun` had before (issue 33: a name that did not say what it
/// runs); kept while other branches still call it.
typealias PeerRun = LaneRun
