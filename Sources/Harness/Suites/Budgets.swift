import Foundation

/// Upper limits per benchmark, from `Benchmarks/budgets.json`:
///
///     { "budgets": { "plain-feed-200x50": {
///         "frame_time_ns.p50": 2000000,
///         "layout_ns.p50": "+10%",
///         "instructions_per_frame.mean": 4500000,
///         "allocations_per_frame.max": 0 } } }
///
/// A benchmark is a name from a suite (its framebench result) or
/// `name [backend]`. A limit is `metric.statistic` (statistics: p50, p90,
/// p99, p99.9, max, min, mean, stddev; instruction metrics have only mean)
/// and holds when the run's value is at most the limit: a number is an
/// absolute limit in the metric's unit; "+N%" is relative, at most N% above
/// the same figure in the baseline (no baseline, no check). Unknown
/// metrics, statistics, benchmark names and malformed limits are errors.
public struct BudgetFile: Equatable, Sendable {
    /// A limit's metric and statistic.
    public struct Key: Hashable, Sendable {
        public var metric: Metric
        public var statistic: Statistic
        /// As written in the file.
        public var text: String
    }

    public enum Limit: Equatable, Sendable {
        case absolute(Double)
        /// A fraction over the baseline's value (0.1 for "+10%").
        case relative(Double)
    }

    public var budgets: [String: [Key: Limit]]

    public static let defaultPath = "Benchmarks/budgets.json"

    public init(budgets: [String: [Key: Limit]]) { self.budgets = budgets }

    /// A limit as the file holds it: a number, or text such as "+10%".
    public enum RawLimit: Decodable, Equatable, Sendable {
        case number(Double)
        case text(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    struct RawFile: Decodable {
        let budgets: [String: [String: RawLimit]]
    }

    /// Budgets from the values a file holds; `path` names the file in errors.
    public init(_ raw: [String: [String: RawLimit]], path: String = "budgets") throws {
        var budgets: [String: [Key: Limit]] = [:]
        for (benchmark, limits) in raw {
            var parsed: [Key: Limit] = [:]
            for (text, value) in limits {
                let key = try BudgetFile.key(text, benchmark: benchmark, path: path)
                parsed[key] = try BudgetFile.limit(value, key: key, benchmark: benchmark, path: path)
            }
            budgets[benchmark] = parsed
        }
        self.budgets = budgets
    }

    /// Reads and checks a budgets file; with `knownBenchmarks`, a name that
    /// is none of them (a misspelling) is an error.
    public static func load(_ path: String, knownBenchmarks: Set<String>? = nil) throws -> BudgetFile {
        let file: RawFile = try JSONFile.read(path, what: "budgets file")
        let budgets = try BudgetFile(file.budgets, path: path)
        if let knownBenchmarks { try budgets.checkNames(knownBenchmarks, path: path) }
        return budgets
    }

    /// Every budget names a known benchmark (`name` or `name [backend]`).
    public func checkNames(_ known: Set<String>, path: String) throws {
        for benchmark in budgets.keys.sorted() {
            var plain = benchmark
            if benchmark.hasSuffix("]"), let open = benchmark.lastIndex(of: "[") {
                plain = String(benchmark[..<open]).trimmingCharacters(in: .whitespaces)
            }
            guard known.contains(plain) else {
                throw UsageError("budgets file \(path): no suite or result has a benchmark '\(plain)' (known: \(known.sorted().joined(separator: ", ")))")
            }
        }
    }

    static func key(_ text: String, benchmark: String, path: String) throws -> Key {
        let statistics = Statistic.allCases.map(\.rawValue).joined(separator: ", ")
        let problem = "budgets file \(path): '\(benchmark)': '\(text)'"
        guard let dot = text.firstIndex(of: ".") else {
            throw UsageError("\(problem) is not metric.statistic (statistics: \(statistics))")
        }
        let metricName = String(text[..<dot])
        let statisticName = String(text[text.index(after: dot)...])
        guard let metric = Metric(rawValue: metricName) else {
            throw UsageError("\(problem): unknown metric '\(metricName)' (metrics: \(Metric.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let statistic = Statistic(name: statisticName) else {
            throw UsageError("\(problem): unknown statistic '\(statisticName)' (statistics: \(statistics))")
        }
        if metric.kind == .instructions && statistic == .stddev {
            throw UsageError("\(problem): instruction counts have a mean and a per-frame distribution (min, p50, p90, p99, p99.9, max), not stddev")
        }
        return Key(metric: metric, statistic: statistic, text: text)
    }

    static func limit(_ value: RawLimit, key: Key, benchmark: String, path: String) throws -> Limit {
        let problem = "budgets file \(path): '\(benchmark)': \(key.text)"
        switch value {
        case .number(let limit):
            guard limit.isFinite, limit >= 0 else { throw UsageError("\(problem) must be a non-negative number, not \(limit)") }
            return .absolute(limit)
        case .text(let text):
            if text.hasPrefix("+"), text.hasSuffix("%"),
                let percent = DecimalNumber.parse(String(text.dropFirst().dropLast()), allowsSign: false)
            {
                return .relative(percent / 100)
            }
            throw UsageError("\(problem) must be a number or a relative limit such as \"+10%\", not \"\(text)\"")
        }
    }

    /// The limits that apply to a report.
    public func limits(for report: ScenarioReport) -> [Key: Limit] {
        if let exact = budgets[report.key] { return exact }
        // A plain name means the benchmark's framebench lane, or the program a program entry runs.
        if [.framebench, .program].contains(report.backend), let plain = budgets[report.name] {
            return plain
        }
        return [:]
    }

    /// Every budget on a program entry (`programs`: their names) limits a
    /// metric a program run measures: a budget on `layout_ns` or
    /// `allocations_per_frame` of a program could never be checked.
    public func checkProgramMetrics(_ programs: Set<String>, path: String) throws {
        let measured = ProgramReport.metrics.map(\.rawValue)
        for benchmark in budgets.keys.sorted() {
            var plain = benchmark
            var backend: String?
            if benchmark.hasSuffix("]"), let open = benchmark.lastIndex(of: "[") {
                plain = String(benchmark[..<open]).trimmingCharacters(in: .whitespaces)
                backend = String(benchmark[benchmark.index(after: open)..<benchmark.index(before: benchmark.endIndex)])
            }
            guard programs.contains(plain), [nil, ProgramReport.backend.rawValue].contains(backend) else { continue }
            for key in budgets[benchmark]!.keys.sorted(by: { $0.text < $1.text }) where !ProgramReport.metrics.contains(key.metric) {
                throw UsageError(
                    "budgets file \(path): '\(benchmark)' runs a program, which has no \(key.metric.rawValue) (\(key.text)); a program's metrics: \(measured.joined(separator: ", "))")
            }
        }
    }
}
