import Foundation

/// Runs a list of benchmarks, their repeats interleaved (A B C A B C ...),
/// and turns the results into a `RunDocument`.
public struct SuiteRunner {
    public var benchmarks: [RunSettings]
    public var suiteName: String?
    /// Set when the runner runs one shard of the suite (`restrict(to:)`).
    public var shardRecord: ShardRecord?
    /// Called before each run with (runs done, runs in all, benchmark name).
    public var progress: ((Int, Int, String) -> Void)?
    /// Where each run happens.
    public var isolation = Isolation.inProcess

    /// Where a suite's runs happen.
    public enum Isolation: Sendable {
        /// All in this process, one after another: for tests and programs
        /// that are not `framebench`.
        case inProcess
        /// Each run in a fresh `framebench` process (`IsolatedRun`), so
        /// that its counts do not depend on what ran before it: what the
        /// `framebench` commands do.
        case processPerRun
    }

    public init(benchmarks: [RunSettings], suiteName: String? = nil) {
        self.benchmarks = benchmarks
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
                let result = try isolation == .processPerRun ? IsolatedRun.run(settings) : PeerRun.run(settings)
                pooled[index] = pooled[index].map { SuiteRunner.pool($0, result) } ?? result
                done += 1
            }
        }
        progress?(done, total, "")
        var runs = benchmarks.indices.compactMap { pooled[$0] }
        for (index, settings) in benchmarks.enumerated() where settings.countsInstructions {
            // Counted in a child process under callgrind, after the timed runs.
            progress?(done, total, "\(settings.name) (instructions)")
            let counts = try CountedRun.measure(settings)
            for lane in runs[index].results.indices {
                let backend = runs[index].results[lane].backend
                runs[index].results[lane].instructions = counts.means[backend] ?? [:]
                runs[index].results[lane].instructionFrames = counts.frames[backend] ?? [:]
            }
        }
        let scenarios = runs.flatMap { ReportBuilder.reports(for: $0) }
        let document = RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: ISO8601DateFormatter().string(from: Date()),
            machine: .current(), git: .current(), suite: suiteName, scenarios: scenarios,
            shard: shardRecord)
        return (document, runs)
    }

    /// Frames of two runs of the same benchmark, together.
    static func pool(_ a: RunResult, _ b: RunResult) -> RunResult {
        let results = zip(a.results, b.results).map { first, second -> BackendResult in
            var merged = first
            merged.samples.append(contentsOf: second.samples)
            merged.runs += second.runs
            return merged
        }
        return RunResult(
            settings: a.settings, results: results, idle: b.idle ?? a.idle,
            peakResidentBytes: max(a.peakResidentBytes, b.peakResidentBytes))
    }
}
