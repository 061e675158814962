extension RunDocument {
    /// Several runs of the same suite as one: frame times are pooled (and
    /// their summary, histogram and budget figures recomputed); the other
    /// metrics come from the first run, since deterministic ones are the same
    /// in every run. Used to combine interleaved rounds of a comparison.
    public static func pooled(_ documents: [RunDocument]) -> RunDocument {
        guard var pooled = documents.first else { preconditionFailure("pooling needs at least one document") }
        for other in documents.dropFirst() {
            let byKey = Dictionary(other.scenarios.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for index in pooled.scenarios.indices {
                guard let more = byKey[pooled.scenarios[index].key] else { continue }
                pooled.scenarios[index].frameTimesNanoseconds += more.frameTimesNanoseconds
                pooled.scenarios[index].runMediansNanoseconds += more.runMediansNanoseconds
                pooled.scenarios[index].settings.repeats += more.settings.repeats
                pooled.scenarios[index].peakResidentBytes = max(pooled.scenarios[index].peakResidentBytes, more.peakResidentBytes)
            }
        }
        for index in pooled.scenarios.indices {
            let times = pooled.scenarios[index].frameTimesNanoseconds.map(Double.init)
            pooled.scenarios[index].metrics[Metric.frameTime.rawValue] = MetricSummary(times)
            pooled.scenarios[index].histogram = Histogram(values: times)
            pooled.scenarios[index].budget = FrameBudget.evaluate(
                frameTimes: times, budget: pooled.scenarios[index].frameBudgetNanoseconds)
        }
        return pooled
    }

    /// A results file, or a comma-separated list of results files pooled into one.
    public static func read(pooling list: String) throws -> RunDocument {
        let paths = list.split(separator: ",").map(String.init).filter { !$0.isEmpty }
        guard !paths.isEmpty else { throw UsageError("no results file given") }
        let documents = try paths.map { try BaselineStore.read($0) }
        return pooled(documents)
    }
}
