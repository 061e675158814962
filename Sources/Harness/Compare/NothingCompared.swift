extension ComparisonReport {
    /// Why this report judged nothing, or nil when it judged something: a
    /// gate that compared nothing has not passed. `compare` and `check`
    /// both fail with this reason (`compare a.json b.json` of files that
    /// share no benchmark once passed with JUnit `tests="0"` while `check`
    /// failed the same case).
    ///
    /// - Parameters:
    ///   - baselineName: how the baseline was named (a path, a stored name).
    ///   - candidateName: how the candidate was named ("this run" when it ran now).
    public func nothingCompared(
        baseline: RunDocument?, candidate: RunDocument, baselineName: String, candidateName: String
    ) -> String? {
        guard budgets.isEmpty, rows.allSatisfy({ $0.verdict == .notComparable }) else { return nil }
        if candidate.scenarios.isEmpty { return "\(candidateName) holds no results: nothing to compare or check" }
        guard let baseline else {
            return "no budget applies to \(candidateName) and there is no baseline to compare with (benchmarks: \(candidate.scenarios.map(\.key).joined(separator: ", ")))"
        }
        if baseline.scenarios.isEmpty { return "\(baselineName) holds no results: nothing to compare with" }
        if rows.isEmpty {
            return "\(baselineName) and \(candidateName) share no benchmark (\(baselineName): \(baseline.scenarios.map(\.key).joined(separator: ", ")); \(candidateName): \(candidate.scenarios.map(\.key).joined(separator: ", ")))"
        }
        return "no metric of \(baselineName) could be compared with \(candidateName) (\(rows.first?.evidence ?? "different frames or machines"))"
    }
}
