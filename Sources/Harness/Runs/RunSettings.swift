import FrameGrid
import TerminalOutput
import Workloads

/// Which renderer a run measures.
public enum Backend: String, CaseIterable, Sendable {
    case framebench, ncurses, both

    /// The single backends this choice runs.
    public var members: [Backend] { self == .both ? [.framebench, .ncurses] : [self] }
}

/// Everything that decides what a run draws and measures.
public struct RunSettings: Sendable {
    public var workload: String
    public var frames: Int
    public var workloadSettings: WorkloadSettings
    public var backend: Backend
    public var term: String
    public var encoderOptions: EncoderOptions
    /// Frames at the start left out of the statistics (the first is a full repaint).
    public var warmUpFrames: Int
    /// The benchmark's name in reports (the scenario and size by default).
    public var name: String
    /// The input script driving the scenario (`default`: the workload's own).
    public var script: String {
        get { workloadSettings.script }
        set { workloadSettings.script = newValue }
    }
    /// Runs of the scenario whose frames are pooled; suites interleave them.
    public var repeats = 1
    /// A deliberate regression inside the render stage, for proving that the
    /// gate catches one (tests, and `--inject-allocations` / `--inject-delay-ns`).
    public var injection = RegressionInjection()

    public init(
        workload: String = PlainFeed.name, frames: Int = 2_000, workloadSettings: WorkloadSettings = WorkloadSettings(),
        backend: Backend = .framebench, term: String = "xterm-256color", encoderOptions: EncoderOptions = EncoderOptions(),
        warmUpFrames: Int? = nil
    ) {
        self.workload = workload
        self.frames = frames
        self.workloadSettings = workloadSettings
        self.backend = backend
        self.term = term
        self.encoderOptions = encoderOptions
        self.warmUpFrames = warmUpFrames ?? min(10, frames / 10)
        name = "\(workload)-\(workloadSettings.size)"
    }

    public var size: Size { workloadSettings.size }
}

/// Extra work done inside the measured render stage of every frame.
public struct RegressionInjection: Sendable, Equatable {
    /// Heap allocations added per frame.
    public var allocationsPerFrame = 0
    /// Busy-waiting added per frame, ns.
    public var delayNanoseconds = 0

    public init(allocationsPerFrame: Int = 0, delayNanoseconds: Int = 0) {
        self.allocationsPerFrame = allocationsPerFrame
        self.delayNanoseconds = delayNanoseconds
    }

    @inline(never)
    func apply() {
        for _ in 0..<allocationsPerFrame {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            buffer.deallocate()
        }
        if delayNanoseconds > 0 {
            let end = MonotonicClock.now() + UInt64(delayNanoseconds)
            while MonotonicClock.now() < end {}
        }
    }
}
