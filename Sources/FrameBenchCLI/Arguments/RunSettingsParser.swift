import Foundation
import Harness
import TerminalOutput
import Workloads

/// The command line's run settings laid over a scenario's defaults
/// (`RunDefaults`) or over a benchmark as its suite declares it. Only options
/// given change anything; the values are checked by `RunSettings.applying`,
/// the same check a suites file's go through.
enum RunSettingsParser {
    /// Scenario `name` at the defaults, with the command line's settings over them.
    /// - Throws: `UnknownWorkloadError` for a name the catalog does not have, `UsageError` for a bad value.
    static func settings(forScenario name: String, _ parsed: ParsedArguments) throws -> RunSettings {
        _ = try WorkloadFactory.entry(name)
        // A report's figures depend on the terminal encoded for: fixed as the
        // suites fix it, not taken from the shell (TERM=vt100 ran plain-feed
        // for vt100). Live mode draws on the user's own terminal: its TERM.
        let term = parsed.command == .live ? environmentTerm ?? RunDefaults.term : RunDefaults.term
        let base = RunSettings(workload: name, term: term, catalog: WorkloadFactory.catalog)
        var settings = try apply(parsed, over: base)
        // A command that draws fewer frames unless told (record, profile)
        // declares its default; reading it from the declaration keeps the
        // command's `--help` and what it runs the same.
        if parsed.string("frames") == nil,
            let declared = OptionDeclaration.taken(by: parsed.command).first(where: { $0.name == "frames" })?
                .defaultText(for: parsed.command).flatMap({ Int($0) }),
            declared != settings.frames
        {
            settings.frames = declared
            settings.warmUpFrames = RunDefaults.warmUpFrames(forFrames: declared)
        }
        settings.name = "\(name)-\(settings.size)"
        return settings
    }

    /// TERM from the environment (for `live`), unless it names no real terminal. Read
    /// with `getenv`: `ProcessInfo.environment` would copy every variable
    /// onto the heap of a counted child.
    static var environmentTerm: String? {
        getenv("TERM").map { String(cString: $0) }.flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 }
    }

    /// `declared` with every run setting given on the command line in its
    /// place, checked by `RunSettings.applying(_:)` as a suites file's are.
    static func apply(_ parsed: ParsedArguments, over declared: RunSettings) throws -> RunSettings {
        var settings = try declared.applying(input(parsed))
        try applyMeasurement(parsed, to: &settings)
        return settings
    }

    /// The run settings the command line gives, as given.
    static func input(_ parsed: ParsedArguments) throws -> RunSettingsInput {
        var input = RunSettingsInput(origin: .commandLine)
        input.script = parsed.string("script")
        input.frames = parsed.string("frames")
        input.size = parsed.string("size")
        input.seed = parsed.string("seed")
        input.feed = parsed.string("feed")
        input.feedFile = parsed.string("feed-file")
        input.repeats = parsed.string("repeat")
        input.term = parsed.string("term")
        input.backend = parsed.string("backend")
        input.warmUp = parsed.string("warm-up")
        input.synchronizedOutput = parsed.flag("sync")
        input.withoutEraseAndRepeat = parsed.flag("no-erase")
        input.withoutScrollRegions = parsed.flag("no-scroll-regions")
        input.frameBudgetMilliseconds = try frameBudgetMilliseconds(parsed)
        return input
    }

    /// The options that decide how frames are measured, not which:
    /// instruction counting and regression injection (the command line's
    /// own; a suites file declares neither).
    static func applyMeasurement(_ parsed: ParsedArguments, to settings: inout RunSettings) throws {
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
        switch parsed.string("count-lanes") {
        case nil, "all": settings.countsOnlyOurLane = false
        case "framebench": settings.countsOnlyOurLane = true
        case let other?: throw UsageError("--count-lanes takes all or framebench, not '\(other)'")
        }
        settings.injection = try injection(parsed)
    }

    /// `--frame-budget MS` as a number, when given; its range is checked with the other settings.
    static func frameBudgetMilliseconds(_ parsed: ParsedArguments) throws -> Double? {
        guard let text = parsed.string("frame-budget") else { return nil }
        guard let milliseconds = DecimalNumber.parse(text) else {
            throw UsageError("--frame-budget takes a number of milliseconds (16.67 for 60 Hz, 8.33 for 120 Hz), not '\(text)'")
        }
        return milliseconds
    }

    static func injection(_ parsed: ParsedArguments) throws -> RegressionInjection {
        let phaseName = parsed.string("inject-phase") ?? FramePhase.encode.rawValue
        let phases: [FramePhase] = [.update, .layout, .diff, .encode, .write]
        guard let phase = FramePhase(rawValue: phaseName), phases.contains(phase) else {
            throw UsageError("--inject-phase must be one of \(phases.map(\.rawValue).joined(separator: ", ")), not '\(phaseName)'")
        }
        let slowdownText = parsed.string("inject-slowdown") ?? "0"
        guard let slowdown = DecimalNumber.parse(slowdownText), (0...10).contains(slowdown) else {
            throw UsageError("--inject-slowdown takes a fraction of the phase's time, 0...10 (0.1: 10% slower), not '\(slowdownText)'")
        }
        return RegressionInjection(
            phase: phase,
            allocationsPerFrame: try parsed.integer("inject-allocations", default: 0, in: 0...1_000),
            delayNanoseconds: try parsed.integer("inject-delay-ns", default: 0, in: 0...1_000_000_000),
            slowdown: slowdown,
            workIterations: try parsed.integer("inject-work", default: 0, in: 0...1_000_000_000))
    }
}
