import FrameGrid
import TerminalOutput
import Workloads

/// Which renderer a run measures.
public enum Backend: String, CaseIterable, Codable, Sendable {
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
    public var repeats = RunDefaults.repeats
    /// A deliberate regression inside the render stage, for proving that the
    /// gate catches one (tests, and `--inject-allocations` / `--inject-delay-ns`).
    public var injection = RegressionInjection()
    /// Per-view layout cost of framebench's lane (`--profile-views`); nil: not profiled, no probe installed.
    public var viewProfiler: ViewProfiler?
    /// The frame budget late-frame figures use, ns (60 Hz by default).
    public var frameBudgetNanoseconds = RunDefaults.frameBudgetNanoseconds
    /// What the run measures: wall-clock time (always), and instruction
    /// counts under callgrind when asked.
    public var countsInstructions = false
    /// With `countsInstructions`, whether the ncurses lane of a `both` run is
    /// counted too (`--count-lanes all`, the default) or only ours
    /// (`--count-lanes framebench`). Under callgrind the ncurses lane is
    /// most of a counted run's time (copying a frame into its window is
    /// some 5 million instructions at 200x50, ours under 1 million), and a
    /// gate on a change to our code needs our lane's counts only.
    public var countsOnlyOurLane = false

    public init(
        workload: String = PlainFeed.name, frames: Int = RunDefaults.frames,
        workloadSettings: WorkloadSettings = RunDefaults.workload, backend: Backend = RunDefaults.backend,
        term: String = RunDefaults.term, encoderOptions: EncoderOptions = EncoderOptions(),
        warmUpFrames: Int? = nil, catalog: WorkloadCatalog = .builtIn
    ) {
        self.workload = workload
        self.catalog = catalog
        self.frames = frames
        self.workloadSettings = workloadSettings
        self.backend = backend
        self.term = term
        self.encoderOptions = encoderOptions
        self.warmUpFrames = warmUpFrames ?? RunDefaults.warmUpFrames(forFrames: frames)
        name = "\(workload)-\(workloadSettings.size)"
    }

    public var size: Size { workloadSettings.size }

    /// A new instance of the workload these settings name.
    /// - Throws: `UnknownWorkloadError`, or the workload's own error.
    public func makeWorkload() throws -> Workload {
        try catalog.make(workload, settings: workloadSettings)
    }
}

extension RunSettings {
    /// The targets of the workload's tail, from its catalog entry (the
    /// defaults for a workload the catalog does not hold).
    public var tailTargets: TailTargets { (try? catalog.entry(workload))?.tailTargets ?? TailTargets() }
}
