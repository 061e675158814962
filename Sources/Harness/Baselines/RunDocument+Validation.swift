extension RunDocument {
    /// Checks what a results file says before anything uses it, so a bad
    /// value is an error naming the file and the field, never a crash later.
    func validate(_ path: String) throws {
        for scenario in scenarios {
            let context = "results file \(path): \(scenario.key)"
            guard scenario.frameBudgetNanoseconds.isFinite, scenario.frameBudgetNanoseconds > 0 else {
                throw UsageError("\(context): frame_budget_ns must be a positive number of nanoseconds, not \(scenario.frameBudgetNanoseconds)")
            }
            guard scenario.histogram.lowerBounds.count == scenario.histogram.counts.count else {
                throw UsageError("\(context): the histogram has \(scenario.histogram.lowerBounds.count) bounds but \(scenario.histogram.counts.count) counts")
            }
            let settings = scenario.settings
            guard settings.frames > 0, settings.cols > 0, settings.rows > 0, settings.repeats > 0, settings.warmUpFrames >= 0 else {
                throw UsageError("\(context): settings need positive frames, size and repeats")
            }
            for (name, summary) in scenario.metrics {
                guard Metric(rawValue: name) != nil else {
                    throw UsageError("\(context): unknown metric '\(name)'")
                }
                let values = Statistic.allCases.map { summary.value(of: $0) }
                guard values.allSatisfy(\.isFinite) else {
                    throw UsageError("\(context): \(name) holds a value that is not a finite number")
                }
            }
            for (name, value) in scenario.instructions {
                guard let metric = Metric(rawValue: name), metric.kind == .instructions else {
                    throw UsageError("\(context): '\(name)' is not an instruction metric")
                }
                guard value.isFinite, value >= 0 else {
                    throw UsageError("\(context): \(name) must be a non-negative number, not \(value)")
                }
            }
            for run in scenario.runs {
                for (name, values) in run.frames {
                    guard let metric = Metric(rawValue: name), metric.kind != .instructions else {
                        throw UsageError("\(context): runs hold '\(name)', which is not a per-frame metric")
                    }
                    guard values.count == run.frames[Metric.frameTime.rawValue]?.count ?? values.count else {
                        throw UsageError("\(context): a run holds \(values.count) frames of \(name) but a different number of frame times")
                    }
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
