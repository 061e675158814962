import FrameGrid
import Foundation
import ProgramDriver

/// A suite entry that runs a terminal program on a pty (a `"program"` entry
/// of a suites file, or `framebench program -- COMMAND`): what `SuiteRunner`
/// runs beside scene benchmarks, interleaved with them, each run reported as
/// a scenario with backend `program` (`ProgramReport`).
public struct ProgramBenchmark: Sendable {
    public var name: String
    /// The command as declared, `{bin}` and `{root}` left in: how results
    /// name it (`settings.scenario`), so the same entry run from two
    /// checkouts or two builds compares.
    public var declaredCommand: [String]
    /// What runs: the command with `{bin}` and `{root}` replaced, the key
    /// script, the terminal, the gap and timeouts.
    public var settings: ProgramSettings
    /// Runs whose frames are pooled; a suite interleaves them with its other entries.
    public var repeats = RunDefaults.repeats
    /// The frame budget late-frame figures use, ns (input to frame complete).
    public var frameBudgetNanoseconds = RunDefaults.frameBudgetNanoseconds
    /// Called with each run as it ends (`--frame-log` collects them).
    public var onRun: (@Sendable (ProgramRun) -> Void)?

    public init(name: String, settings: ProgramSettings, declaredCommand: [String]? = nil) {
        self.name = name
        self.settings = settings
        self.declaredCommand = declaredCommand ?? settings.command
    }

    /// `command` typing `script` at a program's defaults: 80x24,
    /// `RunDefaults.term`, `ProgramSettings`' gap and timeouts.
    public init(name: String, command: [String], script: KeyScript) {
        let size = Self.defaultSize
        self.init(
            name: name,
            settings: ProgramSettings(command: command, cols: size.cols, rows: size.rows, term: RunDefaults.term, script: script))
    }

    /// One run of the program.
    /// - Throws: `UsageError` naming the benchmark when the program cannot
    ///   start at all (a program that exits early, hangs or floods is a run
    ///   with that outcome, not an error).
    public func run() throws -> ProgramRun {
        let run: ProgramRun
        do { run = try ProgramRunner.run(settings) } catch { throw UsageError("program \(name): \(error)") }
        onRun?(run)
        return run
    }

    /// The scenario report of `runs` of this benchmark.
    public func report(_ runs: [ProgramRun]) -> ScenarioReport {
        ProgramReport.scenario(
            name: name, runs: runs, frameBudgetNanoseconds: frameBudgetNanoseconds, declaredCommand: declaredCommand)
    }

    /// `command` with `{bin}` (the folder of the running executable, so
    /// `{bin}/framebench` is the build that runs) and `{root}` (the
    /// package's folder) replaced.
    public static func substitute(_ command: [String], bin: String, root: String) -> [String] {
        command.map { $0.replacingOccurrences(of: "{bin}", with: bin).replacingOccurrences(of: "{root}", with: root) }
    }

    /// A program's terminal unless given.
    public static let defaultSize = Size(cols: 80, rows: 24)
    /// Quiet that ends a frame outside sync markers, and how long an input
    /// may go unanswered, ms: the limits a suite entry or option may give.
    public static let gapRange = 1...60_000
    public static let timeoutRange = 1...600_000
    /// The start-up wait and the answer window, ms.
    public static let startTimeoutRange = 1...600_000
    public static let answerWindowRange = 1...600_000
    /// Each end of the closed loop's spacing, ms.
    public static let spacingRange = 0...10_000

    /// A program's terminal is at most 1000x1000 (libvterm's screen, the key script's `resize`).
    public static func checkSize(_ size: Size, what: String) throws {
        guard size.cols <= 1000, size.rows <= 1000 else {
            throw UsageError("\(what) \(size): a program's terminal is at most 1000x1000")
        }
    }

    /// The folder of the running executable: `{bin}` by default.
    public static var executableFolder: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// A rough cost for splitting a suite into shards (`ShardPlan.cost`):
    /// the script's waits and one quiescence gap per input, in the scene
    /// benchmarks' unit (cells x frames), at `ShardPlan.cellFramesPerSecond`.
    public var estimatedSeconds: Double {
        var nanoseconds: UInt64 = 0
        for step in settings.script.steps {
            switch step {
            case .wait(let duration): nanoseconds += duration.nanoseconds
            case .resize: nanoseconds += settings.quiescenceGap
            case .key(_, let count, let interval):
                let spacing = (settings.spacing.lowerBound + settings.spacing.upperBound) / 2
                nanoseconds += UInt64(count) * (interval?.nanoseconds ?? (settings.quiescenceGap + spacing))
            }
        }
        return Double(nanoseconds) / 1e9 * Double(repeats) + 0.5 * Double(repeats)  // + start-up
    }
}

/// Why a suite's run failed after it ran (exit 1, not 2): a program that
/// exited early, hung or flooded. The report is still written first.
public struct RunFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension RunDocument {
    /// Every program run that did not complete, as "name run k: outcome".
    public var failedProgramRuns: [String] {
        scenarios.flatMap { scenario -> [String] in
            guard let figures = scenario.program else { return [] }
            return figures.outcomes.enumerated().filter { $0.element != ProgramFigures.completed }.map {
                "program \(scenario.name) run \($0.offset + 1): \($0.element)"
            }
        }
    }

    /// Every doubt of every program run, as "program name run k: words".
    public var doubtfulProgramRuns: [String] {
        scenarios.flatMap { scenario -> [String] in
            (scenario.program?.allDoubts ?? []).map { "program \(scenario.name) \($0)" }
        }
    }

    /// Throws `RunFailure` naming each program run that did not complete
    /// and, when `strict` (`--strict`, `check`), each doubt of any run.
    public func checkProgramRuns(strict: Bool = false) throws {
        var failed = failedProgramRuns
        if strict { failed += doubtfulProgramRuns.map { "\($0) (--strict)" } }
        if !failed.isEmpty { throw RunFailure(failed.joined(separator: "; ")) }
    }
}
