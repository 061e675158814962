import Foundation
import Harness
import ProgramDriver

/// The one parser of a program benchmark's options: the command line laid
/// over a program entry of a suite, or over the defaults for
/// `framebench program -- COMMAND`. Only options given change anything.
///
/// Every command that runs a suite (`run`, `baseline save`, `compare`,
/// `check`) applies the options it shares with `program` (`--size`,
/// `--frames`, `--repeat`, `--term`, `--frame-budget`) to its program
/// entries; the options about our own renderer (a scene's `--script`,
/// `--seed`, `--backend`, `--measure instructions`...) leave them alone.
/// `program` also takes `--keys`, `--script FILE`, `--gap`, `--timeout` and `--name`.
enum ProgramOptions {
    static func apply(_ parsed: ParsedArguments, over declared: ProgramBenchmark) throws -> ProgramBenchmark {
        var benchmark = declared
        var settings = benchmark.settings
        if parsed.command == .program {
            if let name = parsed.string("name") { benchmark.name = name }
            switch (parsed.string("script"), parsed.string("keys")) {
            case (let path?, nil):
                let text: String
                do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                    throw UsageError("--script \(path): cannot read it (\(error.localizedDescription))")
                }
                settings.script = try script(text, what: path)
            case (nil, let keys?): settings.script = try script(keys, what: "--keys")
            case (nil, nil): break
            case (_?, _?): throw UsageError("give --script FILE or --keys SCRIPT, not both")
            }
            if parsed.string("gap") != nil {
                settings.quiescenceGap = UInt64(try parsed.integer("gap", default: 0, in: ProgramBenchmark.gapRange)) * 1_000_000
            }
            if parsed.string("timeout") != nil {
                settings.timeout = UInt64(try parsed.integer("timeout", default: 0, in: ProgramBenchmark.timeoutRange)) * 1_000_000
            }
        }
        if parsed.string("size") != nil {
            let size = try parsed.size("size", default: ProgramBenchmark.defaultSize)
            try ProgramBenchmark.checkSize(size, what: "--size")
            (settings.cols, settings.rows) = (size.cols, size.rows)
        }
        if let term = parsed.string("term") { settings.term = term }
        if parsed.string("frames") != nil {
            settings.frameLimit = try parsed.integer("frames", default: 0, in: RunDefaults.frameRange)
        }
        benchmark.repeats = try parsed.integer("repeat", default: benchmark.repeats, in: RunDefaults.repeatRange)
        if let budget = try RunSettingsParser.frameBudget(parsed) { benchmark.frameBudgetNanoseconds = budget }
        benchmark.settings = settings
        return benchmark
    }

    /// `framebench program -- COMMAND`: the command at the defaults, the options over them.
    static func benchmark(command: [String], _ parsed: ParsedArguments) throws -> ProgramBenchmark {
        let size = ProgramBenchmark.defaultSize
        let settings = ProgramSettings(
            command: command, cols: size.cols, rows: size.rows, term: RunDefaults.term, script: try script("", what: "--keys"))
        return try apply(parsed, over: ProgramBenchmark(name: URL(fileURLWithPath: command[0]).lastPathComponent, settings: settings))
    }

    private static func script(_ text: String, what: String) throws -> KeyScript {
        do { return try KeyScript(parsing: text) } catch { throw UsageError("\(what): \(error)") }
    }
}
