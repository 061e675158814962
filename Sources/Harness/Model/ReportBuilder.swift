/// Summaries, histograms and budget figures from a run's samples.
public enum ReportBuilder {
    public static func reports(for run: RunResult) -> [ScenarioReport] {
        let settings = run.settings
        let scenario = scenarioSettings(settings)  // once: a feed file is read for its digest
        let unmeasured = AllocationSnapshot.isCounting ? [] : Metric.allCases.filter { $0.kind == .allocation }
        return run.results.map { result in
            var metrics: [String: Summary] = [:]
            for metric in result.metrics where metric.kind != .instructions && !unmeasured.contains(metric) {
                let values = result.samples[metric]
                if !values.isEmpty { metrics[metric.rawValue] = Summary(values) }
            }
            let times = result.samples[.frameTime]
            return ScenarioReport(
                name: settings.name, backend: result.backend.rawValue, stage: result.stage,
                settings: scenario, metrics: metrics,
                instructions: Dictionary(uniqueKeysWithValues: result.instructions.map { ($0.key.rawValue, $0.value) }),
                instructionDistribution: Dictionary(
                    uniqueKeysWithValues: result.instructionFrames.filter { !$0.value.isEmpty }.map {
                        ($0.key.rawValue, Summary($0.value))
                    }),
                histogram: Histogram(values: times),
                budget: FrameBudget.evaluate(frameTimes: times, budget: settings.frameBudgetNanoseconds),
                frameBudgetNanoseconds: settings.frameBudgetNanoseconds, runs: result.runs,
                peakResidentBytes: run.peakResidentBytes,
                unmeasured: unmeasured.filter { result.metrics.contains($0) }.map(\.rawValue))
        }
    }

    public static func scenarioSettings(_ settings: RunSettings) -> ScenarioSettings { ScenarioSettings(settings) }
}
