import Foundation

/// Results files of the shards of one suite (and of repeated rounds) as one
/// document: what `framebench merge` does.
///
/// The rules, each broken one an error naming the file and the reason:
/// - one schema version, one build (Swift version, debug or release, git
///   commit) in every file: counts of another build are other numbers;
/// - one machine (processor, cores, system), unless `deterministicOnly`:
///   then timings are left out and marked not comparable, allocation and
///   output counts merge, and instruction counts merge only when every file
///   ran on the same processor model (the C library picks code by processor);
/// - one suite, and either every file a shard of the same split or none;
///   every shard 1...N present, and together exactly the suite's benchmarks;
/// - a benchmark in one file only, unless `rounds`: then files of the same
///   shard (or unsharded files) are rounds, must hold the same benchmarks,
///   and their runs are pooled as runs; across shards a benchmark is still
///   an error (the runners split the suite differently).
public enum ResultsMerge {
    public struct Options: Sendable {
        /// Files of the same shard are repeated rounds: pool their runs.
        public var rounds = false
        /// Accept different machines; keep only what does not depend on them.
        public var deterministicOnly = false

        public init(rounds: Bool = false, deterministicOnly: Bool = false) {
            self.rounds = rounds
            self.deterministicOnly = deterministicOnly
        }
    }

    /// One results file as read: its path, its document and the schema version it was written in.
    public struct Input: Sendable {
        public var path: String
        public var document: RunDocument
        public var schemaVersion: Int

        public init(path: String, document: RunDocument, schemaVersion: Int = RunDocument.schemaVersion) {
            self.path = path
            self.document = document
            self.schemaVersion = schemaVersion
        }

        /// Its bytes' digest, to refuse one file merged twice (`DistinctResults`).
        public var contentDigest: UInt64?

        /// Reads and validates a results file, remembering its version before any conversion.
        public static func read(_ path: String) throws -> Input {
            let file = try BaselineStore.readFile(path)
            var input = Input(path: path, document: file.document, schemaVersion: file.schemaVersion)
            input.contentDigest = file.contentDigest
            return input
        }
    }

    public static func merge(_ inputs: [Input], options: Options = Options()) throws -> RunDocument {
        // One file twice is one run (or one shard) counted twice, never two rounds.
        try DistinctResults.check(
            inputs.enumerated().map { ($0.element.path, $0.element.contentDigest ?? UInt64($0.offset)) }, what: "merge")
        guard let first = inputs.first else {
            throw UsageError("merge needs at least one results file")
        }
        try checkIdentity(inputs, options: options)
        let shards = try checkShards(inputs, options: options)
        var pooled = try pool(inputs, options: options, shards: shards)
        if options.rounds { try checkRoundsAgree(inputs) }
        if let record = shards { try pooled.orderAsPlanned(record, suite: first.document.suite) }
        var scenarios = pooled.scenarios
        if options.deterministicOnly {
            markDeterministicOnly(&scenarios, processors: Set(inputs.map(\.document.machine.cpu)))
        }
        return RunDocument(
            schemaVersion: RunDocument.schemaVersion,
            created: inputs.map(\.document.created).max() ?? first.document.created,
            machine: first.document.machine, git: first.document.git, suite: first.document.suite,
            scenarios: scenarios)
    }

    /// Every file's scenarios, each key once, in the order first met, with the file (and shard) it came from.
    struct Pooled {
        var order: [String] = []
        var reports: [String: ScenarioReport] = [:]
        var source: [String: (path: String, shard: Int?)] = [:]

        var scenarios: [ScenarioReport] { order.map { reports[$0]! } }

        /// Exactly the suite's benchmarks as the shards recorded it, in its order.
        mutating func orderAsPlanned(_ record: ShardRecord, suite: String?) throws {
            let present = Set(reports.values.map(\.name))
            let expected = Set(record.suiteBenchmarks)
            if let missing = record.suiteBenchmarks.first(where: { !present.contains($0) }) {
                let plan = record.suiteBenchmarks.count
                throw UsageError(
                    "cannot merge: benchmark \(missing) of suite '\(suite ?? "?")' (\(plan) benchmarks) is in none of the files: a shard ran a different split (the same suite file and options on every runner?) or failed part-way"
                )
            }
            if let stray = order.first(where: { !expected.contains(reports[$0]!.name) }) {
                throw UsageError(
                    "cannot merge \(source[stray]!.path): \(stray) is not a benchmark of suite '\(suite ?? "?")' as the shards recorded it"
                )
            }
            let rank = Dictionary(
                record.suiteBenchmarks.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            order = order.enumerated().sorted {
                (rank[reports[$0.1]!.name] ?? 0, $0.0) < (rank[reports[$1.1]!.name] ?? 0, $1.0)
            }
            .map(\.1)
        }
    }

    /// The scenarios of `inputs` by key: a key in two files is an error
    /// unless the files are rounds of one shard, whose runs are then pooled.
    static func pool(_ inputs: [Input], options: Options, shards: ShardRecord?) throws -> Pooled {
        var pooled = Pooled()
        for input in inputs {
            let reports = options.deterministicOnly ? input.document.scenarios.map(withoutTimings) : input.document.scenarios
            let shard = input.document.shard?.index
            for report in reports {
                let key = report.key
                guard let earlier = pooled.source[key] else {
                    pooled.source[key] = (input.path, shard)
                    pooled.order.append(key)
                    pooled.reports[key] = report
                    continue
                }
                if earlier.shard != shard {
                    throw UsageError(
                        "cannot merge \(input.path): \(key) is also in \(earlier.path), another shard (\(describe(earlier.shard, shards)) and \(describe(shard, shards))): the runners split the suite differently; give every runner the same suite file, suite and options"
                    )
                }
                guard options.rounds else {
                    throw UsageError(
                        "cannot merge \(input.path): \(key) is also in \(earlier.path); pass --rounds if the files are repeated rounds whose runs should be pooled"
                    )
                }
                try pooled.reports[key]!.pool(report, from: input.path, into: earlier.path)
            }
        }
        return pooled
    }

    /// Merged across machines: timings marked not comparable (`withoutTimings`
    /// took them out), and instruction counts dropped when the processors
    /// differ (the C library picks code by processor).
    static func markDeterministicOnly(_ scenarios: inout [ScenarioReport], processors: Set<String>) {
        for index in scenarios.indices {
            scenarios[index].timingsNotComparable = "merged with --deterministic-only: timings left out"
            if processors.count > 1 {
                scenarios[index].instructions = [:]
                scenarios[index].instructionDistribution = [:]
            }
        }
    }

    /// Schema, build and (unless deterministic-only) machine, against the first file.
    static func checkIdentity(_ inputs: [Input], options: Options) throws {
        let first = inputs[0]
        for input in inputs.dropFirst() {
            let context = "cannot merge \(input.path) with \(first.path)"
            if input.schemaVersion != first.schemaVersion {
                throw UsageError(
                    "\(context): schema version \(input.schemaVersion) vs \(first.schemaVersion)")
            }
            let mine = input.document
            let theirs = first.document
            let build: [(String, String, String)] = [
                ("swift", mine.machine.swift, theirs.machine.swift),
                ("build", mine.machine.build, theirs.machine.build),
                ("commit", mine.git.commit ?? "unknown", theirs.git.commit ?? "unknown"),
                ("uncommitted changes", "\(mine.git.dirty ?? false)", "\(theirs.git.dirty ?? false)"),
            ]
            if let difference = build.first(where: { $0.1 != $0.2 }) {
                throw UsageError(
                    "\(context): another build (\(difference.0) '\(difference.1)' vs '\(difference.2)')")
            }
            if !options.deterministicOnly,
                let difference = mine.machine.firstDifference(from: theirs.machine)
            {
                throw UsageError(
                    "\(context): another machine (\(difference)); timings of different machines do not merge (--deterministic-only merges their allocation and output counts and leaves timings out)"
                )
            }
            if mine.suite != theirs.suite {
                throw UsageError(
                    "\(context): another suite ('\(mine.suite ?? "none")' vs '\(theirs.suite ?? "none")')")
            }
        }
    }

    /// Every file a shard of one split, or none; every shard present. Returns the split, if any.
    static func checkShards(_ inputs: [Input], options: Options) throws -> ShardRecord? {
        let first = inputs[0]
        guard let record = first.document.shard else {
            if let sharded = inputs.first(where: { $0.document.shard != nil }) {
                throw UsageError(
                    "cannot merge \(sharded.path) (shard \(sharded.document.shard!.index)/\(sharded.document.shard!.count)) with \(first.path), a whole run"
                )
            }
            return nil
        }
        var seen: [Int: String] = [:]
        for input in inputs {
            guard let other = input.document.shard else {
                throw UsageError(
                    "cannot merge \(input.path), a whole run, with \(first.path) (shard \(record.index)/\(record.count))"
                )
            }
            guard other.shard != nil else {
                throw UsageError(
                    "results file \(input.path): shard \(other.index)/\(other.count) is not a shard (I must be 1...N)"
                )
            }
            guard other.count == record.count else {
                throw UsageError(
                    "cannot merge \(input.path) (shard \(other.index)/\(other.count)) with \(first.path) (shard \(record.index)/\(record.count)): split into a different number of shards"
                )
            }
            guard other.suiteBenchmarks == record.suiteBenchmarks else {
                throw UsageError(
                    "cannot merge \(input.path) with \(first.path): their suites list different benchmarks (another suite file?)"
                )
            }
            if let earlier = seen[other.index], !options.rounds {
                throw UsageError(
                    "cannot merge \(input.path): it is shard \(other.index)/\(other.count), like \(earlier); pass --rounds if the files are repeated rounds"
                )
            }
            seen[other.index] = seen[other.index] ?? input.path
        }
        let missing = (1...record.count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw UsageError(
                "cannot merge: missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(record.count)" }.joined(separator: ", ")) of suite '\(first.document.suite ?? "?")' (no file given is that shard)"
            )
        }
        return record
    }

    /// Rounds of one shard must hold the same benchmarks, or pooled runs would be uneven.
    static func checkRoundsAgree(_ inputs: [Input]) throws {
        var firstOfShard: [Int: Input] = [:]
        for input in inputs {
            let shard = input.document.shard?.index ?? 0
            guard let reference = firstOfShard[shard] else {
                firstOfShard[shard] = input
                continue
            }
            let mine = Set(input.document.scenarios.map(\.key))
            let theirs = Set(reference.document.scenarios.map(\.key))
            if let difference = mine.symmetricDifference(theirs).sorted().first {
                throw UsageError(
                    "cannot merge \(input.path) as a round of \(reference.path): \(difference) is in only one of them (rounds must run the same benchmarks)"
                )
            }
        }
    }

    static func describe(_ shard: Int?, _ record: ShardRecord?) -> String {
        shard.map { "shard \($0)/\(record?.count ?? 0)" } ?? "a whole run"
    }

    /// A report with its timings taken out: they were measured on machines that differ.
    static func withoutTimings(_ report: ScenarioReport) -> ScenarioReport {
        var report = report
        report.metrics = report.metrics.filter { !$0.key.isTiming }
        report.runs = report.runs.map {
            RunSamples(frames: $0.frames.filter { !$0.key.isTiming }, distributions: $0.distributions.filter { !$0.key.isTiming })
        }
        report.histogram = Histogram(values: [])
        report.budget = FrameBudget.evaluate(frameTimes: [], budget: report.frameBudgetNanoseconds)
        report.peakResidentBytes = 0
        report.tail = nil  // times, judged
        return report
    }
}
