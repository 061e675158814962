/// Results files of schema 1, read so that old baselines still load.
///
/// Schema 1's `frame_time_ns` timed the render stage only, and its
/// `allocations_per_frame` counted the render stage's allocations. On
/// reading, they become `render_ns` and `render_allocations`; the other
/// deterministic metrics keep their meaning and still compare. Its timings
/// are marked not comparable: they were taken with an older clock layout
/// (the ncurses lane timed `lseek`s, neither lane wrote where it does now),
/// so comparing them with schema-2 timings would report harness changes as
/// regressions.
enum SchemaOne {
    static let reason =
        "schema-1 results (frame_time_ns was the render stage only): timings are not comparable; save a new baseline"

    struct Document: Decodable {
        let created: String
        let machine: MachineFingerprint
        let git: GitState
        let suite: String?
        let scenarios: [Scenario]
    }

    struct Scenario: Decodable {
        let name: String
        let backend: ResultBackend
        let stage: String
        let settings: ScenarioSettings
        let metrics: [String: Summary]
        let histogram: LegacyHistogram
        let budget: LegacyBudget
        let frameBudgetNanoseconds: Double
        let peakResidentBytes: Int

        enum CodingKeys: String, CodingKey {
            case name, backend, stage, settings, metrics, histogram, budget
            case frameBudgetNanoseconds = "frame_budget_ns"
            case peakResidentBytes = "peak_rss_bytes"
        }
    }

    struct LegacyHistogram: Decodable {
        let lowerBounds: [Double]
        let counts: [Int]
    }

    struct LegacyBudget: Decodable {
        let framesOverBudget: Int
        let hitchTimeRatio: Double
        let longestLateStreak: Int
    }

    /// Metric names that changed meaning in schema 2.
    static let renamed: [String: Metric] = [
        "frame_time_ns": .renderTime, "allocations_per_frame": .renderAllocations,
        "allocated_bytes_per_frame": .renderAllocatedBytes,
    ]

    static func convert(_ old: Document) -> RunDocument {
        RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: old.created, machine: old.machine, git: old.git,
            suite: old.suite,
            scenarios: old.scenarios.map { scenario in
                var metrics: [Metric: Summary] = [:]
                for (name, summary) in scenario.metrics {
                    // Names schema 2 lost are dropped: no figure of theirs is compared.
                    if let metric = renamed[name] ?? Metric(rawValue: name) { metrics[metric] = summary }
                }
                let histogram =
                    scenario.histogram.lowerBounds.count == scenario.histogram.counts.count
                    ? Histogram(lowerBounds: scenario.histogram.lowerBounds, counts: scenario.histogram.counts)
                    : Histogram(values: [])
                return ScenarioReport(
                    name: scenario.name, backend: scenario.backend, stage: scenario.stage, settings: scenario.settings,
                    metrics: metrics, histogram: histogram,
                    budget: FrameBudgetReport(
                        framesOverBudget: scenario.budget.framesOverBudget, hitchTimeRatio: scenario.budget.hitchTimeRatio,
                        longestLateStreak: scenario.budget.longestLateStreak),
                    frameBudgetNanoseconds: scenario.frameBudgetNanoseconds, runs: [],
                    peakResidentBytes: scenario.peakResidentBytes, timingsNotComparable: reason)
            })
    }
}
