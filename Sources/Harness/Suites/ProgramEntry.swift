import Foundation
import ProgramDriver

/// A suites file's program entry, checked once (`SuiteFile.load`) into the
/// value its runs start from: the command as declared, the key script, the
/// gap and timeouts, and the run settings it shares with scenes. What
/// depends on where it runs waits for `benchmark(root:bin:)`: `{bin}` and
/// `{root}` in the command, and a key script kept in a file (read then, so
/// listing or checking a suites file reads no key script files).
public struct ProgramEntry: Sendable {
    /// The benchmark at its declared settings: the command as declared
    /// (`{bin}` and `{root}` left in), the inline key script or none yet.
    public let declared: ProgramBenchmark
    /// The `script` file, relative to the package unless absolute.
    public let scriptFile: String?
    /// "FILE: benchmark 'NAME'", which every error of the entry begins with.
    let context: String

    /// Checks a program entry as `program`'s options are checked.
    /// - Throws: `UsageError` beginning with the suites file and the benchmark's name.
    public init(_ declaration: BenchmarkDeclaration, file: String, frameBudget: Double? = nil) throws {
        context = "\(file): benchmark '\(declaration.name)'"
        guard let command = declaration.program else { throw UsageError("\(context) runs no program") }
        guard !command.isEmpty, !command[0].isEmpty else {
            throw UsageError("\(context): \"program\" must name a command (a list such as [\"less\", \"FILE\"])")
        }
        switch (declaration.keys, declaration.script) {
        case (_, nil): scriptFile = nil
        case (nil, let file?): scriptFile = file
        case (_?, _?): throw UsageError("\(context) gives both \"keys\" and \"script\": one key script, inline or in a file")
        }
        guard declaration.keys != nil || scriptFile != nil else {
            throw UsageError("\(context) runs a program but types nothing: give \"keys\" (a key script) or \"script\" (a key script file)")
        }
        var benchmark = ProgramBenchmark(
            name: declaration.name, command: command, script: try Self.keyScript(declaration.keys ?? "", what: "keys", context))
        benchmark.settings.quiescenceGap =
            try Self.nanoseconds(declaration.gapMilliseconds, "gap_ms", ProgramBenchmark.gapRange, context)
            ?? benchmark.settings.quiescenceGap
        benchmark.settings.timeout =
            try Self.nanoseconds(declaration.timeoutMilliseconds, "timeout_ms", ProgramBenchmark.timeoutRange, context)
            ?? benchmark.settings.timeout
        benchmark.settings.startTimeout = try Self.nanoseconds(
            declaration.startTimeoutMilliseconds, "start_timeout_ms", ProgramBenchmark.startTimeoutRange, context)
        benchmark.frameBudgetNanoseconds = frameBudget ?? RunDefaults.frameBudgetNanoseconds
        declared = try benchmark.applying(declaration.input(context: context))
    }

    /// The benchmark as it runs: `{bin}` (the folder of the framebench that
    /// runs it) and `{root}` (the package) replaced in the command, a key
    /// script file read relative to `root`.
    /// - Throws: `UsageError` naming the suites file, the benchmark and the key script file.
    public func benchmark(root: String, bin: String) throws -> ProgramBenchmark {
        var benchmark = declared
        benchmark.settings.command = ProgramBenchmark.substitute(declared.declaredCommand, bin: bin, root: root)
        if let scriptFile {
            let path = scriptFile.hasPrefix("/") || root.isEmpty ? scriptFile : "\(root)/\(scriptFile)"
            let text: String
            do { text = try InputFile.text(path, what: "its key script") } catch {
                throw UsageError("\(context): \(error)")  // the suites file first, as every entry's error
            }
            benchmark.settings.script = try Self.keyScript(text, what: "key script \(scriptFile)", context)
        }
        return benchmark
    }

    private static func keyScript(_ text: String, what: String, _ context: String) throws -> KeyScript {
        do { return try KeyScript(parsing: text) } catch { throw UsageError("\(context): \(what): \(error)") }
    }

    /// A duration key in ms, checked as `program`'s --gap, --timeout and --start-timeout are, in ns.
    private static func nanoseconds(_ value: Int?, _ key: String, _ range: ClosedRange<Int>, _ context: String) throws
        -> UInt64?
    {
        guard let value else { return nil }
        return UInt64(try RunSettingsInput.wholeNumber("\(value)", named: "\(context): \(key)", in: range)) * 1_000_000
    }
}
