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
    /// The workload's name in `catalog`.
    public var workload: String
    /// Where the workload comes from: the caller's catalog (framebench's
    /// holds its scenes; a package of your own adds its own). The library
    /// itself knows no scene.
    public var catalog: WorkloadCatalog
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
    /// The frame budget late-frame figures use, ns (60 Hz by default).
    public var frameBudgetNanoseconds = RunSettings.defaultFrameBudget
    /// What the run measures: wall-clock time (always), and instruction
    /// counts under callgrind when asked.
    public var countsInstructions = false

    /// 60 frames per second.
    public static let defaultFrameBudget = 1_000_000_000.0 / 60

    public init(
        workload: String = PlainFeed.name, frames: Int = 2_000, workloadSettings: WorkloadSettings = WorkloadSettings(),
        backend: Backend = .framebench, term: String = "xterm-256color", encoderOptions: EncoderOptions = EncoderOptions(),
        warmUpFrames: Int? = nil, catalog: WorkloadCatalog = .builtIn
    ) {
        self.workload = workload
        self.catalog = catalog
        self.frames = frames
        self.workloadSettings = workloadSettings
        self.backend = backend
        self.term = term
        self.encoderOptions = encoderOptions
        self.warmUpFrames = warmUpFrames ?? min(10, frames / 10)
        name = "\(workload)-\(workloadSettings.size)"
    }

    public var size: Size { workloadSettings.size }

    /// A new instance of the workload these settings name.
    /// - Throws: `UnknownWorkloadError`, or the workload's own error.
    public func makeWorkload() throws -> Workload {
        try catalog.make(workload, settings: workloadSettings)
    }
}
