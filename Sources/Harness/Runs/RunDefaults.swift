import FrameGrid
import Workloads

/// The one table of run defaults and limits: `RunSettings`, the suites file,
/// and every `framebench` command (and its help text) take them from here.
public enum RunDefaults {
    /// Size 200x50, seed 1, 1,000,000 feed items, the scene's own script
    /// (`WorkloadSettings`' defaults).
    public static let workload = WorkloadSettings()
    public static let frames = 2_000
    /// `framebench record`: recordings are replayed in full, so they are short.
    public static let recordFrames = 200
    /// `framebench profile`: callgrind runs code some 50x slower, so a few hundred frames.
    public static let profileFrames = 200
    /// `framebench live --autoplay`.
    public static let autoplayFrames = 600
    /// `framebench live`: frames per second at most.
    public static let liveFramesPerSecond = 60
    public static let term = "xterm-256color"
    public static let backend = Backend.framebench
    public static let repeats = 1
    /// 60 frames per second.
    public static let frameBudgetNanoseconds = 1_000_000_000.0 / 60

    /// Frames at the start left out of the statistics (the first is a full repaint).
    public static func warmUpFrames(forFrames frames: Int) -> Int { min(10, frames / 10) }

    public static let frameRange = 1...10_000_000
    public static let repeatRange = 1...100
    public static let feedRange = 1...Int(Int32.max)
}
