/// Order statistics of one metric over the frames of a run: what reports
/// print, results store (`metrics`, `instruction_distribution`) and
/// budgets and comparisons read, one `Statistic` at a time.
///
/// Percentiles use the "type 7" estimator (linear interpolation between the
/// two nearest ranks), the default of R and NumPy, so numbers can be checked
/// against either. An empty input gives a summary of zeros.
///
/// Stored as `{p50, p90, p99, p999, max, min, mean, stddev}`, in the
/// metric's unit; every field is finite for finite input, so the default
/// JSON strategies suffice.
public struct Summary: Sendable, Equatable, Codable {
    public var min: Double
    public var p50: Double
    public var p90: Double
    public var p99: Double
    /// p99.9: meaningful only with thousands of samples; with fewer it
    /// interpolates towards `max`.
    public var p999: Double
    public var max: Double
    public var mean: Double
    /// Sample standard deviation (divides by `count - 1`); 0 for fewer than
    /// two values.
    public var standardDeviation: Double

    enum CodingKeys: String, CodingKey {
        case p50, p90, p99, p999, max, min, mean
        case standardDeviation = "stddev"
    }

    /// Summarises `values` (any order).
    ///
    /// - Complexity: O(n log n) for the sort.
    public init(_ values: [Double]) {
        guard !values.isEmpty else {
            min = 0; p50 = 0; p90 = 0; p99 = 0; p999 = 0; max = 0; mean = 0; standardDeviation = 0
            return
        }
        let sorted = values.sorted()
        min = sorted[0]
        p50 = Summary.percentile(sorted, 0.50)
        p90 = Summary.percentile(sorted, 0.90)
        p99 = Summary.percentile(sorted, 0.99)
        p999 = Summary.percentile(sorted, 0.999)
        max = sorted[sorted.count - 1]
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        self.mean = mean
        // Two passes (mean first, then squared deviations) rather than the
        // sum-of-squares shortcut, which cancels badly for nanosecond-sized
        // values with small spread.
        if sorted.count > 1 {
            let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            standardDeviation = (squares / Double(sorted.count - 1)).squareRoot()
        } else {
            standardDeviation = 0
        }
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
        case .stddev: return standardDeviation
        }
    }

    /// The `fraction` quantile (0...1) of already sorted values.
    ///
    /// - Complexity: O(1).
    public static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        precondition(!sorted.isEmpty)
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * weight
    }
}
