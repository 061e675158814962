/// Summaries, histograms and budget figures from a run's samples.
public enum ReportBuilder {
    public static func reports(for run: RunResult) -> [ScenarioReport] {
        let settings = run.settings
        let scenario = scenarioSettings(settings)  // once: a feed file is read for its digest
        let unmeasured = AllocationSnapshot.isCounting ? [] : Metric.allCases.filter { $0.kind == .allocation }
        return run.results.map { result in
            var metrics: [Metric: Summary] = [:]
            for metric in result.metrics where metric.kind != .instructions && !unmeasured.contains(metric) {
                if let summary = result.samples.summary(of: metric) { metrics[metric] = summary }
            }
            var report = ScenarioReport(
                name: settings.name, backend: ResultBackend(result.backend), stage: result.stage,
                settings: scenario, metrics: metrics,
                instructions: result.instructions,
                instructionDistribution: result.instructionFrames.filter { !$0.value.isEmpty }.mapValues { Summary($0) },
                histogram: histogram(result.samples),
                budget: budget(result.samples, settings.frameBudgetNanoseconds),
                frameBudgetNanoseconds: settings.frameBudgetNanoseconds, runs: result.runs,
                peakResidentBytes: run.peakResidentBytes,
                unmeasured: unmeasured.filter { result.metrics.contains($0) })
            if result.samples.isSummarized { report.summarizedFrames = FrameSummaryNote(frames: result.samples.frames) }
            if result.backend == .framebench { report.tail = tail(result.samples, run) }
            return report
        }
    }

    /// Our lane's tail against the workload's targets, with ncurses' output stage when its lane ran.
    static func tail(_ samples: FrameSamples, _ run: RunResult) -> TailVerdict? {
        guard let split = samples.tail() else { return nil }
        let ratio = run.results.first { $0.backend == .ncurses }.map { theirs in
            samples.summaryOrZeros(of: .frameTime).p50 / Swift.max(theirs.samples.summaryOrZeros(of: .renderTime).p50, 1)
        }
        return TailVerdict(split, targets: run.settings.tailTargets, measuredFrames: samples.frames, ratio: ratio)
    }

    /// The whole-frame histogram, from the frames or their distribution.
    static func histogram(_ samples: FrameSamples) -> Histogram {
        samples.distribution(of: .frameTime).map(Histogram.init(distribution:)) ?? Histogram(values: samples[.frameTime])
    }

    /// The budget figures, from the frames, or past the limit the tally kept frame by frame.
    static func budget(_ samples: FrameSamples, _ budget: Double) -> FrameBudgetReport {
        if samples.distribution(of: .frameTime) != nil, let tally = samples.budgetTally, tally.budget == budget {
            return tally.report
        }
        return FrameBudget.evaluate(frameTimes: samples[.frameTime], budget: budget)
    }

    public static func scenarioSettings(_ settings: RunSettings) -> ScenarioSettings { ScenarioSettings(settings) }
}
