import Foundation

/// One kind of metric of one benchmark, B held to A (see `ResultsDiff`).
extension ResultsDiff {
    /// What one rule found on one benchmark.
    struct KindResult {
        var compared = 0
        var differences: [String] = []
        /// For the benchmark's line: what was compared (and the largest difference, within a tolerance).
        var summary: String
    }

    /// Equal, or within the tolerance of a reference; remembers the largest share of the reference seen.
    struct Agreement {
        let tolerance: Double?
        private(set) var largest = 0.0

        init(tolerance: Double?) { self.tolerance = tolerance }

        mutating func holds(_ x: Double, _ y: Double, reference: Double) -> Bool {
            guard let tolerance else { return x == y }
            let difference = abs(x - y)
            if reference != 0 { largest = max(largest, difference / abs(reference)) }
            return difference <= tolerance * abs(reference)
        }

        var note: String { tolerance == nil ? "" : ", largest difference \(String(format: "%.6f", largest * 100))% of the frame" }
    }

    static func compare(_ a: ScenarioReport, _ b: ScenarioReport, rule: Rule) -> KindResult {
        rule.kind == .instructions ? compareCounts(a, b, rule: rule) : compareFrames(a, b, rule: rule)
    }

    /// A metric's summary as the report keeps it; nil when it was not measured.
    static func summary(_ report: ScenarioReport, _ metric: Metric) -> Summary? {
        report.unmeasured.contains(metric) ? nil : report.metrics[metric]
    }

    /// The whole-frame metric a tolerance is a share of: the frame's time,
    /// allocations (count or bytes, as the metric), instructions; an output
    /// count is its own reference.
    static func reference(of metric: Metric) -> Metric {
        switch metric.kind {
        case .timing: return .frameTime
        case .instructions: return .instructions
        case .output: return metric
        case .allocation:
            return metric == Metric.allocations(of: metric.phase ?? .frame).bytes ? .allocatedBytes : .allocations
        }
    }

    /// Metrics kept per frame (timing, allocation, output): each summary and every frame of every run.
    static func compareFrames(_ a: ScenarioReport, _ b: ScenarioReport, rule: Rule) -> KindResult {
        let kind = rule.kind.rawValue
        let (metrics, found) = shared(a, b, kind: rule.kind, what: "\(kind) metrics", hint: "not measured?") {
            summary($0, $1) != nil
        }
        var result = KindResult(differences: found, summary: "\(kind): none")
        guard !metrics.isEmpty else { return result }
        if a.runs.count != b.runs.count {
            result.differences.append("\(a.key): \(a.runs.count) run(s) in A, \(b.runs.count) in B")
        }
        var agreement = Agreement(tolerance: rule.tolerance)
        var frames = 0
        for metric in metrics {
            result.compared += 1
            let before = summary(a, metric)!
            let after = summary(b, metric)!
            let scale = summary(a, reference(of: metric)) ?? before
            if let statistic = Statistic.allCases.first(where: {
                !agreement.holds(before.value(of: $0), after.value(of: $0), reference: scale.value(of: $0))
            }) {
                result.differences.append(
                    "\(a.key): \(metric.rawValue) \(statistic.rawValue) \(number(before.value(of: statistic))) vs \(number(after.value(of: statistic)))"
                )
            }
            for (index, runs) in zip(a.runs, b.runs).enumerated() {
                frames += runs.0.distributions[metric]?.count ?? runs.0[metric].count
                if let difference = compareRun(runs.0, runs.1, metric: metric, agreement: &agreement) {
                    result.differences.append("\(a.key): \(metric.rawValue) of run \(index + 1) \(difference)")
                }
            }
        }
        result.summary = "\(kind) \(result.compared) metric(s) on \(frames / max(1, result.compared)) frame(s)\(agreement.note)"
        return result
    }

    /// One run's frames of a metric; nil when they agree, else how they differ.
    /// A run that kept a distribution (past `FrameSamples.exactFrameLimit`) is
    /// held to the other's by `compareDistributions`.
    static func compareRun(_ a: RunSamples, _ b: RunSamples, metric: Metric, agreement: inout Agreement) -> String? {
        if a.distributions[metric] != nil || b.distributions[metric] != nil {
            return compareDistributions(a, b, metric: metric, exact: agreement.tolerance == nil)
        }
        let before = a[metric]
        let after = b[metric]
        let scales = a[reference(of: metric)]
        var differing: [String] = []
        var count = 0
        for index in before.indices where index < after.count {
            let scale = index < scales.count ? scales[index] : before[index]
            if !agreement.holds(before[index], after[index], reference: scale) {
                count += 1
                if differing.count < 3 { differing.append("(\(index), \(number(before[index])), \(number(after[index])))") }
            }
        }
        if before.count != after.count {
            return "has \(before.count) frames in A, \(after.count) in B"
        }
        guard count > 0 else { return nil }
        return "differs in \(count) of \(before.count) frames (frame, A, B): \(differing.joined(separator: ", "))"
    }

    /// One run's distribution of a metric against the other's: the frames'
    /// count always, and when `exact` every bucket's count and the exact
    /// minimum, maximum and mean. A count metric (allocations, bytes) lands in
    /// the same buckets on every run (below 256 a bucket is one value), so
    /// `--exact allocation,output` stays exact; a tolerance was already held
    /// against the summary's figures, there being no frame to hold it against.
    /// A side that kept frames is counted into a distribution to compare.
    static func compareDistributions(_ a: RunSamples, _ b: RunSamples, metric: Metric, exact: Bool) -> String? {
        func distribution(_ run: RunSamples) -> FrameDistribution {
            run.distributions[metric] ?? FrameDistribution(run[metric])
        }
        let before = distribution(a), after = distribution(b)
        if before.count != after.count { return "has \(before.count) frames in A, \(after.count) in B (distributions)" }
        guard exact else { return nil }
        if before.min != after.min || before.max != after.max || before.mean != after.mean {
            return "distribution min/max/mean \(number(before.min))/\(number(before.max))/\(number(before.mean)) in A, "
                + "\(number(after.min))/\(number(after.max))/\(number(after.mean)) in B"
        }
        let inA = before.occupiedBuckets, inB = after.occupiedBuckets
        var differing: [String] = []
        var count = 0
        var (i, j) = (0, 0)
        // Both lists ascend by lower edge: walk them together, a bucket one side lacks counting 0 there.
        while i < inA.count || j < inB.count {
            let lower = Swift.min(i < inA.count ? inA[i].lower : .infinity, j < inB.count ? inB[j].lower : .infinity)
            let x = i < inA.count && inA[i].lower == lower ? inA[i].count : 0
            let y = j < inB.count && inB[j].lower == lower ? inB[j].count : 0
            if x > 0 { i += 1 }
            if y > 0 { j += 1 }
            if x != y {
                count += 1
                if differing.count < 3 { differing.append("(\(number(lower)), \(x), \(y))") }
            }
        }
        guard count > 0 else { return nil }
        return "differs in \(count) distribution bucket(s) (bucket from, frames in A, in B): \(differing.joined(separator: ", "))"
    }

    /// Instruction counts (the mean per measured frame): which there are, and each count.
    static func compareCounts(_ a: ScenarioReport, _ b: ScenarioReport, rule: Rule) -> KindResult {
        let (metrics, found) = shared(
            a, b, kind: .instructions, what: "instruction counts", hint: "run with --measure instructions?"
        ) { $0.value($1, .mean) != nil }
        var result = KindResult(differences: found, summary: "instructions: none")
        guard !metrics.isEmpty else { return result }
        let frame = a.value(.instructions, .mean) ?? 0
        var agreement = Agreement(tolerance: rule.tolerance)
        for metric in metrics {
            result.compared += 1
            let before = a.value(metric, .mean)!
            let after = b.value(metric, .mean)!
            if !agreement.holds(before, after, reference: frame) {
                let limit = rule.tolerance.map { " (more than \(percent($0)) of the frame's \(number(frame)))" } ?? ""
                result.differences.append("\(a.key): \(metric.rawValue) \(number(before)) vs \(number(after))\(limit)")
            }
        }
        result.summary = "instructions \(result.compared) count(s)\(agreement.note)"
        return result
    }

    /// The metrics of `kind` both reports have (`has`); none in A, or not
    /// the same ones on both sides, is a difference.
    static func shared(
        _ a: ScenarioReport, _ b: ScenarioReport, kind: Metric.Kind, what: String, hint: String,
        has: (ScenarioReport, Metric) -> Bool
    ) -> (metrics: [Metric], differences: [String]) {
        let metrics = Metric.allCases.filter { $0.kind == kind }
        let inA = metrics.filter { has(a, $0) }
        let inB = metrics.filter { has(b, $0) }
        guard !inA.isEmpty else { return ([], ["\(a.key): A has no \(what) (\(hint))"]) }
        let differences = inA == inB ? [] : ["\(a.key): \(what) differ: A has \(names(inA)); B has \(names(inB))"]
        return (inA.filter { inB.contains($0) }, differences)
    }

    static func names(_ metrics: [Metric]) -> String {
        metrics.isEmpty ? "none" : metrics.map(\.rawValue).joined(separator: ", ")
    }

    /// Whole numbers as such, others to one decimal.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : String(format: "%.1f", value)
    }
}
