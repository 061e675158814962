extension RunDocument {
    /// Checks what a results file says before anything uses it, so a bad
    /// value is an error naming the file, the key path and the value, never
    /// a crash or a wrong figure later: counts, sizes and memory are not
    /// negative, the frame budget is in `FrameBudget.nanosecondsRange`, and no
    /// benchmark appears twice (an unknown backend is refused as it is read).
    func validate(_ path: String) throws {
        var seen: [String: Int] = [:]
        for (index, scenario) in scenarios.enumerated() {
            let at = "scenarios[\(index)]"
            let fail = { (key: String, problem: String) in
                UsageError("results file \(path): \(at).\(key) (\(scenario.key)): \(problem)")
            }
            if let earlier = seen[scenario.key] {
                throw UsageError("results file \(path): \(at) is \(scenario.key), which scenarios[\(earlier)] already is: a benchmark may appear only once (twice would count its runs twice)")
            }
            seen[scenario.key] = index
            try RunDocument.validateFigures(scenario, fail)
            try RunDocument.validateSettings(scenario.settings, fail)
            try RunDocument.validateMetrics(scenario, fail)
            try RunDocument.validateRuns(scenario.runs, fail)
        }
    }

    /// The budget, memory and histogram figures.
    private static func validateFigures(_ scenario: ScenarioReport, _ fail: (String, String) -> UsageError) throws {
        guard FrameBudget.nanosecondsRange.contains(scenario.frameBudgetNanoseconds) else {
            throw fail("frame_budget_ns", "\(scenario.frameBudgetNanoseconds) is outside \(FrameBudget.rangeText(inMilliseconds: false))")
        }
        guard scenario.peakResidentBytes >= 0 else {
            throw fail("peak_rss_bytes", "\(scenario.peakResidentBytes) is negative: memory cannot be")
        }
        guard scenario.histogram.lowerBounds.count == scenario.histogram.counts.count else {
            throw fail("histogram", "\(scenario.histogram.lowerBounds.count) bounds but \(scenario.histogram.counts.count) counts")
        }
        if let negative = scenario.histogram.counts.firstIndex(where: { $0 < 0 }) {
            throw fail("histogram.counts[\(negative)]", "\(scenario.histogram.counts[negative]) is negative")
        }
        if let summarized = scenario.summarizedFrames, summarized.frames < 0 {
            throw fail("summarized_frames.frames", "\(summarized.frames) is negative: a count cannot be")
        }
    }

    private static func validateSettings(_ settings: ScenarioSettings, _ fail: (String, String) -> UsageError) throws {
        let positives: [(String, Int)] = [
            ("frames", settings.frames), ("cols", settings.cols), ("rows", settings.rows), ("repeats", settings.repeats),
        ]
        for (key, value) in positives where value <= 0 {
            throw fail("settings.\(key)", "\(value) must be positive")
        }
        guard settings.feedItems >= 0 else { throw fail("settings.feed_items", "\(settings.feedItems) is negative") }
        guard settings.warmUpFrames >= 0, settings.warmUpFrames < settings.frames else {
            throw fail("settings.warm_up_frames", "\(settings.warmUpFrames) must be 0...frames-1 (\(settings.frames - 1))")
        }
    }

    /// Summaries and instruction counts: finite, counts not negative (their
    /// names were read as metrics of their kind: `UnknownResultName`).
    private static func validateMetrics(_ scenario: ScenarioReport, _ fail: (String, String) -> UsageError) throws {
        for (metric, summary) in scenario.metrics.sortedByName {
            for statistic in Statistic.allCases {
                // Counts and sizes cannot be negative; a phase time is a difference of clock readings and may dip below 0.
                let value = summary.value(of: statistic)
                guard value.isFinite, value >= 0 || metric.isTiming else {
                    throw fail("metrics.\(metric.rawValue).\(statistic.rawValue)", "\(value) must be a finite number, not negative")
                }
            }
        }
        for (metric, value) in scenario.instructions.sortedByName {
            guard value.isFinite, value >= 0 else {
                throw fail("instructions.\(metric.rawValue)", "\(value) must be a non-negative number")
            }
        }
    }

    /// Per-frame values and distributions: one count per frame, counts and
    /// sizes not negative, a metric in one form only.
    private static func validateRuns(_ runs: [RunSamples], _ fail: (String, String) -> UsageError) throws {
        for (runIndex, run) in runs.enumerated() {
            for (metric, values) in run.frames.sortedByName {
                let key = "runs[\(runIndex)].frames.\(metric.rawValue)"
                guard values.count == run.frames[.frameTime]?.count ?? values.count else {
                    throw fail(key, "\(values.count) frames, but a different number of frame times")
                }
                if !metric.isTiming, let negative = values.firstIndex(where: { $0 < 0 }) {
                    throw fail("\(key)[\(negative)]", "\(values[negative]) is negative: a count or size cannot be")
                }
            }
            for (metric, distribution) in run.distributions.sortedByName {
                let key = "runs[\(runIndex)].distributions.\(metric.rawValue)"
                guard run.frames[metric] == nil else { throw fail(key, "'\(metric.rawValue)' has both frames and a distribution") }
                guard distribution.min.isFinite, distribution.max.isFinite, distribution.mean.isFinite else {
                    throw fail(key, "min, max and mean must be finite numbers")
                }
                if !metric.isTiming, distribution.min < 0 {
                    throw fail("\(key).min", "\(distribution.min) is negative: a count or size cannot be")
                }
            }
        }
    }
}

extension RunDocument {
    /// This baseline as a run of `candidate`'s suite compares with it: when
    /// the candidate ran another suite than this one holds (`check --suite
    /// programs-short` against the default suite's baseline), only the
    /// benchmarks the candidate ran, so the others are not reported missing.
    public func narrowed(toSuiteOf candidate: RunDocument) -> RunDocument {
        guard let suite = candidate.suite, let stored = self.suite, stored != suite else { return self }
        let names = Set(candidate.scenarios.map(\.name))
        var narrowed = self
        narrowed.scenarios.removeAll { !names.contains($0.name) }
        return narrowed
    }
}
