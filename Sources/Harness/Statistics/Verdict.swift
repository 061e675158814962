/// What a comparison concluded about a candidate relative to its baseline.
public enum Verdict: String, Sendable, Codable {
    case better
    case worse
    case unchanged
    /// The data cannot support a verdict: missing or non-finite values, a
    /// zero median, or too few samples for any result to be significant.
    case notComparable = "not comparable"
}
