/// Upper limits per benchmark, from `Benchmarks/budgets.json`:
///
///     { "budgets": { "plain-feed-200x50": { "frame_time_ns.p99": 3000000,
///                                          "allocations_per_frame.max": 0 } } }
///
/// A key is a benchmark name (its framebench result) or `name [backend]`; a
/// limit is `metric.statistic` (statistics: p50, p90, p99, p999, max, min,
/// mean, stddev) and holds when the run's value is at most the limit.
public struct BudgetFile: Codable, Equatable, Sendable {
    public var budgets: [String: [String: Double]]

    public static let defaultPath = "Benchmarks/budgets.json"

    public static func load(_ path: String) throws -> BudgetFile {
        let file: BudgetFile = try JSONFile.read(path, what: "budgets file")
        for (benchmark, limits) in file.budgets {
            for key in limits.keys {
                guard let (metric, statistic) = BudgetFile.split(key) else {
                    throw UsageError(
                        "budgets file \(path): '\(benchmark)': '\(key)' is not metric.statistic (metrics: \(Metric.allCases.map(\.rawValue).joined(separator: ", ")); statistics: \(MetricSummary.statisticNames.joined(separator: ", ")))"
                    )
                }
                _ = (metric, statistic)
            }
        }
        return file
    }

    /// `frame_time_ns.p99` as its metric and statistic, when both are known.
    static func split(_ key: String) -> (Metric, String)? {
        guard let dot = key.lastIndex(of: ".") else { return nil }
        var metricName = String(key[..<dot])
        var statistic = String(key[key.index(after: dot)...])
        if metricName.hasSuffix(".p99") && statistic == "9" {  // "p99.9"
            metricName.removeLast(4)
            statistic = "p999"
        }
        guard let metric = Metric(rawValue: metricName), MetricSummary.statisticNames.contains(statistic) else {
            return nil
        }
        return (metric, statistic)
    }

    /// The limits that apply to a report.
    public func limits(for report: ScenarioReport) -> [String: Double] {
        if let exact = budgets[report.key] { return exact }
        if report.backend == Backend.framebench.rawValue, let plain = budgets[report.name] { return plain }
        return [:]
    }
}
