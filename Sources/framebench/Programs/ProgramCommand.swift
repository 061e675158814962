import Foundation
import Harness
import Reports
import ProgramDriver

/// `framebench program [options] -- COMMAND [ARGS...]`: any terminal program
/// driven on a pty by a key script, its frames measured through libvterm
/// and reported like any run (see `ProgramReport` for the metric mapping).
/// Options are declared in `OptionDeclarations.swift` (command `.program`).
enum ProgramCommand {
    static func program(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else {
            throw UsageError("program: unexpected '\(parsed.positionals[0])' before -- (the command goes after --)")
        }
        let output = try OutputOptions(parsed)
        if output.format == .junit {
            throw UsageError("program: --format junit reports comparisons; use text, json or markdown")
        }
        let command = parsed.trailing ?? []
        var allRuns: [[ProgramRun]] = []
        var scenarios: [ScenarioReport] = []
        if let suite = parsed.string("suite") {
            guard command.isEmpty else { throw UsageError("program: give --suite NAME or a command after --, not both") }
            guard parsed.string("record") == nil else { throw UsageError("program: --record records one command, not a suite") }
            let root = PackageRoot.current
            let path = parsed.string("suites") ?? root.programSuitesPath
            let entries = try ProgramSuiteFile.load(path).entries(of: suite, path: path)
            let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
            for entry in entries {
                // Declared settings first, the command line's over them.
                let declared = try ParsedArguments(entry.arguments(root: root.folder), command: .program)
                let command = entry.command(binFolder: bin, root: root.folder)
                let (report, runs) = try measure(declared.overlaid(with: parsed), command: command)
                scenarios.append(report)
                allRuns.append(runs)
            }
        } else {
            guard !command.isEmpty else {
                throw UsageError(
                    "program needs a command after -- (e.g. framebench program --keys 'j x50' -- less FILE) or --suite NAME")
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
        case .githubBenchmark, .bmf, .csv:
            try output.emit(try OutputOptions.export(document, as: output.format) ?? "")
        case .html:
            try output.emit(String(decoding: HTMLReport.run(document), as: UTF8.self))
        case .junit, .text:
            let text = TextReport(colors: output.colors)
            let summaries = zip(scenarios, allRuns).map { "\(UntrustedText.terminal($0.name)):\n" + ProgramSummary.text($1) }
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

    /// The run settings from the options (a suite entry's come as options too).
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
