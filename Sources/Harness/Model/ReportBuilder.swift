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
            return report
        }
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
