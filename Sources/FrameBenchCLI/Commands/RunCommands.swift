import Harness
import Reports
import FrameGrid
import Foundation
import TerminalOutput
import Workloads

/// `run`, `record`, `overhead` and `list`.
enum RunCommands {
    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        if parsed.flag("counted-child") || parsed.flag("isolated-child") { return try runAsChild(parsed) }
        let output = try OutputOptions(parsed)
        let selection = try BenchmarkSelection.resolve(names: parsed.positionals, parsed)
        let usesSuite = parsed.positionals.isEmpty
        var runner = selection.runner()
        if let shard = try parsed.shard(appliesToSuite: usesSuite, otherwise: "scenarios named on the command line") {
            runner.restrict(to: shard)
        }
        var seeing = try SeeingOptions(parsed)
        try seeing.prepare(&runner)
        let (document, runs) = try runner.run()
        if parsed.flag("verify") { try LaneVerification.verifyAll(runner.benchmarks).forEach(FrameBenchCommand.printError) }
        let stored = usesSuite && output.showsStoredComparison ? storedComparison(document) : nil
        var options = output.exportOptions
        if output.marksScriptEvents { options.markers = SeeingOptions.markers([document]) }
        try output.write(.run(document, runs: runs, stored: stored), options: options)
        try seeing.finish(document, tablesToStandardError: output.standardOutputFormat.map { $0 != .text } ?? false)
        try document.checkProgramRuns()  // the report is out first: it says how each run ended
        return 0
    }

    /// A child of a framebench: under callgrind for a parent's `--measure
    /// instructions` (CountedRun), or one run of a suite in a fresh process
    /// (IsolatedRun). Its settings are the parent's value (ChildSettings).
    private static func runAsChild(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty, let file = parsed.string(ChildSettings.option) else {
            throw UsageError("a child run takes its settings from --\(ChildSettings.option) FILE, written by its parent")
        }
        let settings = try ChildSettings.read(file, catalog: WorkloadFactory.catalog)
        let report = parsed.flag("counted-child") ? try CountedRun.runAsChild(settings) : try IsolatedRun.runAsChild(settings)
        try StandardStreams.printLine(report)
        return 0
    }

    /// The suite's run compared with the stored baseline, when there is one.
    /// The run is the job: a baseline that cannot be read only loses the comparison.
    private static func storedComparison(_ document: RunDocument) -> ComparedRuns? {
        let store = PackageRoot.current.baselines
        let name = BaselineStore.defaultName
        guard FileManager.default.fileExists(atPath: store.path(for: name)) else { return nil }
        do {
            var options = ComparisonOptions()
            options.timingGates = false  // a stored baseline is not a same-window control
            let baseline = try store.load(name)
            let report = Comparison.compare(baseline: baseline.narrowed(toSuiteOf: document), candidate: document, options: options)
            return ComparedRuns(report: report, baselineName: name, baseline: baseline, candidate: document)
        } catch {
            FrameBenchCommand.printError("framebench: not compared with the stored baseline: \(error)")
            return nil
        }
    }

    static func overhead(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count <= 1 else { throw UsageError("overhead takes one scenario") }
        let settings = try RunSettingsParser.settings(forScenario: parsed.positionals.first ?? PlainFeed.name, parsed)
        let (blocks, framesPerBlock) = ProbeOverhead.blocks(forFrames: settings.frames)
        let result = try ProbeOverhead.measure(settings, blocks: blocks, framesPerBlock: framesPerBlock)
        try StandardStreams.printLine(
            "\(settings.workload) \(settings.size): median wall time per frame \(Units.duration(result.withProbes)) with probes, \(Units.duration(result.withoutProbes)) without: overhead \(Units.number(result.overhead * 100, digits: 2))% (\(blocks) blocks of \(framesPerBlock) frames each way, interleaved)"
        )
        return 0
    }

    static func record(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 1 else { throw UsageError("record takes one scenario") }
        // 200 frames unless --frames (the declared default: recordings are replayed in full).
        let settings = try RunSettingsParser.settings(forScenario: parsed.positionals[0], parsed)
        guard let out = parsed.string("out"), !out.isEmpty else { throw UsageError("record needs --out DIR") }
        var options = Recording.Options(settings: settings, directory: URL(fileURLWithPath: out))
        options.includesStyles = parsed.flag("styles")
        options.replacesExisting = parsed.flag("force")
        let seeing = try SeeingOptions(parsed)  // --trace's file is checked before recording
        let outcome = try Recording.recordFrames(options)
        if let tracePath = seeing.tracePath {
            try AtomicFile.write(try RecordTrace.render(outcome, settings: settings), to: tracePath, replacing: seeing.replacing)
        }
        try StandardStreams.printLine("recorded \(settings.frames) frames of \(settings.workload) at \(settings.size) (\(outcome.bytes) bytes) in \(out)")
        return 0
    }

    static func list(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else { throw UsageError("list takes no arguments") }
        let defaults = RunDefaults.workload
        var lines = [
            "scenarios (defaults: --frames \(RunDefaults.frames) --size \(defaults.size) --seed \(defaults.seed) --feed \(defaults.feedItems) --script \(defaults.script)):"
        ]
        for entry in WorkloadFactory.catalog.entries {
            lines.append("  \(TextReport.pad(entry.name, 16))\(entry.summary)")
            if entry.scripts.count > 1 {
                lines.append("  \(TextReport.pad("", 16))scripts: \(entry.scripts.joined(separator: ", "))")
            }
        }
        lines.append("")
        var problem: Error?
        do {
            lines += try suiteLines()
        } catch {
            problem = error
        }
        try StandardStreams.printLine(lines.joined(separator: "\n"))
        // The scenarios are listed either way; a broken suites file still fails the command.
        if let problem { throw problem }
        return 0
    }

    /// The suites in the suites file, one line per benchmark; none outside a
    /// checkout (no file), an error for a file that cannot be loaded.
    private static func suiteLines() throws -> [String] {
        let path = PackageRoot.current.suitesPath
        guard FileManager.default.fileExists(atPath: path) else {
            return ["suites: none (no \(path) here)"]
        }
        let file = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
        var lines = [
            "suites (\(path), frame budget \(Units.duration(file.frameBudgetNanoseconds ?? RunDefaults.frameBudgetNanoseconds))); run one benchmark by its name:"
        ]
        for name in file.suites.keys.sorted() {
            lines.append("  \(UntrustedText.terminal(name)):")
            for declaration in file.suites[name]! {
                if let command = declaration.program {
                    let script = declaration.keys.map { "keys '\($0)'" } ?? "script \(declaration.script ?? "")"
                    lines.append(
                        UntrustedText.terminal(
                            "    \(TextReport.pad(declaration.name, 24))program \(command.joined(separator: " ")) \(declaration.size ?? "\(ProgramBenchmark.defaultSize)"), \(script), \(declaration.repeats ?? RunDefaults.repeats) run\(declaration.repeats ?? 1 == 1 ? "" : "s")"
                        ))
                    continue
                }
                let settings = try SuiteFile.settings(for: declaration, file: path, catalog: WorkloadFactory.catalog)
                // Names and TERM come from the suites file: shown, never obeyed.
                lines.append(
                    UntrustedText.terminal(
                        "    \(TextReport.pad(declaration.name, 24))\(settings.workload) \(settings.size) \(settings.frames) frames, script \(settings.script), feed \(settings.workloadSettings.feedItems), seed \(settings.workloadSettings.seed), TERM=\(settings.term), backend \(settings.backend.rawValue), \(settings.repeats) run\(settings.repeats == 1 ? "" : "s")"
                    ))
            }
        }
        return lines
    }
}
