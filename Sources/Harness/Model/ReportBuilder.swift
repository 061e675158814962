/// Summaries, histograms and budget figures from a run's samples.
public enum ReportBuilder {
    public static func reports(for run: RunResult) -> [ScenarioReport] {
        let settings = run.settings
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
                settings: scenarioSettings(settings), metrics: metrics,
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

    public static func scenarioSettings(_ settings: RunSettings) -> ScenarioSettings {
        ScenarioSettings(
            scenario: settings.workload, script: settings.script, frames: settings.frames, cols: settings.size.cols,
            rows: settings.size.rows, feedItems: settings.workloadSettings.feedItems,
            seed: settings.workloadSettings.seed, term: settings.term, warmUpFrames: settings.warmUpFrames,
            repeats: settings.repeats, synchronizedOutput: settings.encoderOptions.synchronizedOutput,
            scrollRegions: settings.encoderOptions.usesScrollRegions,
            eraseAndRepeat: settings.encoderOptions.usesEraseAndRepeat)
    }
}
