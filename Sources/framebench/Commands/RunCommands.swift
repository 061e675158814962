import Harness
import FrameGrid
import Foundation
import TerminalOutput
import Workloads

/// `run`, `record` and `list`.
enum RunCommands {
    static let settingValued: Set<String> = [
        "frames", "size", "seed", "feed", "feed-file", "term", "backend", "script", "repeat", "frame-budget", "measure",
        "inject-phase", "inject-allocations", "inject-delay-ns", "inject-slowdown", "inject-work", "warm-up",
    ]
    static let settingSwitches: Set<String> = ["sync", "no-scroll-regions", "no-erase", "counted-child", "isolated-child"]

    /// Settings for `scenario` from the command-line options.
    static func settings(_ parsed: ParsedArguments, scenario name: String) throws -> RunSettings {
        let script = parsed.string("script") ?? "default"
        try WorkloadFactory.checkScript(script, for: name)
        let frames = try parsed.integer("frames", default: 2_000, in: 1...10_000_000)
        let size = try parsed.size("size", default: Size(cols: 200, rows: 50))
        let seed = try parsed.integer("seed", default: 1, in: 0...Int.max)
        let feed = try parsed.integer("feed", default: 1_000_000, in: 1...Int(Int32.max))
        let repeats = try parsed.integer("repeat", default: 1, in: 1...100)
        let backendName = parsed.string("backend") ?? Backend.framebench.rawValue
        guard let backend = Backend(rawValue: backendName) else {
            throw UsageError("--backend must be framebench, ncurses or both, not '\(backendName)'")
        }
        let environmentTerm = ProcessInfo.processInfo.environment["TERM"].flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 }
        let term = parsed.string("term") ?? environmentTerm ?? "xterm-256color"
        let options = EncoderOptions(
            synchronizedOutput: parsed.flag("sync"), usesEraseAndRepeat: !parsed.flag("no-erase"),
            usesScrollRegions: !parsed.flag("no-scroll-regions"))
        var settings = RunSettings(
            workload: name, frames: frames,
            workloadSettings: WorkloadSettings(
                size: size, seed: UInt64(seed), feedItems: feed, feedFile: parsed.string("feed-file")),
            backend: backend, term: term, encoderOptions: options, catalog: WorkloadFactory.catalog)
        settings.repeats = repeats
        settings.script = script
        if parsed.string("warm-up") != nil {
            settings.warmUpFrames = try parsed.integer("warm-up", default: settings.warmUpFrames, in: 0...(frames - 1))
        }
        try applyMeasurement(parsed, to: &settings)
        return settings
    }

    /// The options that decide how frames are measured, not which: frame
    /// budget, instruction counting and regression injection.
    static func applyMeasurement(_ parsed: ParsedArguments, to settings: inout RunSettings) throws {
        if let text = parsed.string("frame-budget") {
            guard let milliseconds = Double(text), milliseconds.isFinite, milliseconds > 0 else {
                throw UsageError("--frame-budget takes a positive number of milliseconds (16.67 for 60 Hz, 8.33 for 120 Hz), not '\(text)'")
            }
            settings.frameBudgetNanoseconds = milliseconds * 1_000_000
        }
        if let measure = parsed.string("measure") {
            var instructions = false
            for part in measure.split(separator: ",", omittingEmptySubsequences: false) {
                switch part {
                case "time": break
                case "instructions": instructions = true
                default: throw UsageError("--measure takes time, instructions or both as 'time,instructions', not '\(measure)'")
                }
            }
            settings.countsInstructions = instructions
        }
        settings.injection = try injection(parsed)
    }

    static func injection(_ parsed: ParsedArguments) throws -> RegressionInjection {
        let phaseName = parsed.string("inject-phase") ?? FramePhase.encode.rawValue
        let phases: [FramePhase] = [.update, .layout, .diff, .encode, .write]
        guard let phase = FramePhase(rawValue: phaseName), phases.contains(phase) else {
            throw UsageError("--inject-phase must be one of \(phases.map(\.rawValue).joined(separator: ", ")), not '\(phaseName)'")
        }
        let slowdownText = parsed.string("inject-slowdown") ?? "0"
        guard let slowdown = Double(slowdownText), slowdown.isFinite, (0...10).contains(slowdown) else {
            throw UsageError("--inject-slowdown takes a fraction of the phase's time, 0...10 (0.1: 10% slower), not '\(slowdownText)'")
        }
        return RegressionInjection(
            phase: phase,
            allocationsPerFrame: try parsed.integer("inject-allocations", default: 0, in: 0...1_000),
            delayNanoseconds: try parsed.integer("inject-delay-ns", default: 0, in: 0...1_000_000_000),
            slowdown: slowdown,
            workIterations: try parsed.integer("inject-work", default: 0, in: 0...1_000_000_000))
    }

    /// The benchmarks a `run`, `compare` or `check` without scenarios means: a suite from the suites file.
    static func suite(named name: String?, path: String = SuiteFile.defaultPath) throws -> SuiteRunner {
        let file = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
        let suiteName = name ?? "default"
        guard let declarations = file.suites[suiteName] else {
            throw UsageError("\(path) has no suite '\(suiteName)' (it has: \(file.suites.keys.sorted().joined(separator: ", ")))")
        }
        let benchmarks = try declarations.map {
            try SuiteFile.settings(for: $0, file: path, frameBudget: file.frameBudgetNanoseconds, catalog: WorkloadFactory.catalog)
        }
        var runner = SuiteRunner(benchmarks: benchmarks, suiteName: suiteName)
        runner.progress = OutputOptions.progressBar()
        runner.isolation = .processPerRun
        return runner
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: settingValued.union(OutputOptions.valued).union(["suite", "shard"]),
            switches: settingSwitches.union(OutputOptions.switches).union(["verify"]))
        if parsed.flag("counted-child") {
            // Under callgrind, for a parent's `--measure instructions`: see CountedRun.
            guard parsed.positionals.count == 1 else { throw UsageError("--counted-child runs one scenario") }
            try StandardStreams.printLine(try CountedRun.runAsChild(try settings(parsed, scenario: parsed.positionals[0])))
            return 0
        }
        if parsed.flag("isolated-child") {
            // One run of a suite in a fresh process: see IsolatedRun.
            guard parsed.positionals.count == 1 else { throw UsageError("--isolated-child runs one scenario") }
            try StandardStreams.printLine(try IsolatedRun.runAsChild(try settings(parsed, scenario: parsed.positionals[0])))
            return 0
        }
        let output = try OutputOptions(parsed)
        var runner: SuiteRunner
        var usesSuite = false
        if parsed.positionals.isEmpty {
            runner = try suite(named: parsed.string("suite"))
            usesSuite = true
            runner.benchmarks = try runner.benchmarks.map { try overriding($0, with: parsed) }
        } else {
            let benchmarks = try parsed.positionals.map { try settings(parsed, scenario: $0) }
            runner = SuiteRunner(benchmarks: benchmarks)
            runner.progress = OutputOptions.progressBar()
            runner.isolation = .processPerRun
        }
        if let shard = try parsed.shard(appliesToSuite: usesSuite, otherwise: "scenarios named on the command line") {
            runner.restrict(to: shard)
        }
        let (document, runs) = try runner.run()
        if parsed.flag("verify") { try LaneVerification.verifyAll(runner.benchmarks).forEach(FrameBenchCommand.printError) }
        var comparison: (ComparisonReport, String)?
        let store = BaselineStore()
        let name = BaselineStore.defaultName
        if usesSuite, output.format != .json, FileManager.default.fileExists(atPath: store.path(for: name)) {
            // The run is the job; a baseline that cannot be read only loses the comparison.
            do {
                var options = ComparisonOptions()
                options.timingGates = false  // a stored baseline is not a same-window control
                comparison = (Comparison.compare(baseline: try store.load(name), candidate: document, options: options), name)
            } catch {
                FrameBenchCommand.printError("framebench: not compared with the stored baseline: \(error)")
            }
        }
        switch output.format {
        case .json:
            try output.emit(String(decoding: try JSONFile.encode(document, compact: true), as: UTF8.self))
        case .markdown:
            var text = MarkdownReport.run(document)
            if let (report, baseline) = comparison { text += "\n\n" + MarkdownReport.comparison(report, baselineName: baseline) }
            try output.emit(text)
        case .junit:
            try output.emit(JUnitReport.report(comparison?.0 ?? ComparisonReport()))
        case .text:
            let text = TextReport(colors: output.colors)
            var body = output.quiet ? "" : text.run(document, runs: runs)
            if let (report, baseline) = comparison { body += "\n" + text.comparison(report, baselineName: baseline) }
            try output.emit(body)
        }
        return 0
    }

    /// A suite benchmark with the settings given on the command line replacing its own.
    static func overriding(_ declared: RunSettings, with parsed: ParsedArguments) throws -> RunSettings {
        var settings = declared
        if let script = parsed.string("script") {
            try WorkloadFactory.checkScript(script, for: declared.workload)
            settings.script = script
        }
        settings.frames = try parsed.integer("frames", default: declared.frames, in: 1...10_000_000)
        settings.workloadSettings.size = try parsed.size("size", default: declared.size)
        settings.workloadSettings.seed = UInt64(try parsed.integer("seed", default: Int(declared.workloadSettings.seed), in: 0...Int.max))
        settings.workloadSettings.feedItems = try parsed.integer("feed", default: declared.workloadSettings.feedItems, in: 1...Int(Int32.max))
        settings.repeats = try parsed.integer("repeat", default: declared.repeats, in: 1...100)
        if let term = parsed.string("term") { settings.term = term }
        if let file = parsed.string("feed-file") { settings.workloadSettings.feedFile = file }
        if let backendName = parsed.string("backend") {
            guard let backend = Backend(rawValue: backendName) else {
                throw UsageError("--backend must be framebench, ncurses or both, not '\(backendName)'")
            }
            settings.backend = backend
        }
        if parsed.flag("sync") { settings.encoderOptions.synchronizedOutput = true }
        if parsed.flag("no-erase") { settings.encoderOptions.usesEraseAndRepeat = false }
        if parsed.flag("no-scroll-regions") { settings.encoderOptions.usesScrollRegions = false }
        settings.warmUpFrames = min(10, settings.frames / 10)
        try applyMeasurement(parsed, to: &settings)
        return settings
    }

    static func overhead(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: settingValued, switches: settingSwitches)
        guard parsed.positionals.count <= 1 else { throw UsageError("overhead takes one scenario") }
        let settings = try settings(parsed, scenario: parsed.positionals.first ?? PlainFeed.name)
        let (blocks, framesPerBlock) = ProbeOverhead.blocks(forFrames: settings.frames)
        let result = try ProbeOverhead.measure(settings, blocks: blocks, framesPerBlock: framesPerBlock)
        try StandardStreams.printLine(
            "\(settings.workload) \(settings.size): median wall time per frame \(Units.duration(result.withProbes)) with probes, \(Units.duration(result.withoutProbes)) without: overhead \(Units.number(result.overhead * 100, digits: 2))% (\(blocks) blocks of \(framesPerBlock) frames each way, interleaved)"
        )
        return 0
    }

    static func record(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: settingValued.union(["out"]), switches: settingSwitches.union(["styles", "force"]))
        guard parsed.positionals.count == 1 else { throw UsageError("record takes one scenario") }
        var settings = try settings(parsed, scenario: parsed.positionals[0])
        if parsed.string("frames") == nil { settings.frames = 200 }
        guard let out = parsed.string("out"), !out.isEmpty else { throw UsageError("record needs --out DIR") }
        var options = Recording.Options(settings: settings, directory: URL(fileURLWithPath: out))
        options.includesStyles = parsed.flag("styles")
        options.replacesExisting = parsed.flag("force")
        let bytes = try Recording.record(options)
        try StandardStreams.printLine("recorded \(settings.frames) frames of \(settings.workload) at \(settings.size) (\(bytes) bytes) in \(out)")
        return 0
    }

    static func list(_ arguments: [String]) throws -> Int32 {
        _ = try ParsedArguments(arguments, valued: [], switches: [])
        var lines = ["scenarios (defaults: --frames 2000 --size 200x50 --seed 1 --feed 1000000 --script default):"]
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
        guard FileManager.default.fileExists(atPath: SuiteFile.defaultPath) else {
            return ["suites: none (no \(SuiteFile.defaultPath) here)"]
        }
        let file = try SuiteFile.load(SuiteFile.defaultPath, catalog: WorkloadFactory.catalog)
        var lines = [
            "suites (\(SuiteFile.defaultPath), frame budget \(Units.duration(file.frameBudgetNanoseconds ?? SuiteFile.defaultFrameBudget))):"
        ]
        for name in file.suites.keys.sorted() {
            lines.append("  \(UntrustedText.terminal(name)):")
            for declaration in file.suites[name]! {
                let settings = try SuiteFile.settings(for: declaration, file: SuiteFile.defaultPath, catalog: WorkloadFactory.catalog)
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
