import Foundation
import Harness
import ProgramDriver

/// `framebench program [options] -- COMMAND [ARGS...]`: any terminal program
/// driven on a pty by a key script, its frames measured through libvterm
/// and reported like any run (see `ProgramReport` for the metric mapping).
enum ProgramCommand {
    static let usage = """
          program [--size COLSxROWS] [--script FILE | --keys SCRIPT] [--frames N] [--term T] [--gap MS]
              [--timeout MS] [--repeat K] [--name NAME] [--record DIR] [--frame-budget MS]
              [--format text|json|markdown] [--out FILE|-] [--force] [--quiet] -- COMMAND [ARGS...]
          program --suite NAME [--suites FILE] [options above]
              The programs of a suite in Benchmarks/Programs/programs.json (or FILE), one results file.
              Runs COMMAND on a pseudo-terminal, types the key script (README: "Key scripts"), cuts
              its output into frames (DEC 2026 sync markers, else --gap ms of quiet, default 30)
              and reports per-frame latency, bytes and libvterm damage.
        """

    static let valued: Set<String> = [
        "size", "script", "keys", "frames", "term", "gap", "timeout", "repeat", "name", "record", "frame-budget",
    ]

    static func program(_ arguments: [String]) throws -> Int32 {
        let separator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let options = Array(arguments[..<separator])
        let command = separator < arguments.endIndex ? Array(arguments[(separator + 1)...]) : []
        let parsed = try ParsedArguments(
            options, valued: OutputOptions.valued.union(valued).union(["suite", "suites"]),
            switches: OutputOptions.switches)
        guard parsed.positionals.isEmpty else {
            throw UsageError("program: unexpected '\(parsed.positionals[0])' before -- (the command goes after --)")
        }
        let output = try OutputOptions(parsed)
        var allRuns: [[ProgramRun]] = []
        var scenarios: [ScenarioReport] = []
        if let suite = parsed.string("suite") {
            guard command.isEmpty else {
                throw UsageError("program: give --suite NAME or a command after --, not both")
            }
            guard parsed.string("record") == nil else {
                throw UsageError("program: --record records one command, not a suite")
            }
            let path = parsed.string("suites") ?? ProgramSuiteFile.defaultPath
            let entries = try ProgramSuiteFile.load(path).entries(of: suite, path: path)
            let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent().path
            for entry in entries {
                // Declared settings first, the command line's after: the later one wins.
                let merged = try ParsedArguments(
                    entry.arguments() + options, valued: OutputOptions.valued.union(valued).union(["suite", "suites"]),
                    switches: OutputOptions.switches)
                let (report, runs) = try measure(merged, command: entry.command(binFolder: bin))
                scenarios.append(report)
                allRuns.append(runs)
            }
        } else {
            guard !command.isEmpty else {
                throw UsageError(
                    "program needs a command after -- (e.g. framebench program --keys 'j x50' -- less FILE) or --suite NAME"
                )
            }
            let (report, runs) = try measure(parsed, command: command)
            scenarios.append(report)
            allRuns.append(runs)
        }
        let document = ProgramReport.document(suite: parsed.string("suite"), scenarios: scenarios)
        switch output.format {
        case .json:
            try output.emit(String(decoding: try JSONFile.encode(document, compact: true), as: UTF8.self))
        case .markdown:
            try output.emit(MarkdownReport.run(document))
        case .junit:
            throw UsageError("program: --format junit reports comparisons; use text, json or markdown")
        case .text:
            let text = TextReport(colors: output.colors)
            let summaries = zip(scenarios, allRuns).map {
                "\(UntrustedText.terminal($0.name)):\n" + ProgramSummary.text($1)
            }
            try output.emit(output.quiet ? "" : text.run(document) + "\n" + summaries.joined(separator: "\n"))
        }
        return allRuns.joined().allSatisfy(\.outcome.isCompleted) ? 0 : 1
    }

    /// Runs one program `--repeat` times; its report and runs.
    static func measure(_ parsed: ParsedArguments, command: [String]) throws -> (ScenarioReport, [ProgramRun]) {
        var settings = try programSettings(parsed, command: command)
        let repeats = try parsed.integer("repeat", default: 1, in: 1...1_000)
        let budget = Double(try parsed.integer("frame-budget", default: 16, in: 1...10_000)) * 1_000_000
        let name = parsed.string("name") ?? URL(fileURLWithPath: command[0]).lastPathComponent
        if let record = parsed.string("record") {
            settings.capturesText = true
            try ProgramRecording.checkDirectory(record, replacing: parsed.flag("force"))
        }
        var runs: [ProgramRun] = []
        for _ in 0..<repeats {
            do { runs.append(try ProgramRunner.run(settings)) } catch { throw UsageError("program \(name): \(error)") }
        }
        if let record = parsed.string("record") {
            try ProgramRecording.write(runs[0], to: record, replacing: parsed.flag("force"))
        }
        return (ProgramReport.scenario(name: name, runs: runs, frameBudgetNanoseconds: budget), runs)
    }

    /// The run settings from the command line (shared with suite entries).
    static func programSettings(_ parsed: ParsedArguments, command: [String]) throws -> ProgramSettings {
        let size = try parsed.size("size", default: .init(cols: 80, rows: 24))
        guard size.cols <= 1000, size.rows <= 1000 else {
            throw UsageError("--size: a program's terminal is at most 1000x1000")
        }
        let scriptText: String
        switch (parsed.string("script"), parsed.string("keys")) {
        case (let path?, nil):
            do { scriptText = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw UsageError("--script \(path): cannot read it (\(error.localizedDescription))")
            }
        case (nil, let keys?): scriptText = keys
        case (nil, nil): scriptText = ""
        case (_?, _?): throw UsageError("give --script FILE or --keys SCRIPT, not both")
        }
        let script: KeyScript
        do { script = try KeyScript(parsing: scriptText) } catch {
            throw UsageError("\(parsed.string("script") ?? "--keys"): \(error)")
        }
        var settings = ProgramSettings(
            command: command, cols: size.cols, rows: size.rows, term: parsed.string("term") ?? "xterm-256color",
            script: script)
        settings.quiescenceGap = UInt64(try parsed.integer("gap", default: 30, in: 1...60_000)) * 1_000_000
        settings.timeout = UInt64(try parsed.integer("timeout", default: 5_000, in: 1...600_000)) * 1_000_000
        if parsed.string("frames") != nil {
            settings.frameLimit = try parsed.integer("frames", default: 0, in: 1...10_000_000)
        }
        return settings
    }
}
