/// One scenario on one backend: summaries of every metric, the whole-frame
/// histogram and budget figures, and each run's per-frame timings, which
/// significance tests need.
public struct ScenarioReport: Codable, Equatable, Sendable {
    public var name: String
    public var backend: ResultBackend
    /// What the render stage (`render_ns`) is for this backend.
    public var stage: String
    public var settings: ScenarioSettings
    /// Summaries over every measured frame of every run, by metric (written
    /// under its name).
    public var metrics: [Metric: Summary]
    /// Instruction counts under callgrind, mean per measured frame, by
    /// instruction metric (the frame's and each phase's); empty when the run
    /// did not count instructions.
    public var instructions: [Metric: Double]
    /// The distribution of those counts over the measured frames (p50, p99,
    /// max...), by instruction metric: each frame counted on its own.
    public var instructionDistribution: [Metric: Summary]
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
    /// whose allocator hides them): reported as "not measured", never as
    /// zero, and never compared.
    public var unmeasured: [Metric]
    /// Why timings of this report cannot be compared at all (a schema-1
    /// file timed the render stage only); nil when they can.
    public var timingsNotComparable: String?
    /// Program runs only (`framebench program`): per-run figures (see `ProgramReport`).
    public var program: ProgramFigures?
    /// Set when a run had more frames than it keeps one by one: its figures
    /// come from distributions, and how close they are (see `FrameSummaryNote`).
    public var summarizedFrames: FrameSummaryNote?
    /// Our lane only: its tail against the workload's targets (`TailVerdict`).
    public var tail: TailVerdict?

    enum CodingKeys: String, CodingKey {
        case name, backend, stage, settings, metrics, instructions, histogram, budget, runs, unmeasured
        case instructionDistribution = "instruction_distribution"
        case frameBudgetNanoseconds = "frame_budget_ns"
        case peakResidentBytes = "peak_rss_bytes"
        case timingsNotComparable = "timings_not_comparable"
        case program
        case summarizedFrames = "summarized_frames"
        case tail
    }

    public init(
        name: String, backend: ResultBackend, stage: String, settings: ScenarioSettings, metrics: [Metric: Summary],
        instructions: [Metric: Double] = [:], instructionDistribution: [Metric: Summary] = [:], histogram: Histogram, budget: FrameBudgetReport,
        frameBudgetNanoseconds: Double, runs: [RunSamples], peakResidentBytes: Int, unmeasured: [Metric] = [],
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

    /// Metric names are read as metrics: a name no metric has (or one of
    /// another kind where instruction counts or per-frame values belong) is
    /// an `UnknownResultName` naming the key and this benchmark.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let backendName = try container.decode(String.self, forKey: .backend)
        let (path, key) = (decoder.codingPath, "\(name) [\(backendName)]")
        guard let backend = ResultBackend(rawValue: backendName) else {
            var error = UnknownResultName(
                at: path, field: "backend",
                problem: "unknown backend '\(backendName)' (framebench writes \(ResultBackend.allCases.map(\.rawValue).sorted().joined(separator: ", ")))")
            error.scenario = key
            throw error
        }
        self.backend = backend
        func named<T>(_ decode: () throws -> T) throws -> T {
            do { return try decode() } catch var error as UnknownResultName {
                error.scenario = key
                throw error
            }
        }
        let instructionMetric = { (name: String) in "'\(name)' is not an instruction metric" }
        stage = try container.decode(String.self, forKey: .stage)
        settings = try container.decode(ScenarioSettings.self, forKey: .settings)
        metrics = try named {
            try UnknownResultName.keyed(
                container.decode([String: Summary].self, forKey: .metrics), section: "metrics", at: path,
                kinds: nil
            ) { "unknown metric '\($0)'" }
        }
        instructions = try named {
            try UnknownResultName.keyed(
                container.decodeIfPresent([String: Double].self, forKey: .instructions) ?? [:], section: "instructions",
                at: path, kinds: [.instructions], problem: instructionMetric)
        }
        instructionDistribution = try named {
            try UnknownResultName.keyed(
                container.decodeIfPresent([String: Summary].self, forKey: .instructionDistribution) ?? [:],
                section: CodingKeys.instructionDistribution.stringValue, at: path, kinds: [.instructions],
                problem: instructionMetric)
        }
        histogram = try container.decode(Histogram.self, forKey: .histogram)
        budget = try container.decode(FrameBudgetReport.self, forKey: .budget)
        frameBudgetNanoseconds = try container.decode(Double.self, forKey: .frameBudgetNanoseconds)
        runs = try named { try container.decodeIfPresent([RunSamples].self, forKey: .runs) ?? [] }
        peakResidentBytes = try container.decode(Int.self, forKey: .peakResidentBytes)
        unmeasured = try named {
            try UnknownResultName.listed(
                container.decodeIfPresent([String].self, forKey: .unmeasured) ?? [], section: "unmeasured", at: path)
        }
        timingsNotComparable = try container.decodeIfPresent(String.self, forKey: .timingsNotComparable)
        program = try container.decodeIfPresent(ProgramFigures.self, forKey: .program)
        summarizedFrames = try container.decodeIfPresent(FrameSummaryNote.self, forKey: .summarizedFrames)
        tail = try container.decodeIfPresent(TailVerdict.self, forKey: .tail)
    }

    /// The key a report is matched by across runs.
    public var key: String { "\(name) [\(backend.rawValue)]" }

    /// Every measured frame's value of a metric, runs in order (none of
    /// runs that kept a distribution only: `summarizedFrames`).
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
        if unmeasured.contains(metric) { return nil }
        if metric.kind == .instructions {
            return statistic == .mean ? instructions[metric] : instructionDistribution[metric]?.value(of: statistic)
        }
        return metrics[metric]?.value(of: statistic)
    }
}
