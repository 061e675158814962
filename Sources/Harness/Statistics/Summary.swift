/// Order statistics of one metric over the frames of a run.
public struct Summary: Sendable, Equatable {
    public let count: Int
    public let p50: Double
    public let p90: Double
    public let p99: Double
    public let max: Double
    public let mean: Double

    /// Summarises `values` (any order). Percentiles interpolate linearly
    /// between the two nearest ranks (the "type 7" estimator).
    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else {
            p50 = 0; p90 = 0; p99 = 0; max = 0; mean = 0
            return
        }
        let sorted = values.sorted()
        p50 = Summary.percentile(sorted, 0.50)
        p90 = Summary.percentile(sorted, 0.90)
        p99 = Summary.percentile(sorted, 0.99)
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    /// The `fraction` quantile of already sorted values.
    public static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        precondition(!sorted.isEmpty)
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * weight
    }
}
