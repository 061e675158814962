/// What a comparison concluded about a candidate relative to its baseline.
public enum Verdict: String, Sendable, Codable {
    case better
    case worse
    case unchanged
    /// The data cannot support a verdict: missing or non-finite values, a
    /// zero median, or too few samples for any result to be significant.
    case notComparable = "not comparable"
}

extension Verdict {
    /// Judges a deterministic metric (allocations, bytes written, cells
    /// changed): one number per side, no noise, so no statistics.
    ///
    /// `unchanged` when |candidate - baseline| <= |baseline| * `tolerance`;
    /// otherwise `worse` or `better` by direction. A tolerance of 0 demands
    /// exact equality; a zero baseline makes any change a change.
    ///
    /// - Parameters:
    ///   - tolerance: relative, >= 0 (0.01 = 1%).
    ///   - lowerIsBetter: false for metrics such as throughput.
    public static func ofCount(
        baseline: Double, candidate: Double, tolerance: Double, lowerIsBetter: Bool = true
    ) -> Verdict {
        precondition(tolerance >= 0, "tolerance must not be negative")
        guard baseline.isFinite, candidate.isFinite else { return .notComparable }
        if abs(candidate - baseline) <= abs(baseline) * tolerance { return .unchanged }
        return (candidate > baseline) == lowerIsBetter ? .worse : .better
    }
}
