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
    }

    public var size: Size { workloadSettings.size }
}
