import Foundation
import ProgramDriver

/// Runs a list of benchmarks, their repeats interleaved (A B C A B C ...),
/// and turns the results into a `RunDocument`: scene benchmarks
/// (`benchmarks`) and terminal programs (`programs`), in the suite's order.
public struct SuiteRunner {
    /// The scene entries.
    public var benchmarks: [RunSettings]
    /// The program entries: each run drives the program on a pty in this
    /// process (the program is the child); reported with backend `program`.
    public var programs: [ProgramBenchmark] = []
    /// Entry names in the suite's order: runs and reports follow it (scenes
    /// first, then programs, for names it does not list).
    public var order: [String] = []
    public var suiteName: String?
    /// Set when the runner runs one shard of the suite (`restrict(to:)`).
    public var shardRecord: ShardRecord?
    /// Called before each run, and once when every run is done.
    public var progress: ((SuiteProgress) -> Void)?
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

    /// A suite of scenes and programs, in the order given.
    public init(entries: [SuiteEntry], suiteName: String? = nil) {
        benchmarks = entries.compactMap { if case .scene(let settings) = $0 { settings } else { nil } }
        programs = entries.compactMap { if case .program(let program) = $0 { program } else { nil } }
        order = entries.map(\.name)
        self.suiteName = suiteName
    }

    /// Every entry, in `order`.
    public var entries: [SuiteEntry] { ordered.map(\.entry) }

    /// Every entry in `order`, with its index in `benchmarks` or `programs`.
    private var ordered: [(entry: SuiteEntry, index: Int)] {
        let all = benchmarks.enumerated().map { (SuiteEntry.scene($1), $0) } + programs.enumerated().map { (SuiteEntry.program($1), $0) }
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func rank(_ offset: Int) -> (Int, Int) { (position[all[offset].0.name] ?? order.count, offset) }
        return all.indices.sorted { rank($0) < rank($1) }.map { (all[$0].0, all[$0].1) }
    }

    public func run() throws -> (document: RunDocument, runs: [RunResult]) {
        let ordered = ordered
        let entries = ordered.map(\.entry)
        let rounds = entries.map(\.repeats).max() ?? 0
        let start = MonotonicClock.now()
        var state = SuiteProgress(
            benchmark: "", runsDone: 0, runsTotal: entries.reduce(0) { $0 + $1.repeats }, framesDone: 0,
            framesTotal: benchmarks.reduce(0) { $0 + $1.repeats * $1.frames }, elapsedSeconds: 0)
        func report(_ benchmark: String) {
            state.benchmark = benchmark
            state.elapsedSeconds = Double(MonotonicClock.now() - start) / 1e9
            progress?(state)
        }
        var pooled: [Int: RunResult] = [:]
        var programRuns: [Int: [ProgramRun]] = [:]
        for round in 0..<rounds {
            for (entry, index) in ordered where round < entry.repeats {
                report(entry.name)
                switch entry {
                case .scene(let settings):
                    let result = try isolation == .processPerRun
                        ? IsolatedRun.run(settings, onFrames: progressDuringRun(from: state, start: start, total: settings.frames))
                        : PeerRun.run(settings)
                    pooled[index] = pooled[index].map { SuiteRunner.pool($0, result) } ?? result
                    state.framesDone += settings.frames
                case .program(let program):
                    programRuns[index, default: []].append(try program.run())
                }
                state.runsDone += 1
            }
        }
        report("")
        var runs = benchmarks.indices.compactMap { pooled[$0] }
        let counted = benchmarks.indices.filter { benchmarks[$0].countsInstructions }
        if !counted.isEmpty {
            report("instructions of \(counted.count) under callgrind, \(countedChildren) at a time")
        }
        for (index, counts) in try countInstructions(of: counted) {
            for lane in runs[index].results.indices {
                let backend = runs[index].results[lane].backend
                runs[index].results[lane].instructions = counts.means[backend] ?? [:]
                runs[index].results[lane].instructionFrames = counts.frames[backend] ?? [:]
            }
        }
        let sceneReports = runs.map { ReportBuilder.reports(for: $0) }
        let scenarios = ordered.flatMap { entry, index -> [ScenarioReport] in
            switch entry {
            case .scene: return index < sceneReports.count ? sceneReports[index] : []
            case .program(let program): return programRuns[index].map { [program.report($0)] } ?? []
            }
        }
        let document = RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: ISO8601DateFormatter().string(from: Date()),
            machine: .current(), git: .current(), suite: suiteName, scenarios: scenarios,
            shard: shardRecord)
        return (document, runs)
    }

    /// The progress line's calls while a child runs `total` frames from
    /// `state`, or nil when nobody shows progress. Called from the child's
    /// listener thread while this one waits for the child, never both at once.
    private func progressDuringRun(from state: SuiteProgress, start: UInt64, total: Int) -> ((Int) -> Void)? {
        guard let progress else { return nil }
        return { frames in
            var shown = state
            shown.framesDone += min(frames, total)
            shown.elapsedSeconds = Double(MonotonicClock.now() - start) / 1e9
            progress(shown)
        }
    }

    /// Counted children under callgrind at once: instruction counts do not
    /// depend on what else the machine does, and each child is a process of
    /// its own, so they run side by side (one per processor), after the
    /// timed runs. Callgrind runs a program some 50 times slower: on two
    /// processors this halves what a counted suite takes.
    public var countedChildren = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Each benchmark of `indices` counted in its own child, `countedChildren` at a time.
    private func countInstructions(of indices: [Int]) throws -> [(Int, CountedRun.Counts)] {
        let collected = CountedResults()
        let work = benchmarks
        let queue = DispatchQueue(label: "framebench.counted", attributes: .concurrent)
        let slots = DispatchSemaphore(value: countedChildren)
        let group = DispatchGroup()
        for index in indices {
            slots.wait()
            if collected.failed {
                slots.signal()
                break
            }
            queue.async(group: group) {
                defer { slots.signal() }
                collected.record(index, Result { try CountedRun.measure(work[index]) })
            }
        }
        group.wait()
        return try indices.map { ($0, try collected.counts(of: $0)) }
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

/// What the counted children found, filled from several threads.
private final class CountedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<CountedRun.Counts, Error>] = [:]

    var failed: Bool {
        lock.withLock { results.values.contains { if case .failure = $0 { true } else { false } } }
    }

    func record(_ index: Int, _ result: Result<CountedRun.Counts, Error>) {
        lock.withLock { results[index] = result }
    }

    /// The counts of benchmark `index`; the first failure (in suite order) when any child failed.
    func counts(of index: Int) throws -> CountedRun.Counts {
        try lock.withLock {
            if let failure = results.sorted(by: { $0.key < $1.key }).first(where: { if case .failure = $0.value { true } else { false } }) {
                _ = try failure.value.get()
            }
            guard let result = results[index] else {
                throw InternalFailure(.childProtocol, "instruction counts: benchmark \(index) was not counted")
            }
            return try result.get()
        }
    }
}
