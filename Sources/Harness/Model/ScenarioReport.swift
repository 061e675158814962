/// The settings a scenario ran with.
///
/// Two kinds: the ones that decide which frames are drawn (scenario, script,
/// frames, size, feed, seed, terminal, encoder options, warm-up), and the
/// ones that only decide how they are measured (`repeats`). Deterministic
/// metrics compare whenever the frames are the same; timings need both the
/// same frames and the same machine and build.
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

    /// Whether both draw the same frames: everything but how often they ran.
    public func drawsSameFrames(as other: ScenarioSettings) -> Bool {
        var mine = self
        mine.repeats = other.repeats
        return mine == other
    }

    /// The first setting (by name) that makes the frames differ, for reasons in reports.
    public func firstFrameDifference(from other: ScenarioSettings) -> String? {
        let pairs: [(String, String, String)] = [
            ("scenario", scenario, other.scenario), ("script", script, other.script),
            ("frames", "\(frames)", "\(other.frames)"), ("size", "\(cols)x\(rows)", "\(other.cols)x\(other.rows)"),
            ("feed", "\(feedItems)", "\(other.feedItems)"), ("seed", "\(seed)", "\(other.seed)"),
            ("term", term, other.term), ("warm-up", "\(warmUpFrames)", "\(other.warmUpFrames)"),
            ("sync", "\(synchronizedOutput)", "\(other.synchronizedOutput)"),
            ("scroll regions", "\(scrollRegions)", "\(other.scrollRegions)"),
            ("erase and repeat", "\(eraseAndRepeat)", "\(other.eraseAndRepeat)"),
        ]
        return pairs.first { $0.1 != $0.2 }.map { "\($0.0) \($0.1) vs \($0.2)" }
    }
}

/// One run's per-frame values: every metric's value for each measured
/// frame, in frame order. Runs are the unit timing comparisons are judged
/// on (frames of one run share its machine state), and keeping every
/// metric's frames lets results of several runs pool exactly.
public struct RunSamples: Codable, Equatable, Sendable {
    /// Metric name (`frame_time_ns`, `layout_allocations`, ...) to one value
    /// per measured frame, in the metric's unit.
    public var frames: [String: [Int]]

    public init(frames: [String: [Int]]) { self.frames = frames }

    public subscript(metric: Metric) -> [Double] {
        frames[metric.rawValue]?.map(Double.init) ?? []
    }

    /// The run's median of a metric.
    public func median(_ metric: Metric) -> Double? {
        let values = self[metric]
        return values.isEmpty ? nil : Summary(values).p50
    }
}

/// One scenario on one backend: summaries of every metric, the whole-frame
/// histogram and budget figures, and each run's per-frame timings, which
/// significance tests need.
public struct ScenarioReport: Codable, Equatable, Sendable {
    public var name: String
    public var backend: String
    /// What the render stage (`render_ns`) is for this backend.
    public var stage: String
    public var settings: ScenarioSettings
    /// Summaries over every measured frame of every run, by metric name.
    public var metrics: [String: MetricSummary]
    /// Instruction counts under callgrind, mean per measured frame, by metric
    /// name; empty when the run did not count instructions.
    public var instructions: [String: Double]
    /// The distribution of those counts over the measured frames (p50, p99,
    /// max...), by metric name: each frame counted on its own.
    public var instructionDistribution: [String: MetricSummary]
    /// Whole-frame histogram.
    public var histogram: Histogram
    /// Whole frames against the frame budget.
    public var budget: FrameBudgetReport
    /// Frame budget the late-frame figures use, ns.
    public var frameBudgetNanoseconds: Double
    /// Each run's per-frame values, in the order the runs were made.
    public var runs: [RunSamples]
    public var peakResidentBytes: Int
    /// Metrics this run could not measure (allocations under a sanitizer,
    /// whose allocator hides them), by name: reported as "not measured",
    /// never as zero, and never compared.
    public var unmeasured: [String]
    /// Why timings of this report cannot be compared at all (a schema-1
    /// file timed the render stage only); nil when they can.
    public var timingsNotComparable: String?
    /// Program runs only (`framebench program`): per-run figures (see `ProgramReport`).
    public var program: ProgramFigures?

    enum CodingKeys: String, CodingKey {
        case name, backend, stage, settings, metrics, instructions, histogram, budget, runs, unmeasured
        case instructionDistribution = "instruction_distribution"
        case frameBudgetNanoseconds = "frame_budget_ns"
        case peakResidentBytes = "peak_rss_bytes"
        case timingsNotComparable = "timings_not_comparable"
        case program
    }

    public init(
        name: String, backend: String, stage: String, settings: ScenarioSettings, metrics: [String: MetricSummary],
        instructions: [String: Double] = [:], instructionDistribution: [String: MetricSummary] = [:], histogram: Histogram, budget: FrameBudgetReport,
        frameBudgetNanoseconds: Double, runs: [RunSamples], peakResidentBytes: Int, unmeasured: [String] = [],
        timingsNotComparable: String? = nil
    ) {
        self.name = name
        self.backend = backend
        self.stage = stage
        self.settings = settings
        self.metrics = metrics
        self.instructions = instructions
        self.instructionDistribution = instructionDistribution
        self.histogram = histogram
        self.budget = budget
        self.frameBudgetNanoseconds = frameBudgetNanoseconds
        self.runs = runs
        self.peakResidentBytes = peakResidentBytes
        self.unmeasured = unmeasured
        self.timingsNotComparable = timingsNotComparable
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        backend = try container.decode(String.self, forKey: .backend)
        stage = try container.decode(String.self, forKey: .stage)
        settings = try container.decode(ScenarioSettings.self, forKey: .settings)
        metrics = try container.decode([String: MetricSummary].self, forKey: .metrics)
        instructions = try container.decodeIfPresent([String: Double].self, forKey: .instructions) ?? [:]
        instructionDistribution =
            try container.decodeIfPresent([String: MetricSummary].self, forKey: .instructionDistribution) ?? [:]
        histogram = try container.decode(Histogram.self, forKey: .histogram)
        budget = try container.decode(FrameBudgetReport.self, forKey: .budget)
        frameBudgetNanoseconds = try container.decode(Double.self, forKey: .frameBudgetNanoseconds)
        runs = try container.decodeIfPresent([RunSamples].self, forKey: .runs) ?? []
        peakResidentBytes = try container.decode(Int.self, forKey: .peakResidentBytes)
        unmeasured = try container.decodeIfPresent([String].self, forKey: .unmeasured) ?? []
        timingsNotComparable = try container.decodeIfPresent(String.self, forKey: .timingsNotComparable)
        program = try container.decodeIfPresent(ProgramFigures.self, forKey: .program)
    }

    /// The key a report is matched by across runs.
    public var key: String { "\(name) [\(backend)]" }

    /// Every measured frame's value of a metric, runs in order.
    public func frames(_ metric: Metric) -> [Double] {
        runs.flatMap { $0[metric] }
    }

    /// Each run's median of a metric.
    public func runMedians(_ metric: Metric) -> [Double] {
        runs.compactMap { $0.median(metric) }
    }

    /// A statistic of a metric, wherever the report keeps it: instruction
    /// counts their mean, and the other statistics from their per-frame
    /// distribution when the file has one; a metric not measured has no value.
    public func value(_ metric: Metric, _ statistic: Statistic) -> Double? {
        if unmeasured.contains(metric.rawValue) { return nil }
        if metric.kind == .instructions {
            return statistic == .mean
                ? instructions[metric.rawValue] : instructionDistribution[metric.rawValue]?.value(of: statistic)
        }
        return metrics[metric.rawValue]?.value(of: statistic)
    }
}

/// A whole run or baseline: what ran, where, from which commit.
public struct RunDocument: Codable, Equatable, Sendable {
    /// 2: `frame_time_ns` is the whole frame, `render_ns` the render stage,
    /// per-run frames of every metric, instruction counts. Version 1 files
    /// (the render stage as `frame_time_ns`) are read and converted, their
    /// timings marked not comparable.
    public static let schemaVersion = 2

    public var schemaVersion: Int
    public var created: String
    public var machine: MachineFingerprint
    public var git: GitState
    public var suite: String?
    public var scenarios: [ScenarioReport]
    /// Which shard of `suite` these results are, when the suite was split
    /// across runners (`--shard I/N`); nil for a whole suite or a merge.
    public var shard: ShardRecord? = nil

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case created, machine, git, suite, scenarios, shard
    }
}
