/// A statistic of a metric's distribution over frames, as budgets and
/// reports name it.
public enum Statistic: String, CaseIterable, Codable, Sendable {
    case p50, p90, p99
    case p999 = "p99.9"
    case max, min, mean, stddev

    /// Accepts `p999` as well as `p99.9`.
    public init?(name: String) {
        if name == "p999" { self = .p999 } else if let known = Statistic(rawValue: name) { self = known } else { return nil }
    }
}
