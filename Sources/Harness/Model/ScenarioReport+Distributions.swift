extension ScenarioReport {
    /// Whether any run of the report kept a metric's distribution rather than its frames.
    public func isSummarized(_ metric: Metric) -> Bool {
        runs.contains { $0.distributions[metric] != nil }
    }

    /// Every run's frames of a metric as one distribution, runs that kept
    /// their frames counted frame by frame; nil when every run kept its frames.
    public func pooledDistribution(_ metric: Metric) -> FrameDistribution? {
        guard isSummarized(metric) else { return nil }
        var pooled = FrameDistribution()
        for run in runs {
            if let distribution = run.distributions[metric] {
                pooled.merge(distribution)
            } else {
                for value in run[metric] { pooled.add(value) }
            }
        }
        return pooled
    }

    /// A metric's summary over every run (within `FrameDistribution.relativeError`
    /// when a run kept a distribution); nil when no run measured it.
    public func pooledSummary(_ metric: Metric) -> Summary? {
        if let distribution = pooledDistribution(metric) { return Summary(distribution) }
        let values = frames(metric)
        return values.isEmpty ? nil : Summary(values)
    }

    /// Each run's frames of a metric, or its median alone when the run kept
    /// a distribution: what paired rounds compare (a one-value round is
    /// judged on the ratio of medians).
    public func roundValues(_ metric: Metric) -> [[Double]] {
        runs.map { run in
            guard run.distributions[metric] != nil else { return run[metric] }
            return run.median(metric).map { [$0] } ?? []
        }
    }
}
