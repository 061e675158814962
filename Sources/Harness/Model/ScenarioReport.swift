/// The settings a scenario ran with; two results compare only when these match.
public struct ScenarioSettings: Codable, Equatable, Sendable {
    public var scenario: String
    /// The input script that drove the scenario.
    public var script: String
    public var frames: Int
    public var cols: Int
    public var rows: Int
    public var feedItems: Int
    public var seed: UInt64
    public var term: String
    public var warmUpFrames: Int
    public var repeats: Int
    public var synchronizedOutput: Bool
    public var scrollRegions: Bool
    public var eraseAndRepeat: Bool

    enum CodingKeys: String, CodingKey {
        case scenario, script, frames, cols, rows, seed, term, repeats
        case feedItems = "feed_items"
        case warmUpFrames = "warm_up_frames"
        case synchronizedOutput = "synchronized_output"
        case scrollRegions = "scroll_regions"
        case eraseAndRepeat = "erase_and_repeat"
    }
}

/// One scenario on one backend: summaries of every metric, the frame-time
/// histogram and budget figures, and the raw frame times that significance
/// tests need.
public struct ScenarioReport: Codable, Equatable, Sendable {
    public var name: String
    public var backend: String
    /// What `frame_time_ns` times for this backend.
    public var stage: String
    public var settings: ScenarioSettings
    public var metrics: [String: MetricSummary]
    public var histogram: Histogram
    public var budget: FrameBudgetReport
    /// Frame budget the late-frame figures use, ns.
    public var frameBudgetNanoseconds: Double
    /// Every measured frame's render-stage time, ns, in frame order.
    public var frameTimesNanoseconds: [Int]
    /// The median frame time of each run pooled here (repeats or rounds):
    /// the unit a timing comparison is judged on, since runs on a shared
    /// machine differ by more than frames within a run do.
    public var runMediansNanoseconds: [Double]
    public var peakResidentBytes: Int

    enum CodingKeys: String, CodingKey {
        case name, backend, stage, settings, metrics, histogram, budget
        case frameBudgetNanoseconds = "frame_budget_ns"
        case frameTimesNanoseconds = "frame_times_ns"
        case runMediansNanoseconds = "run_medians_ns"
        case peakResidentBytes = "peak_rss_bytes"
    }

    /// The key a report is matched by across runs.
    public var key: String { "\(name) [\(backend)]" }
}

/// A whole run or baseline: what ran, where, from which commit.
public struct RunDocument: Codable, Equatable, Sendable {
    public static let schemaVersion = 1

    public var schemaVersion: Int
    public var created: String
    public var machine: MachineFingerprint
    public var git: GitState
    public var suite: String?
    public var scenarios: [ScenarioReport]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case created, machine, git, suite, scenarios
    }
}
