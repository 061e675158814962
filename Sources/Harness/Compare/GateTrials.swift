/// Many comparisons drawn from one pool of paired rounds, for the gate's
/// power study (`scripts/gate-power.sh`): each trial pools the rounds it
/// names on both sides and is judged exactly as `compare --paired` judges
/// two lists of files. The files are read once, so thousands of trials cost
/// seconds rather than a `framebench compare` process each.
public enum GateTrials {
    /// What one trial's comparison decided.
    public struct Outcome: Equatable, Sendable {
        /// Whether the comparison fails (what `compare` would exit 1 for).
        public var failed: Bool
        /// The rows that fail it.
        public var failing: [MetricComparison]
    }

    /// Judges each trial: `trials[t]` lists indices into both pools (round
    /// r of the baseline was paired with round r of the candidate).
    /// - Throws: a `UsageError` when a trial names a round the pools do not
    ///   have, the pools differ in size, or the rounds cannot be pooled.
    /// - Complexity: per trial, pooling its rounds' frames and the comparison.
    public static func judge(
        baseline: [(path: String, document: RunDocument)], candidate: [(path: String, document: RunDocument)],
        trials: [[Int]], options: ComparisonOptions
    ) throws -> [Outcome] {
        guard baseline.count == candidate.count else {
            throw UsageError("paired trials need as many baseline rounds as candidate rounds (\(baseline.count) and \(candidate.count))")
        }
        var options = options
        options.paired = true
        return try trials.enumerated().map { number, rounds in
            guard !rounds.isEmpty, rounds.allSatisfy({ baseline.indices.contains($0) }) else {
                throw UsageError("trial \(number + 1) names rounds \(rounds), the pool has 0...\(baseline.count - 1)")
            }
            let report = Comparison.compare(
                baseline: try RunDocument.pooled(rounds.map { baseline[$0] }),
                candidate: try RunDocument.pooled(rounds.map { candidate[$0] }), options: options)
            return Outcome(failed: report.failed, failing: report.rows.filter(\.fails))
        }
    }
}
