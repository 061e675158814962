import Foundation
import Harness
import ProgramDriver

/// A program benchmark's options: the command line laid over a program entry
/// of a suite, or over the defaults for `framebench program -- COMMAND`. Only
/// options given change anything.
///
/// Every command that runs a suite (`run`, `baseline save`, `compare`,
/// `check`) applies the options it shares with `program` (`--size`,
/// `--frames`, `--repeat`, `--term`, `--frame-budget`) to its program
/// entries; the options about our own renderer (a scene's `--script`,
/// `--seed`, `--backend`, `--measure instructions`...) leave them alone.
/// `program` also takes `--keys`, `--script FILE`, `--gap`, `--timeout`,
/// `--start-timeout`, `--answer-window`, `--spacing`, `--seed` and `--name`.
/// The shared options are checked by `ProgramBenchmark.applying(_:)`, as a
/// suites file's program entries are.
enum ProgramOptions {
    static func apply(_ parsed: ParsedArguments, over declared: ProgramBenchmark) throws -> ProgramBenchmark {
        var benchmark = declared
        var settings = benchmark.settings
        if parsed.command == .program {
            if let name = parsed.string("name") { benchmark.name = name }
            switch (parsed.string("script"), parsed.string("keys")) {
            case (let path?, nil):
                settings.script = try script(try InputFile.text(path, what: "--script"), what: path)
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
            if parsed.string("start-timeout") != nil {
                settings.startTimeout =
                    UInt64(try parsed.integer("start-timeout", default: 0, in: ProgramBenchmark.startTimeoutRange)) * 1_000_000
            }
            if parsed.string("answer-window") != nil {
                settings.answerWindow =
                    UInt64(try parsed.integer("answer-window", default: 0, in: ProgramBenchmark.answerWindowRange)) * 1_000_000
            }
            if let text = parsed.string("spacing") { settings.spacing = try spacing(text) }
            if parsed.string("seed") != nil {
                settings.seed = UInt64(try parsed.integer("seed", default: 1, in: 0...Int.max))
            }
            if let window = settings.answerWindow, window > settings.timeout {
                throw UsageError(
                    "--answer-window \(window / 1_000_000) is longer than --timeout \(settings.timeout / 1_000_000): a key would hang before it went unanswered")
            }
        }
        benchmark.settings = settings
        return try benchmark.applying(try RunSettingsParser.input(parsed))
    }

    /// `framebench program -- COMMAND`: the command at the defaults, the options over them.
    static func benchmark(command: [String], _ parsed: ParsedArguments) throws -> ProgramBenchmark {
        let declared = ProgramBenchmark(
            name: URL(fileURLWithPath: command[0]).lastPathComponent, command: command, script: try script("", what: "--keys"))
        return try apply(parsed, over: declared)
    }

    /// `--spacing 0-20ms` (also `5ms`, `0-20000us`): a range of ns.
    static func spacing(_ text: String) throws -> ClosedRange<UInt64> {
        let error = UsageError(
            "--spacing takes LO-HI with a unit such as 0-20ms (each end \(ProgramBenchmark.spacingRange.lowerBound)...\(ProgramBenchmark.spacingRange.upperBound) ms, LO <= HI), not '\(text)'")
        let units: [(String, UInt64)] = [("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000)]
        guard let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }) else { throw error }
        let ends = text.dropLast(suffix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(ends.count) else { throw error }
        let limit = UInt64(ProgramBenchmark.spacingRange.upperBound) * 1_000_000
        let values = try ends.map { end -> UInt64 in
            guard !end.isEmpty, end.count <= 12, end.allSatisfy({ $0.isASCII && $0.isNumber }), let value = UInt64(end),
                value * scale <= limit
            else { throw error }
            return value * scale
        }
        guard values[0] <= values[values.count - 1] else { throw error }
        return values[0]...values[values.count - 1]
    }

    private static func script(_ text: String, what: String) throws -> KeyScript {
        do { return try KeyScript(parsing: text) } catch { throw UsageError("\(what): \(error)") }
    }
}
