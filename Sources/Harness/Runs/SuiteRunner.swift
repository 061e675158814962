import Foundation

/// Runs a list of benchmarks, their repeats interleaved (A B C A B C ...),
/// and turns the results into a `RunDocument`.
public struct SuiteRunner {
    public var benchmarks: [RunSettings]
    public var frameBudget: Double
    public var suiteName: String?
    /// Called before each run with (runs done, runs in all, benchmark name).
    public var progress: ((Int, Int, String) -> Void)?

    public init(benchmarks: [RunSettings], frameBudget: Double = SuiteFile.defaultFrameBudget, suiteName: String? = nil) {
        self.benchmarks = benchmarks
        self.frameBudget = frameBudget
        self.suiteName = suiteName
    }

    public func run() throws -> (document: RunDocument, runs: [RunResult]) {
        let rounds = benchmarks.map(\.repeats).max() ?? 0
        let total = benchmarks.reduce(0) { $0 + $1.repeats }
        var pooled: [Int: RunResult] = [:]
        var done = 0
        for round in 0..<rounds {
            for (index, settings) in benchmarks.enumerated() where round < settings.repeats {
                progress?(done, total, settings.name)
                let result = try PeerRun.run(settings)
                pooled[index] = pooled[index].map { SuiteRunner.pool($0, result) } ?? result
                done += 1
            }
        }
        progress?(done, total, "")
        let runs = benchmarks.indices.compactMap { pooled[$0] }
        let scenarios = runs.flatMap { ReportBuilder.reports(for: $0, frameBudget: frameBudget) }
        let document = RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: ISO8601DateFormatter().string(from: Date()),
            machine: .current(), git: .current(), suite: suiteName, scenarios: scenarios)
        return (document, runs)
    }

    /// Frames of two runs of the same benchmark, together.
    static func pool(_ a: RunResult, _ b: RunResult) -> RunResult {
        let results = zip(a.results, b.results).map { first, second -> BackendResult in
            var merged = first
            merged.samples.append(contentsOf: second.samples)
            merged.runMedians += second.runMedians
            return merged
        }
        return RunResult(
            settings: a.settings, results: results, idle: b.idle ?? a.idle,
            peakResidentBytes: max(a.peakResidentBytes, b.peakResidentBytes))
    }
}

/// Summaries, histograms and budget figures from a run's samples.
public enum ReportBuilder {
    public static func reports(for run: RunResult, frameBudget: Double) -> [ScenarioReport] {
        let settings = run.settings
        return run.results.map { result in
            var metrics: [String: MetricSummary] = [:]
            for metric in result.metrics where !result.samples[metric].isEmpty {
                metrics[metric.rawValue] = MetricSummary(result.samples[metric])
            }
            let times = result.samples[.frameTime]
            return ScenarioReport(
                name: settings.name, backend: result.backend.rawValue, stage: result.stage,
                settings: ScenarioSettings(
                    scenario: settings.workload, script: settings.script, frames: settings.frames, cols: settings.size.cols,
                    rows: settings.size.rows, feedItems: settings.workloadSettings.feedItems,
                    seed: settings.workloadSettings.seed, term: settings.term, warmUpFrames: settings.warmUpFrames,
                    repeats: settings.repeats, synchronizedOutput: settings.encoderOptions.synchronizedOutput,
                    scrollRegions: settings.encoderOptions.usesScrollRegions,
                    eraseAndRepeat: settings.encoderOptions.usesEraseAndRepeat),
                metrics: metrics, histogram: Histogram(values: times),
                budget: FrameBudget.evaluate(frameTimes: times, budget: frameBudget),
                frameBudgetNanoseconds: frameBudget, frameTimesNanoseconds: times.map { Int($0) },
                runMediansNanoseconds: result.runMedians, peakResidentBytes: run.peakResidentBytes)
        }
    }
}
