import FrameGrid
import ProgramDriver
import Workloads

/// Where run settings were given, so that a message names the place as the
/// user wrote it: `--frames` on the command line, `frames` of a benchmark in
/// a suites file.
public enum SettingOrigin: Sendable, Equatable {
    case commandLine
    /// A suites file's entry; `context` says which (`FILE: benchmark 'NAME'`).
    case suiteFile(context: String)

    /// The setting as this origin spells it, the place first.
    public func name(_ setting: RunSettingName) -> String {
        switch self {
        case .commandLine: return setting.option
        case .suiteFile(let context): return "\(context): \(setting.key)"
        }
    }

    /// `error` with the place in front (the command line's errors name their option already).
    func placed(_ error: Error) -> Error {
        switch self {
        case .commandLine: return error
        case .suiteFile(let context): return UsageError("\(context): \(error)")
        }
    }
}

/// A run setting both the command line and suites files give, by its name
/// in each: its raw value is its key in a suites file's entry.
public enum RunSettingName: String, Sendable, CaseIterable {
    case script, frames, size, seed, feed, repeats, term, backend
    case frameBudget = "frame_budget_ms"

    /// Its key in a suites file's entry.
    public var key: String { rawValue }

    /// Its command-line option.
    public var option: String {
        switch self {
        case .repeats: return "--repeat"
        case .frameBudget: return "--frame-budget"
        default: return "--\(rawValue)"
        }
    }
}

/// Run settings as given, before they are checked: the command line's option
/// texts, or a suites file entry's values written as text. Both go through
/// `RunSettings.applying(_:)`, the one check of run settings, so a value is
/// refused by the same range with the same message whichever way it came.
public struct RunSettingsInput: Sendable {
    public var origin: SettingOrigin
    public var script: String?
    public var frames: String?
    /// `COLSxROWS`.
    public var size: String?
    public var seed: String?
    public var feed: String?
    /// A feed file's path (command line only); the workload opens it.
    public var feedFile: String?
    public var repeats: String?
    public var term: String?
    public var backend: String?
    /// Frames left out of the statistics (command line only); when absent and
    /// `frames` is given, the default for that many frames.
    public var warmUp: String?
    /// The frame budget, ms (parsed: a suites file gives a JSON number).
    public var frameBudgetMilliseconds: Double?
    public var synchronizedOutput = false
    public var withoutEraseAndRepeat = false
    public var withoutScrollRegions = false

    public init(origin: SettingOrigin) { self.origin = origin }

    /// A whole number in `range`; `text` as given, underscores allowed (`1_000_000`).
    public func wholeNumber(_ text: String, _ setting: RunSettingName, in range: ClosedRange<Int>) throws -> Int {
        try RunSettingsInput.wholeNumber(text, named: origin.name(setting), in: range)
    }

    static func wholeNumber(_ text: String, named name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), range.contains(value) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// `script` is one of workload `name`'s scripts.
    func checkScript(_ script: String, of name: String, in catalog: WorkloadCatalog) throws {
        let entry: WorkloadEntry
        do { entry = try catalog.entry(name) } catch { throw origin.placed(error) }
        guard entry.scripts.contains(script) else {
            throw UsageError(
                "\(origin.name(.script)) '\(script)' is unknown for \(name)\(Suggestion.clause(for: script, in: entry.scripts)) (known: \(entry.scripts.joined(separator: ", ")))")
        }
    }

    /// A frame budget in ms as ns, in `FrameBudget.millisecondsRange`.
    public func frameBudgetNanoseconds(_ milliseconds: Double) throws -> Double {
        try FrameBudget.nanoseconds(fromMilliseconds: milliseconds, what: origin.name(.frameBudget))
    }

    /// A terminal size, `COLSxROWS`.
    public func parsedSize(_ text: String) throws -> Size {
        try Size(parsing: text, what: origin.name(.size))
    }

    public func parsedBackend(_ text: String) throws -> Backend {
        guard let backend = Backend(rawValue: text) else {
            throw UsageError(
                "\(origin.name(.backend)) must be framebench, ncurses or both, not '\(text)'\(Suggestion.clause(for: text, in: Backend.allCases.map(\.rawValue)))")
        }
        return backend
    }
}

extension RunSettings {
    /// These settings with every value `input` gives in its place, each
    /// checked: the one check of run settings, for the command line and
    /// suites files alike.
    /// - Throws: `UsageError` naming the setting as its origin spells it, and the bad value.
    public func applying(_ input: RunSettingsInput) throws -> RunSettings {
        var settings = self
        if let script = input.script { settings.script = script }
        try input.checkScript(settings.script, of: workload, in: catalog)
        if let frames = input.frames { settings.frames = try input.wholeNumber(frames, .frames, in: RunDefaults.frameRange) }
        if let size = input.size { settings.workloadSettings.size = try input.parsedSize(size) }
        if let seed = input.seed { settings.workloadSettings.seed = UInt64(try input.wholeNumber(seed, .seed, in: 0...Int.max)) }
        if let feed = input.feed {
            settings.workloadSettings.feedItems = try input.wholeNumber(feed, .feed, in: RunDefaults.feedRange)
        }
        if let file = input.feedFile { settings.workloadSettings.feedFile = file }
        if let repeats = input.repeats { settings.repeats = try input.wholeNumber(repeats, .repeats, in: RunDefaults.repeatRange) }
        if let term = input.term { settings.term = term }
        if let backend = input.backend { settings.backend = try input.parsedBackend(backend) }
        if input.synchronizedOutput { settings.encoderOptions.synchronizedOutput = true }
        if input.withoutEraseAndRepeat { settings.encoderOptions.usesEraseAndRepeat = false }
        if input.withoutScrollRegions { settings.encoderOptions.usesScrollRegions = false }
        if let warmUp = input.warmUp {
            settings.warmUpFrames = try RunSettingsInput.wholeNumber(warmUp, named: "--warm-up", in: 0...(settings.frames - 1))
        } else if input.frames != nil {
            settings.warmUpFrames = RunDefaults.warmUpFrames(forFrames: settings.frames)
        }
        if let budget = input.frameBudgetMilliseconds { settings.frameBudgetNanoseconds = try input.frameBudgetNanoseconds(budget) }
        return settings
    }
}

extension ProgramBenchmark {
    /// This program benchmark with the run settings it shares with scenes
    /// (`size`, `term`, `frames`: frames answering inputs, then stop,
    /// `repeats`, the frame budget) taken from `input`, checked as a scene's
    /// are; the settings about our own renderer leave it alone.
    public func applying(_ input: RunSettingsInput) throws -> ProgramBenchmark {
        var benchmark = self
        if let text = input.size {
            let size = try input.parsedSize(text)
            try ProgramBenchmark.checkSize(size, what: input.origin.name(.size))
            (benchmark.settings.cols, benchmark.settings.rows) = (size.cols, size.rows)
        }
        if let term = input.term { benchmark.settings.term = term }
        if let frames = input.frames {
            benchmark.settings.frameLimit = try input.wholeNumber(frames, .frames, in: RunDefaults.frameRange)
        }
        if let repeats = input.repeats { benchmark.repeats = try input.wholeNumber(repeats, .repeats, in: RunDefaults.repeatRange) }
        if let budget = input.frameBudgetMilliseconds { benchmark.frameBudgetNanoseconds = try input.frameBudgetNanoseconds(budget) }
        return benchmark
    }
}
