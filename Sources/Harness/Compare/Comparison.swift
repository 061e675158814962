/// One compared figure: a metric of a scenario in a baseline and a candidate run.
public struct MetricComparison: Equatable, Sendable {
    public var scenario: String
    public var metric: Metric
    public var statistic: String
    public var baseline: Double
    public var candidate: Double
    public var verdict: Verdict
    /// Why: the test and its figures, or why the figures cannot be compared.
    public var evidence: String
    /// Whether a `worse` verdict fails the gate.
    public var gates = true

    /// Relative change, candidate over baseline minus one (0 when the baseline is 0 and so is the candidate).
    public var change: Double {
        if baseline == 0 { return candidate == 0 ? 0 : .infinity }
        return candidate / baseline - 1
    }
}

/// A budget limit checked against a run.
public struct BudgetCheck: Equatable, Sendable {
    public var scenario: String
    public var limit: String
    public var value: Double
    public var maximum: Double
    public var holds: Bool { value <= maximum }
}

/// The regression report: every compared metric with its verdict, and the
/// scenarios only one side has.
public struct ComparisonReport: Sendable {
    public var rows: [MetricComparison] = []
    public var budgets: [BudgetCheck] = []
    public var onlyInBaseline: [String] = []
    public var onlyInCandidate: [String] = []
    public var machinesMatch = true

    /// Whether the gate fails: a metric got worse or a budget does not hold.
    public var failed: Bool {
        rows.contains { $0.verdict == .worse && $0.gates } || budgets.contains { !$0.holds }
    }
}

/// Compares a candidate run with a baseline.
///
/// Frame times are judged by `TimingComparison.judge` (a significance test
/// together with a minimum effect), and only between runs on the same
/// machine, build and settings; otherwise they are not comparable and do not
/// gate. Deterministic metrics (allocations, bytes, cells) are compared
/// exactly on mean and max whenever the settings match, on any machine.
public enum Comparison {
    /// Deterministic metrics compared by default.
    public static let deterministicMetrics: [Metric] = [
        .allocations, .allocatedBytes, .bytes, .dirtyCells, .dirtyRows, .dirtyRects, .scrollOperations,
    ]

    /// - Parameter timingGates: whether a significantly worse frame time fails
    ///   the gate. Sound when both runs were measured in the same window
    ///   (interleaved, as `scripts/compare-branches.sh` does); against a
    ///   baseline stored at another time on a shared machine, load changes
    ///   medians by tens of percent, so `check` reports such changes without
    ///   gating unless asked to.
    public static func compare(
        baseline: RunDocument, candidate: RunDocument, budgets: BudgetFile? = nil, timingGates: Bool = true
    ) -> ComparisonReport {
        var report = ComparisonReport()
        report.machinesMatch = baseline.machine == candidate.machine
        let baselineByKey = Dictionary(baseline.scenarios.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let candidateKeys = Set(candidate.scenarios.map(\.key))
        report.onlyInBaseline = baseline.scenarios.map(\.key).filter { !candidateKeys.contains($0) }
        for current in candidate.scenarios {
            if let budgets { report.budgets += check(current, budgets) }
            guard let old = baselineByKey[current.key] else {
                report.onlyInCandidate.append(current.key)
                continue
            }
            report.rows += compare(old, current, sameMachine: report.machinesMatch).map { row in
                var row = row
                if row.metric.isTiming && !timingGates {
                    row.gates = false
                    if row.verdict == .worse { row.evidence += "; reported, not gating (--gate-timing to gate)" }
                }
                return row
            }
        }
        return report
    }

    /// Budget checks alone (no baseline).
    public static func check(_ report: ScenarioReport, _ budgets: BudgetFile) -> [BudgetCheck] {
        budgets.limits(for: report).sorted { $0.key < $1.key }.compactMap { key, maximum in
            guard let (metric, statistic) = BudgetFile.split(key),
                let value = report.metrics[metric.rawValue]?.value(of: statistic)
            else { return nil }
            return BudgetCheck(scenario: report.key, limit: key, value: value, maximum: maximum)
        }
    }

    /// Runs per side before a frame-time change can gate. Frames of one run
    /// share that run's machine state, so a test over pooled frames treats
    /// run-to-run variation (tens of percent on a shared machine) as if it
    /// were none; the run medians are the honest unit. With five runs a side,
    /// complete separation of the medians has an exact Mann-Whitney p of
    /// 2/252 (about 0.008).
    public static let minimumRunsForTiming = 5
    /// Significance the run medians must reach, in the frames' direction.
    public static let runLevelAlpha = 0.01

    /// Confirms a frame-level timing verdict on the run medians, or says why it cannot gate.
    static func judgeRuns(_ row: inout MetricComparison, _ baseline: [Double], _ candidate: [Double]) {
        guard baseline.count >= minimumRunsForTiming, candidate.count >= minimumRunsForTiming else {
            row.gates = false
            row.evidence += "; \(baseline.count) and \(candidate.count) runs: too few to tell a change from run-to-run variation (gates from \(minimumRunsForTiming) interleaved runs a side)"
            return
        }
        let runs = MannWhitney.test(baseline, candidate)
        let slower = Summary(candidate).p50 > Summary(baseline).p50
        let agrees = (row.verdict == .worse) == slower
        if runs.pValue <= runLevelAlpha && agrees {
            row.evidence += "; run medians agree (p = \(TextReport.format(runs.pValue, digits: 4)), \(baseline.count) and \(candidate.count) runs)"
        } else {
            row.verdict = .unchanged
            row.evidence += "; but run medians do not separate (p = \(TextReport.format(runs.pValue, digits: 4)), \(baseline.count) and \(candidate.count) runs)"
        }
    }

    static func compare(_ old: ScenarioReport, _ new: ScenarioReport, sameMachine: Bool) -> [MetricComparison] {
        var rows: [MetricComparison] = []
        let sameSettings = old.settings == new.settings
        let oldTime = old.metrics[Metric.frameTime.rawValue]
        let newTime = new.metrics[Metric.frameTime.rawValue]
        if let oldTime, let newTime {
            var row = MetricComparison(
                scenario: new.key, metric: .frameTime, statistic: "p50", baseline: oldTime.p50, candidate: newTime.p50,
                verdict: .notComparable, evidence: "")
            if !sameSettings {
                row.evidence = "settings differ"
            } else if !sameMachine {
                row.evidence = "different machine or build: timings do not gate"
            } else if old.frameTimesNanoseconds.count < 20 || new.frameTimesNanoseconds.count < 20 {
                row.evidence = "too few frames for a test"
            } else {
                let judged = TimingComparison.judge(
                    baseline: old.frameTimesNanoseconds.map(Double.init), candidate: new.frameTimesNanoseconds.map(Double.init))
                row.verdict = judged.verdict
                row.evidence = judged.reason
                if judged.verdict == .worse || judged.verdict == .better {
                    judgeRuns(&row, old.runMediansNanoseconds, new.runMediansNanoseconds)
                }
            }
            rows.append(row)
        }
        for metric in deterministicMetrics {
            guard let before = old.metrics[metric.rawValue], let after = new.metrics[metric.rawValue] else { continue }
            for statistic in ["mean", "max"] {
                let a = before.value(of: statistic)!
                let b = after.value(of: statistic)!
                let verdict: Verdict = sameSettings ? TimingComparison.judgeDeterministic(baseline: a, candidate: b, tolerance: 0) : .notComparable
                rows.append(
                    MetricComparison(
                        scenario: new.key, metric: metric, statistic: statistic, baseline: a, candidate: b, verdict: verdict,
                        evidence: sameSettings ? "exact" : "settings differ"))
            }
        }
        return rows
    }
}
