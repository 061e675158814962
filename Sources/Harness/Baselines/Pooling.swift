extension RunDocument {
    /// Several results of the same benchmarks as one: each report's runs are
    /// pooled, and every metric's summary, the histogram and the budget
    /// figures are recomputed from every frame of every run. Used to combine
    /// repeated runs and interleaved rounds of a comparison.
    ///
    /// - Throws: a `UsageError` naming the file and the reason when the
    ///   documents come from different machines or builds or ran different
    ///   frames.
    public static func pooled(_ documents: [(path: String, document: RunDocument)]) throws -> RunDocument {
        guard var (firstPath, pooled) = documents.first else { throw UsageError("pooling needs at least one results file") }
        if firstPath.isEmpty { firstPath = "the first results" }
        for (path, other) in documents.dropFirst() {
            if let difference = pooled.machine.firstDifference(from: other.machine) {
                throw UsageError("cannot pool \(path) with \(firstPath): another machine or build (\(difference))")
            }
            let byKey = Dictionary(other.scenarios.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for index in pooled.scenarios.indices {
                let key = pooled.scenarios[index].key
                guard let more = byKey[key] else { continue }
                try pooled.scenarios[index].pool(more, from: path, into: firstPath)
            }
        }
        return pooled
    }

    /// A results file, or a comma-separated list of results files pooled into one.
    public static func read(pooling list: String) throws -> RunDocument {
        let paths = list.split(separator: ",").map(String.init).filter { !$0.isEmpty }
        guard !paths.isEmpty else { throw UsageError("no results file given") }
        let files = try paths.map { ($0, try BaselineStore.readFile($0)) }
        try DistinctResults.check(files.map { ($0.0, $0.1.contentDigest) }, what: "results \(list)")
        return try pooled(files.map { ($0.0, $0.1.document) })
    }
}

extension ScenarioReport {
    /// Adds another result's runs of the same benchmark.
    mutating func pool(_ other: ScenarioReport, from path: String, into firstPath: String) throws {
        let context = "cannot pool \(key) of \(path) with \(firstPath)"
        if let difference = settings.firstFrameDifference(from: other.settings) {
            throw UsageError("\(context): different frames (\(difference))")
        }
        for (metric, count) in other.instructions {
            // Instruction counts of one build are the same in every run; a
            // mean keeps a pooled file honest if a library picked another path.
            instructions[metric] = instructions[metric].map { ($0 + count) / 2 } ?? count
        }
        // Per-frame counts of one build are the same in every run (to 0.03%
        // of a frame): the first file's distribution stands for all.
        for (metric, distribution) in other.instructionDistribution where instructionDistribution[metric] == nil {
            instructionDistribution[metric] = distribution
        }
        // By name, as pooled files have always listed them.
        unmeasured = Set(unmeasured).union(other.unmeasured).sorted { $0.rawValue < $1.rawValue }
        if let more = other.program { program?.append(more) }
        // A tail's verdict rests on which frames resized or were preempted,
        // which a results file does not keep frame by frame: pooled rounds
        // have none (each round's own file keeps its verdict).
        tail = nil
        runs += other.runs
        settings.repeats += other.settings.repeats
        peakResidentBytes = max(peakResidentBytes, other.peakResidentBytes)
        if timingsNotComparable == nil { timingsNotComparable = other.timingsNotComparable }
        for metric in Metric.allCases where metric.kind != .instructions && !unmeasured.contains(metric) {
            if let summary = pooledSummary(metric) { metrics[metric] = summary }
        }
        if let distribution = pooledDistribution(.frameTime) {
            // Frames past the limit were not kept in order: the budget is
            // read from the buckets, the streak the longest of either file's.
            histogram = Histogram(distribution: distribution)
            let longest = max(budget.longestLateStreak, other.budget.longestLateStreak)
            budget = FrameBudget.estimate(distribution, budget: frameBudgetNanoseconds, longestLateStreak: longest)
            summarizedFrames = FrameSummaryNote(frames: distribution.count)
            return
        }
        let times = frames(.frameTime)
        if !times.isEmpty {
            histogram = Histogram(values: times)
            budget = FrameBudget.evaluate(frameTimes: times, budget: frameBudgetNanoseconds)
        }
    }
}
