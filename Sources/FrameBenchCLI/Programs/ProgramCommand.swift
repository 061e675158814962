import Foundation
import Harness
import Reports
import ProgramDriver
import Synchronization

/// `framebench program [options] -- COMMAND [ARGS...]`: any terminal program
/// driven on a pty by a key script, its frames measured through libvterm
/// and reported like any run (see `ProgramReport` for the metric mapping).
/// `--suite NAME` runs the program entries of a suite of
/// `Benchmarks/suites.json`, as `run --suite NAME` does (the same runner),
/// with `program`'s options over them.
/// Options are declared in `OptionDeclarations.swift` (command `.program`).
enum ProgramCommand {
    static func program(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else {
            throw UsageError("program: unexpected '\(parsed.positionals[0])' before -- (the command goes after --)")
        }
        let output = try OutputOptions(parsed)  // refuses junit: a program run has no comparison
        var programs = try benchmarks(parsed)
        let frameLog = parsed.string("frame-log")
        let collected = CollectedRuns()
        if let frameLog {
            guard frameLog != "-" else {
                throw UsageError("--frame-log needs a file: standard output carries the report")
            }
            try AtomicFile.check(frameLog, replacing: parsed.flag("force"))
            for index in programs.indices {
                let name = programs[index].name
                programs[index].onRun = { collected.add(name, $0) }
            }
        }
        let document: RunDocument
        if let record = parsed.string("record") {
            // One command, recorded: its first run keeps every byte and screen.
            try ProgramRecording.checkDirectory(record, replacing: parsed.flag("force"))
            var program = programs[0]
            program.settings.capturesText = true
            let runs = try (0..<program.repeats).map { _ in try program.run() }
            try ProgramRecording.write(runs[0], to: record, replacing: parsed.flag("force"))
            document = ProgramReport.document(suite: nil, scenarios: [program.report(runs)])
        } else {
            var runner = SuiteRunner(entries: programs.map(SuiteEntry.program), suiteName: parsed.string("suite"))
            runner.progress = OutputOptions.progressBar()
            document = try runner.run().document
        }
        var options = output.exportOptions
        options.escapesControls = false  // emit escapes a program's CSV for a terminal (as it always has)
        try output.write(.run(document), options: options)
        if let frameLog {
            try AtomicFile.write(Array(collected.frameLog().utf8), to: frameLog, replacing: parsed.flag("force"))
        }
        try document.checkProgramRuns(strict: parsed.flag("strict"))
        return 0
    }

    /// The programs to run: the command after `--`, or the program entries of `--suite`.
    static func benchmarks(_ parsed: ParsedArguments) throws -> [ProgramBenchmark] {
        let command = parsed.trailing ?? []
        guard let suite = parsed.string("suite") else {
            guard !command.isEmpty else {
                throw UsageError(
                    "program needs a command after -- (e.g. framebench program --keys 'j x50' -- less FILE) or --suite NAME")
            }
            return [try ProgramOptions.benchmark(command: command, parsed)]
        }
        guard command.isEmpty else { throw UsageError("program: give --suite NAME or a command after --, not both") }
        guard parsed.string("record") == nil else { throw UsageError("program: --record records one command, not a suite") }
        let root = PackageRoot.current
        let path = parsed.string("suites") ?? root.suitesPath
        let entries = try SuiteFile.load(path, catalog: WorkloadFactory.catalog).entries(
            of: suite, path: path, root: root.absoluteFolder, catalog: WorkloadFactory.catalog)
        let scenes = entries.filter { if case .scene = $0 { true } else { false } }.map(\.name)
        // Declared settings first, the command line's over them.
        let programs = try entries.compactMap { if case .program(let program) = $0 { program } else { nil } }
            .map { try ProgramOptions.apply(parsed, over: $0) }
        guard !programs.isEmpty else {
            throw UsageError("suite '\(suite)' of \(path) runs no program (framebench run --suite \(suite) runs its scenes)")
        }
        if !scenes.isEmpty {
            FrameBenchCommand.printError(
                "program: suite '\(suite)' also draws scenes (\(scenes.joined(separator: ", "))), left out here: framebench run --suite \(suite) runs them all")
        }
        return programs
    }
}

/// Program runs as they end, for `--frame-log` (runs may end on the suite
/// runner's threads, hence the lock).
final class CollectedRuns: Sendable {
    private let runs = Mutex<[(name: String, run: ProgramRun)]>([])

    func add(_ name: String, _ run: ProgramRun) {
        runs.withLock { $0.append((name, run)) }
    }

    /// Every run's records (`FrameLog`), runs numbered per benchmark.
    func frameLog() -> String {
        runs.withLock { runs in
            var numbers: [String: Int] = [:]
            return runs.map { name, run in
                numbers[name, default: 0] += 1
                return FrameLog.lines(of: run, benchmark: name, runNumber: numbers[name]!)
            }.joined()
        }
    }
}
