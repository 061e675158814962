import Foundation

/// Whether two results hold the same benchmarks with the same counts: what
/// `framebench results-diff` prints, and what the scripts that rehearse CI
/// (`ci-rehearsal.sh`, `alloc-determinism.sh`) used to work out from the
/// JSON themselves.
///
/// Each side is one results file or several taken together (a suite's
/// shards: every benchmark must then be in one of them only). The sides
/// must hold the same benchmarks (`ScenarioReport.key`), with equal
/// settings, in the same order unless `anyOrder`. Then each `Rule` holds one
/// `Metric.Kind` of B to A's: which metric is of which kind is `Metric.kind`,
/// so a caller names kinds (`allocation`) and never lists metrics.
///
/// | rule | what must agree |
/// |---|---|
/// | exact `allocation`, `output`, `timing` | each metric's summary, and every frame of every run (of a run that kept a distribution: every bucket, and its min, max and mean) |
/// | exact `instructions` | each count (the mean per measured frame), and which counts there are |
/// | within P% | the same, each value within P% of A's whole-frame value of that kind at the same place |
///
/// A kind asked for that A does not have for a benchmark is a difference
/// (nothing compared is never "the same").
public struct ResultsDiff: Sendable {
    /// How one kind of metric of B is held to A's.
    public struct Rule: Equatable, Sendable {
        public var kind: Metric.Kind
        /// nil: equal. Otherwise the largest difference allowed, as a fraction
        /// of A's whole-frame value of the kind (0.001: within 0.1% of the frame).
        public var tolerance: Double?

        public init(kind: Metric.Kind, tolerance: Double? = nil) {
            self.kind = kind
            self.tolerance = tolerance
        }
    }

    /// One benchmark's report, and the file it came from.
    public struct Entry: Sendable {
        public var path: String
        public var report: ScenarioReport

        public init(path: String, report: ScenarioReport) {
            self.path = path
            self.report = report
        }
    }

    /// What the comparison found: a line per benchmark compared, and the differences.
    public struct Outcome: Sendable {
        public var lines: [String] = []
        public var differences: [String] = []
        /// Benchmarks matched, and metrics compared in them.
        public var benchmarks = 0
        public var metrics = 0

        /// No difference, and something was compared.
        public var isSame: Bool { differences.isEmpty && benchmarks > 0 }
    }

    public var rules: [Rule]
    /// B may hold the benchmarks in another order than A (a side of shards).
    public var anyOrder: Bool
    /// Only the reports of this backend (as results name it: framebench, ncurses, program).
    public var backend: ResultBackend?

    public init(rules: [Rule], anyOrder: Bool = false, backend: ResultBackend? = nil) {
        self.rules = rules
        self.anyOrder = anyOrder
        self.backend = backend
    }

    /// The kinds of metric there are, in `Metric`'s order: what `--exact` and `--within` take.
    public static var kinds: [Metric.Kind] {
        var kinds: [Metric.Kind] = []
        for metric in Metric.allCases where !kinds.contains(metric.kind) { kinds.append(metric.kind) }
        return kinds
    }

    /// Compares B with A: the benchmarks, then each rule on each benchmark both hold.
    public func compare(_ a: [Entry], _ b: [Entry]) -> Outcome {
        let a = a.filter { backend == nil || $0.report.backend == backend }
        let b = b.filter { backend == nil || $0.report.backend == backend }
        var outcome = Outcome()
        outcome.differences += Self.duplicates(a, side: "A") + Self.duplicates(b, side: "B")
        let pairs = matchBenchmarks(a, b, into: &outcome)
        for (before, after) in pairs {
            outcome.benchmarks += 1
            var found: [String] = []
            var parts: [String] = []
            if before.report.settings != after.report.settings {
                let reason =
                    before.report.settings.firstFrameDifference(from: after.report.settings)
                    ?? "repeats \(before.report.settings.repeats) vs \(after.report.settings.repeats)"
                found.append("\(before.report.key): settings differ (\(reason))")
            }
            for rule in rules {
                let result = Self.compare(before.report, after.report, rule: rule)
                outcome.metrics += result.compared
                found += result.differences
                parts.append(result.summary)
            }
            let source = before.path == after.path ? "" : " (\(Self.fileName(after.path)))"
            let verdict = found.isEmpty ? "same     " : "DIFFERENT"
            outcome.lines.append("  \(verdict) \(before.report.key)\(source)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; ")))
            outcome.differences += found
        }
        if pairs.isEmpty {
            outcome.differences.append("no benchmark to compare" + (backend.map { " of backend \($0)" } ?? ""))
        }
        return outcome
    }

    /// The text `results-diff` prints: a line per benchmark, the differences, and the verdict last.
    public func text(_ outcome: Outcome) -> String {
        var lines = outcome.lines
        if !outcome.differences.isEmpty {
            lines.append("differences:")
            lines += outcome.differences.map { "  \($0)" }
        }
        let held =
            rules.isEmpty
            ? "benchmarks and settings only"
            : rules.map { rule in
                rule.tolerance.map { "\(rule.kind.rawValue) within \(Self.percent($0)) of the frame" }
                    ?? "\(rule.kind.rawValue) exact"
            }.joined(separator: ", ")
        let verdict = outcome.isSame ? "same" : "\(outcome.differences.count) difference\(outcome.differences.count == 1 ? "" : "s")"
        lines.append(
            "results-diff: \(verdict) (\(outcome.benchmarks) benchmark\(outcome.benchmarks == 1 ? "" : "s"), \(outcome.metrics) metric\(outcome.metrics == 1 ? "" : "s") compared; \(held))"
        )
        return lines.joined(separator: "\n")
    }

    /// Pairs A's benchmarks with B's by key; what only one side holds, and another order, are differences.
    private func matchBenchmarks(_ a: [Entry], _ b: [Entry], into outcome: inout Outcome) -> [(Entry, Entry)] {
        var inB: [String: Entry] = [:]
        for entry in b where inB[entry.report.key] == nil { inB[entry.report.key] = entry }
        let keysOfA = Set(a.map(\.report.key))
        var pairs: [(Entry, Entry)] = []
        for entry in a {
            guard let other = inB[entry.report.key] else {
                outcome.differences.append("\(entry.report.key) is in A (\(entry.path)) but not in B")
                continue
            }
            if !pairs.contains(where: { $0.0.report.key == entry.report.key }) { pairs.append((entry, other)) }
        }
        for entry in b where !keysOfA.contains(entry.report.key) {
            outcome.differences.append("\(entry.report.key) is in B (\(entry.path)) but not in A")
        }
        let orderOfB = b.map(\.report.key).filter { keysOfA.contains($0) }
        let orderOfA = a.map(\.report.key).filter { inB[$0] != nil }
        if !anyOrder, orderOfA != orderOfB {
            outcome.differences.append(
                "B holds the benchmarks in another order: A \(orderOfA.joined(separator: ", ")); B \(orderOfB.joined(separator: ", "))")
        }
        return pairs
    }

    /// A benchmark twice on one side: in two shards, or twice in one file.
    private static func duplicates(_ entries: [Entry], side: String) -> [String] {
        var first: [String: String] = [:]
        var found: [String] = []
        for entry in entries {
            if let earlier = first[entry.report.key] {
                found.append("\(entry.report.key) is in \(side) twice (\(earlier) and \(entry.path))")
            } else {
                first[entry.report.key] = entry.path
            }
        }
        return found
    }

    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// 0.001 as "0.1%".
    static func percent(_ fraction: Double) -> String { String(format: "%g%%", fraction * 100) }
}
