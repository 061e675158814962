import Foundation
import Harness
import Workloads

/// The benchmarks a command means, from its names, `--suite` and `--filter`:
///
/// - no name: the suite (`--suite`, default `default`), or its benchmarks
///   whose names `--filter` matches;
/// - a scenario: at the defaults; with `--suite`, that suite's benchmarks of
///   the scenario (the suite applies; it is never ignored);
/// - a benchmark's name (`plain-feed-80x24`): as its suite declares it.
///
/// The command line's run settings go over each (`RunSettingsParser`).
struct BenchmarkSelection {
    /// Scenes and programs, in the suite's order (or the command line's).
    var entries: [SuiteEntry]
    /// Set when the whole suite (or a filtered part of it) runs: it is then
    /// compared with the stored baseline and may be sharded.
    var suiteName: String?

    /// The scene entries.
    var benchmarks: [RunSettings] {
        entries.compactMap { if case .scene(let settings) = $0 { settings } else { nil } }
    }

    static func resolve(names: [String], _ parsed: ParsedArguments) throws -> BenchmarkSelection {
        let suitesPath = PackageRoot.current.suitesPath
        if names.isEmpty {
            let suiteName = parsed.string("suite") ?? "default"
            var declared = try suite(suiteName)
            if let pattern = parsed.string("filter") {
                let all = declared.map(\.name)
                declared = declared.filter { matches($0.name, pattern) }
                guard !declared.isEmpty else {
                    throw UsageError("--filter '\(pattern)' matches no benchmark of suite '\(suiteName)' (it has: \(all.joined(separator: ", ")))")
                }
            }
            return BenchmarkSelection(entries: try declared.map { try apply(parsed, over: $0) }, suiteName: suiteName)
        }
        guard parsed.string("filter") == nil else {
            throw UsageError("--filter selects benchmarks of a suite; it does not apply to names given on the command line")
        }
        var entries: [SuiteEntry] = []
        for name in names {
            if WorkloadFactory.catalog.names.contains(name) {
                guard let suiteName = parsed.string("suite") else {
                    entries.append(.scene(try RunSettingsParser.settings(forScenario: name, parsed)))
                    continue
                }
                let declared = try suite(suiteName)
                let matching = declared.filter { if case .scene(let settings) = $0 { settings.workload == name } else { false } }
                guard !matching.isEmpty else {
                    throw UsageError("suite '\(suiteName)' of \(suitesPath) has no benchmark of scenario '\(name)' (it has: \(declared.map(\.name).joined(separator: ", ")))")
                }
                entries += try matching.map { try apply(parsed, over: $0) }
            } else {
                entries.append(try apply(parsed, over: try benchmark(name, suite: parsed.string("suite"))))
            }
        }
        return BenchmarkSelection(entries: entries, suiteName: nil)
    }

    /// The command line's settings over a declared entry.
    static func apply(_ parsed: ParsedArguments, over entry: SuiteEntry) throws -> SuiteEntry {
        switch entry {
        case .scene(let settings): return .scene(try RunSettingsParser.apply(parsed, over: settings))
        case .program(let program): return .program(try ProgramOptions.apply(parsed, over: program))
        }
    }

    /// Whether benchmark `name` is selected by `pattern`: shell wildcards
    /// (`*`, `?`, `[...]`) match the whole name, plain text any part of it.
    static func matches(_ name: String, _ pattern: String) -> Bool {
        if pattern.contains(where: { "*?[".contains($0) }) { return fnmatch(pattern, name, 0) == 0 }
        return name.contains(pattern)
    }

    /// The entries suite `name` declares: scenes as run settings, programs
    /// with `{bin}` (this framebench's folder) and `{root}` (the package) replaced.
    static func suite(_ name: String) throws -> [SuiteEntry] {
        let path = PackageRoot.current.suitesPath
        let file = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
        return try file.entries(of: name, path: path, root: PackageRoot.current.absoluteFolder, catalog: WorkloadFactory.catalog)
    }

    /// The benchmark called `name` in suite `suiteName`, or in any suite
    /// (the default suite first) when none is given.
    static func benchmark(_ name: String, suite suiteName: String?) throws -> SuiteEntry {
        let path = PackageRoot.current.suitesPath
        let unknown = UnknownWorkloadError(name: name, known: WorkloadFactory.catalog.names)
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(unknown); no \(path) here declares a benchmark by that name")
        }
        let file = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
        let names = suiteName.map { [$0] } ?? file.suites.keys.sorted { ($0 == "default" ? "" : $0) < ($1 == "default" ? "" : $1) }
        for suite in names where file.suites[suite]?.contains(where: { $0.name == name }) ?? (suiteName != nil) {
            if let found = try self.suite(suite).first(where: { $0.name == name }) { return found }
        }
        // A benchmark in several suites (programs and programs-short) is named once.
        var seen = Set<String>()
        let declared = names.flatMap { file.suites[$0]?.map(\.name) ?? [] }.filter { seen.insert($0).inserted }
        throw UsageError(
            "\(unknown); \(suiteName.map { "suite '\($0)'" } ?? "no suite") of \(path) declares a benchmark '\(name)' either (benchmarks: \(declared.joined(separator: ", ")))")
    }

    /// The runner of these benchmarks as framebench runs them: each scene
    /// run in a fresh framebench process (IsolatedRun), so counts do not
    /// depend on what ran before it, with a progress bar.
    func runner() -> SuiteRunner {
        var runner = SuiteRunner(entries: entries, suiteName: suiteName)
        runner.progress = OutputOptions.progressBar()
        runner.isolation = .processPerRun
        return runner
    }
}
