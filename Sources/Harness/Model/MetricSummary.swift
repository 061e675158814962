/// A metric's distribution over a run's frames, as stored in results and baselines.
public struct MetricSummary: Codable, Equatable, Sendable {
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var p999: Double
    public var max: Double
    public var min: Double
    public var mean: Double
    public var stddev: Double

    public init(_ values: [Double]) {
        let summary = Summary(values)
        p50 = summary.p50
        p90 = summary.p90
        p99 = summary.p99
        p999 = summary.p999
        max = summary.max
        min = summary.min
        mean = summary.mean
        stddev = summary.standardDeviation
    }

    /// One statistic of the distribution.
    public func value(of statistic: Statistic) -> Double {
        switch statistic {
        case .p50: return p50
        case .p90: return p90
        case .p99: return p99
        case .p999: return p999
        case .max: return max
        case .min: return min
        case .mean: return mean
        case .stddev: return stddev
        }
    }
}
