/// One compared figure: a metric of a scenario in a baseline and a candidate run.
public struct MetricComparison: Equatable, Sendable {
    public var scenario: String
    public var metric: Metric
    public var statistic: Statistic
    public var baseline: Double
    public var candidate: Double
    public var verdict: Verdict
    /// Why, in words: the test and its figures, or why the figures cannot
    /// be compared, and whether the row gates.
    public var evidence: String
    /// What a timing verdict rests on, as data (nil for counts, and for
    /// timings that were not judged: other frames, machine or build).
    public var timing: TimingEvidence?
    /// Whether a `worse` verdict fails the gate.
    public var gates = true
    /// False when a side could not measure the metric (allocations under a
    /// sanitizer, or of a program): `baseline` and `candidate` hold no
    /// figure, and reports say "not measured", never 0.
    public var measured = true

    /// Relative change, candidate over baseline minus one (0 when the baseline is 0 and so is the candidate).
    public var change: Double {
        if baseline == 0 { return candidate == 0 ? 0 : .infinity }
        return candidate / baseline - 1
    }

    /// Whether this row fails the gate.
    public var fails: Bool { verdict == .worse && gates }
}

/// A budget limit checked against a run.
public struct BudgetCheck: Equatable, Sendable {
    public var scenario: String
    /// The limit as written: `layout_ns.p50`.
    public var limit: String
    /// The limit's metric, whose unit its figures are in.
    public var metric: Metric
    public var value: Double
    public var maximum: Double
    /// How the maximum came about: "" for an absolute limit, "+10% of the baseline's 1.2ms" for a relative one.
    public var basis: String = ""
    public var holds: Bool { value <= maximum }
}

/// How a comparison judges timing.
public struct ComparisonOptions: Sendable {
    /// Whether a significantly worse timing fails the gate. Sound when both
    /// sides were measured in the same window (`scripts/compare-branches.sh`
    /// interleaves them); against a baseline stored at another time on a
    /// shared machine, load moves medians by tens of percent, so `check`
    /// reports timing without gating unless asked to.
    public var timingGates = true
    /// Whether run r of the baseline and run r of the candidate were made
    /// back to back (paired rounds): judged by `PairedRounds`.
    public var paired = false
    /// How every timing verdict is decided (frames, run medians, paired rounds).
    public var rule = VerdictRule.standard
    /// Instruction counts differing by at most this fraction are unchanged.
    public var instructionTolerance = 0.01
    /// A phase whose baseline median is a smaller share of the frame than
    /// this is judged and reported, but its timing does not gate: a 10%
    /// change in it moves the frame by under 1%, below what timing on a
    /// shared machine resolves, and each extra gating row adds false
    /// alarms. Its allocations and instructions still gate exactly.
    public var gatingShare = 0.1

    public init() {}
}

/// The regression report: every compared metric with its verdict, and the
/// scenarios only one side has.
public struct ComparisonReport: Sendable {
    public var rows: [MetricComparison] = []
    public var budgets: [BudgetCheck] = []
    public var onlyInBaseline: [String] = []
    public var onlyInCandidate: [String] = []
    /// Nil when the machines match; else the first field that differs.
    public var machineDifference: String? { machineDifferences.first }
    /// Every machine field that differs, as "kernel 'a' vs 'b'".
    public var machineDifferences: [String] = []
    public var machinesMatch: Bool { machineDifference == nil }
    /// Machine fields one side does not record (a file written before they
    /// existed): the machines were matched without them.
    public var machineFieldsNotCompared: [String] = []

    /// An empty report (no rows, no budgets): what a run with nothing to compare reports.
    public init() {}

    /// Whether the gate fails: a gating metric got worse or a budget does not hold.
    public var failed: Bool {
        rows.contains(where: \.fails) || budgets.contains { !$0.holds }
    }

    /// The phases (and the render stage) that moved for the worse in a
    /// scenario, gating rows first, then by size: "layout_ns +12.1%". The
    /// whole frame is not a phase: it moves with whichever did.
    public func movedPhases(of scenario: String) -> [String] {
        var named = Set<Metric>()  // a metric once, by its gating or largest change (mean and max both moved: one name)
        return rows.filter { $0.scenario == scenario && $0.verdict == .worse && ![nil, .frame].contains($0.metric.phase) }
            .sorted { ($0.gates ? 0 : 1, -$0.change) < ($1.gates ? 0 : 1, -$1.change) }
            .filter { named.insert($0.metric).inserted }
            .map { "\($0.metric.rawValue) \($0.change.isFinite ? String(format: "%+.1f%%", $0.change * 100) : "new")" }
    }
}

/// Compares a candidate run with a baseline.
///
/// Every metric is judged: each timing (frame, render stage, each phase) by
/// the same statistics; each allocation and output count exactly on its mean
/// and max; instruction counts within a tolerance. Timings compare only
/// between runs of the same frames on the same machine and build; counts
/// compare whenever the frames are the same, on any machine (instruction
/// counts also need the same machine: the C library picks code by processor).
public enum Comparison {
    public static func compare(
        baseline: RunDocument, candidate: RunDocument, budgets: BudgetFile? = nil,
        options: ComparisonOptions = ComparisonOptions()
    ) -> ComparisonReport {
        var report = ComparisonReport()
        report.machineDifferences = baseline.machine.differences(from: candidate.machine)
        report.machineFieldsNotCompared = baseline.machine.notCompared(with: candidate.machine)
        let baselineByKey = Dictionary(baseline.scenarios.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let candidateKeys = Set(candidate.scenarios.map(\.key))
        report.onlyInBaseline = baseline.scenarios.map(\.key).filter { !candidateKeys.contains($0) }
        for current in candidate.scenarios {
            let old = baselineByKey[current.key]
            if let budgets { report.budgets += check(current, budgets, baseline: old) }
            guard let old else {
                report.onlyInCandidate.append(current.key)
                continue
            }
            report.rows += compare(
                old, current, machineDifference: report.machineDifference,
                codeDifference: baseline.machine.differences(from: candidate.machine, only: MachineFingerprint.codeFields).first,
                options: options)
        }
        return report
    }

    /// Budget checks of one result; relative limits need the baseline's report.
    public static func check(_ report: ScenarioReport, _ budgets: BudgetFile, baseline: ScenarioReport? = nil) -> [BudgetCheck] {
        budgets.limits(for: report).sorted { $0.key.text < $1.key.text }.compactMap { key, limit in
            guard let value = report.value(key.metric, key.statistic) else { return nil }
            switch limit {
            case .absolute(let maximum):
                return BudgetCheck(scenario: report.key, limit: key.text, metric: key.metric, value: value, maximum: maximum)
            case .relative(let fraction):
                guard let base = baseline?.value(key.metric, key.statistic) else { return nil }
                if key.metric.isTiming, baseline?.timingsNotComparable != nil { return nil }
                return BudgetCheck(
                    scenario: report.key, limit: key.text, metric: key.metric, value: value, maximum: base * (1 + fraction),
                    basis: String(format: "%+g%% of the baseline's ", fraction * 100) + Units.format(base, key.metric))
            }
        }
    }

    static func compare(
        _ old: ScenarioReport, _ new: ScenarioReport, machineDifference: String?, codeDifference: String? = nil,
        options: ComparisonOptions
    ) -> [MetricComparison] {
        let frameDifference = old.settings.firstFrameDifference(from: new.settings)
        var rows: [MetricComparison] = []
        for metric in metrics(of: new.backend) {
            switch metric.kind {
            case .timing:
                if let row = timingRow(metric, old, new, frameDifference, machineDifference, options) { rows.append(row) }
            case .allocation, .output:
                rows += countRows(metric, old, new, frameDifference)
            case .instructions:
                // Another host of the same processor, OS, compiler and build runs the same instructions.
                if let row = instructionRow(metric, old, new, frameDifference, codeDifference, options) { rows.append(row) }
            }
        }
        return rows
    }

    /// The metrics a report of `backend` is judged on: a program run's
    /// own (`ProgramReport.metrics`, and its allocations as not measured),
    /// else the backend's.
    static func metrics(of backend: ResultBackend) -> [Metric] {
        if backend == .program { return ProgramReport.metrics + ProgramReport.unmeasured }
        return BackendResult.metrics(of: backend.lane)
    }

    static func timingRow(
        _ metric: Metric, _ old: ScenarioReport, _ new: ScenarioReport, _ frameDifference: String?,
        _ machineDifference: String?, _ options: ComparisonOptions
    ) -> MetricComparison? {
        guard let before = old.metrics[metric], let after = new.metrics[metric] else { return nil }
        var row = MetricComparison(
            scenario: new.key, metric: metric, statistic: .p50, baseline: before.p50, candidate: after.p50,
            verdict: .notComparable, evidence: "", gates: false)
        if let reason = old.timingsNotComparable ?? new.timingsNotComparable {
            row.evidence = reason
        } else if let frameDifference {
            row.evidence = "different frames (\(frameDifference))"
        } else if let machineDifference {
            row.evidence = "another machine or build (\(machineDifference)): timings do not compare"
        } else if options.paired {
            judgePaired(&row, old, new, options)
        } else {
            judgeUnpaired(&row, old, new, options)
        }
        // Whether the phase is a large enough share of the frame to gate.
        if row.gates, metric != .frameTime, let frame = old.metrics[.frameTime]?.p50, frame > 0 {
            let share = before.p50 / frame
            if share < options.gatingShare {
                row.gates = false
                row.evidence += String(format: "; %.1f%% of the frame: reported, not gating (gates from %.0f%%)", share * 100, options.gatingShare * 100)
            }
        }
        if row.gates && !options.timingGates {
            row.gates = false
            if row.verdict == .worse { row.evidence += "; reported, not gating (--gate-timing to gate)" }
        }
        return row
    }

    /// Rounds made back to back: `PairedRounds`.
    static func judgePaired(_ row: inout MetricComparison, _ old: ScenarioReport, _ new: ScenarioReport, _ options: ComparisonOptions) {
        guard old.runs.count == new.runs.count else {
            row.evidence = "paired comparison needs as many baseline runs as candidate runs (\(old.runs.count) and \(new.runs.count))"
            return
        }
        // A run past FrameSamples.exactFrameLimit kept its distribution: its round is its median.
        let rounds = Array(zip(old.roundValues(row.metric), new.roundValues(row.metric)))
        let judged = PairedRounds.judge(rounds, rule: options.rule).evidence
        row.timing = judged
        row.verdict = judged.verdict
        row.evidence = judged.text
        row.gates = judged.verdict != .notComparable
    }

    /// Runs made at different times: their medians are the unit, judged by
    /// an exact Mann-Whitney test and the same rule; with too few runs a
    /// side to reach significance (`VerdictRule.minimumRunsPerSide`, 5) the
    /// frames' own test is reported, and does not gate.
    static func judgeUnpaired(_ row: inout MetricComparison, _ old: ScenarioReport, _ new: ScenarioReport, _ options: ComparisonOptions) {
        let before = old.runMedians(row.metric)
        let after = new.runMedians(row.metric)
        let minimumRuns = options.rule.minimumRunsPerSide
        guard before.count >= minimumRuns, after.count >= minimumRuns else {
            guard !old.isSummarized(row.metric), !new.isSummarized(row.metric) else {
                row.evidence = "\(before.count) and \(after.count) runs: too few to judge, and runs past \(FrameSamples.exactFrameLimit) frames kept distributions, not frames, so no frame-level test (gates from \(minimumRuns) runs a side, or paired rounds)"
                return
            }
            let frames = TimingComparison.judge(baseline: old.frames(row.metric), candidate: new.frames(row.metric), rule: options.rule)
            row.timing = frames.evidence
            row.verdict = frames.verdict
            row.evidence = "frames: \(frames.evidence.text); \(before.count) and \(after.count) runs: too few to tell a change from run-to-run variation (gates from \(minimumRuns) runs a side, or paired rounds)"
            return
        }
        let test = MannWhitney.test(after, before)
        let ratio = Summary(after).p50 / max(Summary(before).p50, 1)
        let decision = options.rule.decide(pValue: test.pValue, lower: ratio, upper: ratio)
        let judged = TimingEvidence(
            test: .mannWhitneyOnRunMedians, baselineCount: before.count, candidateCount: after.count, rule: options.rule,
            outcome: .judged(.init(pValue: test.pValue, ratio: ratio, low: ratio, high: ratio), decision))
        row.timing = judged
        row.verdict = judged.verdict
        row.evidence = judged.text
        row.gates = true
    }

    static func countRows(_ metric: Metric, _ old: ScenarioReport, _ new: ScenarioReport, _ frameDifference: String?) -> [MetricComparison] {
        let notMeasured = old.unmeasured.contains(metric) || new.unmeasured.contains(metric)
        guard let before = old.metrics[metric] ?? (notMeasured ? Summary([]) : nil),
            let after = new.metrics[metric] ?? (notMeasured ? Summary([]) : nil)
        else { return [] }
        let isProgram = new.backend == ProgramReport.backend
        let varies = isProgram ? programOutputVaries(metric, old, new) : nil
        // Not measured: one row says so; a count that was measured is judged on its mean and max.
        return (notMeasured ? [Statistic.mean] : [.mean, .max]).map { statistic in
            let a = before.value(of: statistic)
            let b = after.value(of: statistic)
            var row = MetricComparison(
                scenario: new.key, metric: metric, statistic: statistic, baseline: a, candidate: b, verdict: .notComparable,
                evidence: "exact")
            if notMeasured {
                row.evidence = isProgram
                    ? "not measured (a program's allocations happen in its own process)"
                    : "not measured (allocations are invisible under a sanitizer)"
                row.gates = false
                row.measured = false
            } else if let frameDifference {
                row.evidence = "different frames (\(frameDifference))"
                row.gates = false
            } else {
                row.verdict = Verdict.ofCount(baseline: a, candidate: b, tolerance: 0)
                if let varies {
                    row.evidence = varies
                    row.gates = false
                }
            }
            return row
        }
    }

    /// Why a program's output count cannot gate exactly, or nil when it can.
    ///
    /// Our own frames are the same on every run, so their counts compare
    /// exactly. A program's need not be: frames are cut by quiescence, so a
    /// program that pauses mid-frame on a busy machine writes one frame as
    /// two, and some (Textual) coalesce frames on a timer. A program's count
    /// gates exactly only when every run of each side gave the same count
    /// frame by frame (so the program showed itself deterministic here),
    /// which takes two runs a side or more.
    static func programOutputVaries(_ metric: Metric, _ old: ScenarioReport, _ new: ScenarioReport) -> String? {
        for (side, report) in [("baseline", old), ("candidate", new)] {
            let runs = report.runs.map { $0[metric] }
            guard runs.count >= 2 else {
                return "exact, not gating: \(runs.count) run of the \(side): whether this program's output depends on timing is unknown (gates from 2 runs a side that agree)"
            }
            if runs.contains(where: { $0 != runs[0] }) {
                return "exact, not gating: the \(side)'s runs differ from each other (this program's frames depend on timing)"
            }
        }
        return nil
    }

    static func instructionRow(
        _ metric: Metric, _ old: ScenarioReport, _ new: ScenarioReport, _ frameDifference: String?,
        _ machineDifference: String?, _ options: ComparisonOptions
    ) -> MetricComparison? {
        guard let a = old.instructions[metric], let b = new.instructions[metric] else { return nil }
        var row = MetricComparison(
            scenario: new.key, metric: metric, statistic: .mean, baseline: a, candidate: b, verdict: .notComparable,
            evidence: "", gates: false)
        if let frameDifference {
            row.evidence = "different frames (\(frameDifference))"
        } else if let machineDifference {
            row.evidence = "another machine or build (\(machineDifference)): instruction counts do not compare"
        } else {
            // The tolerance is a share of the whole frame's count, so a
            // phase of a few hundred instructions does not fail the gate by
            // changing a few, while a change worth that share of the frame
            // fails it in any phase.
            let frame = old.instructions[.instructions] ?? a
            let threshold = options.instructionTolerance * frame
            row.verdict = abs(b - a) <= threshold ? .unchanged : (b > a ? .worse : .better)
            row.evidence = String(format: "instructions: %+.0f a frame, tolerance %g%% of the frame (%.0f)", b - a, options.instructionTolerance * 100, threshold)
            row.gates = true
        }
        return row
    }
}
