import Foundation
import ProgramDriver

/// A program run (`framebench program`, suite entries with `"program"`) as
/// a schema-2 scenario report, so baselines, compare, check and
/// compare-branches treat it like any other run.
///
/// The mapping onto the metric contract, per input that was answered
/// (start-up frames are not measured, like warm-up frames; unanswered
/// inputs and unattributed frames are counted, never timed):
/// - `frame_time_ns`: input sent to its first frame complete (sync end
///   marker, or the frame's last byte before the quiescence gap): the
///   terminal round trip the user waits for. Budgets, hitch ratio and
///   histogram use it. Input to settled (its last frame complete) is in
///   the `program` object (`input_to_settled_ns`).
/// - `render_ns`: that first frame's first byte to its completion (stage
///   "first byte to frame complete"), so input to first byte, the program's
///   own reaction time, is `frame_time_ns - render_ns` input by input.
/// - `bytes_per_frame`: bytes the program wrote in answer to the input
///   (all its frames, bytes after a sync end included).
/// - `dirty_cells_per_frame`, `dirty_rows_per_frame`: cells and rows the
///   first frame touched in libvterm (printed, erased or scrolled).
/// - `scroll_operations_per_frame`: rectangle moves (scrolls) libvterm made.
/// - `peak_rss_bytes`: the child's peak resident set (wait4), not ours.
/// Per-run figures with no metric of their own (time to first frame,
/// frames per input, child CPU time, full repaints, outcome) are in the
/// report's `program` object.
///
/// What a program run does not measure is said, never zero: its
/// allocations happen in its own process (`unmeasured`: "not measured" in
/// reports, never compared); it has no phases and no instruction counts
/// (no rows at all).
public enum ProgramReport {
    public static let backend = ResultBackend.program
    public static let stage = "first byte to frame complete"

    /// The metrics a program run has values for.
    public static let metrics: [Metric] = [
        .frameTime, .renderTime, .bytes, .dirtyCells, .dirtyRows, .scrollOperations,
    ]
    /// Metrics a program run reports as "not measured": the program's
    /// allocations are its own process's, which no probe of ours sees.
    public static let unmeasured: [Metric] = [.allocations, .allocatedBytes]

    /// One scenario report from `runs` of the same program and script.
    /// - Parameter declaredCommand: the command as declared (`{bin}` left
    ///   in), which names the scenario; the command that ran by default.
    public static func scenario(
        name: String, runs: [ProgramRun], frameBudgetNanoseconds: Double = RunDefaults.frameBudgetNanoseconds,
        declaredCommand: [String]? = nil
    ) -> ScenarioReport {
        precondition(!runs.isEmpty, "a report needs at least one run")
        let samples = runs.map(samples(of:))
        let pooled = RunSamples(frames: samples.reduce(into: [:]) { $0.merge($1.frames) { $0 + $1 } })
        var metrics: [Metric: Summary] = [:]
        for (metric, values) in pooled.frames where !values.isEmpty {
            metrics[metric] = Summary(values.map(Double.init))
        }
        let times = pooled[.frameTime]
        let first = runs[0].settings
        let settings = ScenarioSettings(
            scenario: (declaredCommand ?? first.command).joined(separator: " "), script: first.script.oneLine,
            frames: first.frameLimit.map { min($0, first.script.inputCount) } ?? first.script.inputCount, cols: first.cols, rows: first.rows, feedItems: 0,
            seed: 0, term: first.term, warmUpFrames: 0, repeats: runs.count,
            synchronizedOutput: runs.contains { $0.usesSynchronizedUpdates }, scrollRegions: false,
            eraseAndRepeat: false)
        var report = ScenarioReport(
            name: name, backend: backend, stage: stage, settings: settings, metrics: metrics,
            histogram: Histogram(values: times),
            budget: FrameBudget.evaluate(frameTimes: times, budget: frameBudgetNanoseconds),
            frameBudgetNanoseconds: frameBudgetNanoseconds, runs: samples,
            peakResidentBytes: runs.map(\.peakResidentBytes).max() ?? 0, unmeasured: unmeasured)
        report.program = ProgramFigures(runs)
        return report
    }

    /// A results document holding `scenarios`, stamped with this machine and commit.
    public static func document(suite: String?, scenarios: [ScenarioReport]) -> RunDocument {
        RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: ISO8601DateFormatter().string(from: Date()),
            machine: .current(), git: .current(), suite: suite, scenarios: scenarios)
    }

    /// One run's per-answer values of the metrics above.
    static func samples(of run: ProgramRun) -> RunSamples {
        let answered = run.sentInputs.filter { $0.firstFrame != nil }
        let frames = answered.map { run.frames[$0.firstFrame!] }
        var values: [Metric: [Int]] = [
            .frameTime: zip(answered, frames).map { Int($1.completeTime &- $0.sentTime) },
            .renderTime: frames.map { Int($0.completeTime - $0.firstByteTime) },
            .bytes: answered.map { input in
                run.frames[input.firstFrame!...input.lastFrame!].filter { $0.input == input.index }.reduce(0) { $0 + $1.bytes }
            },
        ]
        if frames.allSatisfy({ $0.damage != nil }) {
            values[.dirtyCells] = frames.map { $0.damage!.cells }
            values[.dirtyRows] = frames.map { $0.damage!.rows }
            values[.scrollOperations] = frames.map { $0.damage!.scrolls }
        }
        return RunSamples(frames: values)
    }
}

/// The per-run figures of program runs that the metric list has no place
/// for; each list has one entry per run, in run order.
public struct ProgramFigures: Codable, Equatable, Sendable {
    public var command: [String]
    /// How each run ended: "completed", or why not.
    public var outcomes: [String]
    /// Start to the end of the first frame, ns (-1: no frame).
    public var timeToFirstFrameNs: [Int]
    public var framesPerInput: [Double]
    public var childCPUNs: [Int]
    public var childPeakRSSBytes: [Int]
    /// Frames answering an input that touched every cell.
    public var fullRepaints: [Int]
    /// Reads per frame (mean): the program's writes as the pty delivered them.
    public var readsPerFrame: [Double]
    public var quiescenceGapNs: Int
    public var usesSynchronizedUpdates: Bool
    /// Inputs sent (keys and resizes) in each run; nil in files written before it was recorded.
    public var inputs: [Int]?
    /// How each run's child ended ("exit status 0", "signal 1"; "" when not reaped).
    public var exits: [String]?
    /// Per run, per answered input: input to its last frame complete, ns
    /// (nil in files written before inputs were answered by several frames).
    public var inputToSettledNs: [[Int]]?
    /// Per run: inputs that expected a frame and got none in the answer window.
    public var unansweredInputs: [[Int]]?
    /// Per run: why its figures may be wrong, in words (`--strict` fails on any).
    public var doubts: [[String]]?
    /// Per run: what it saw that changes no figure.
    public var notes: [[String]]?
    /// Per run, open loop: the most inputs waiting unanswered at once.
    public var maxBacklog: [Int]?
    /// How long an input's answer may take to begin, ns; the closed loop's
    /// spacing range [low, high], ns, and its seed; the start-up wait, ns.
    public var answerWindowNs: Int?
    public var spacingNs: [Int]?
    public var spacingSeed: Int?
    public var startTimeoutNs: Int?

    /// Adds another result's runs (pooled rounds, `merge`), in order.
    public mutating func append(_ other: ProgramFigures) {
        outcomes += other.outcomes
        timeToFirstFrameNs += other.timeToFirstFrameNs
        framesPerInput += other.framesPerInput
        childCPUNs += other.childCPUNs
        childPeakRSSBytes += other.childPeakRSSBytes
        fullRepaints += other.fullRepaints
        readsPerFrame += other.readsPerFrame
        usesSynchronizedUpdates = usesSynchronizedUpdates || other.usesSynchronizedUpdates
        if let more = other.inputs { inputs = (inputs ?? []) + more }
        if let more = other.exits { exits = (exits ?? []) + more }
        if let more = other.inputToSettledNs { inputToSettledNs = (inputToSettledNs ?? []) + more }
        if let more = other.unansweredInputs { unansweredInputs = (unansweredInputs ?? []) + more }
        if let more = other.doubts { doubts = (doubts ?? []) + more }
        if let more = other.notes { notes = (notes ?? []) + more }
        if let more = other.maxBacklog { maxBacklog = (maxBacklog ?? []) + more }
    }

    /// Every doubt of every run, as "run k: words".
    public var allDoubts: [String] {
        (doubts ?? []).enumerated().flatMap { run, words in words.map { "run \(run + 1): \($0)" } }
    }

    /// The outcome of a run that ran its whole script.
    public static let completed = ProgramOutcome.completed.description

    enum CodingKeys: String, CodingKey {
        case command, outcomes
        case timeToFirstFrameNs = "time_to_first_frame_ns"
        case framesPerInput = "frames_per_input"
        case childCPUNs = "child_cpu_ns"
        case childPeakRSSBytes = "child_peak_rss_bytes"
        case fullRepaints = "full_repaints"
        case readsPerFrame = "reads_per_frame"
        case quiescenceGapNs = "quiescence_gap_ns"
        case usesSynchronizedUpdates = "uses_synchronized_updates"
        case inputs, exits
        case inputToSettledNs = "input_to_settled_ns"
        case unansweredInputs = "unanswered_inputs"
        case doubts, notes
        case maxBacklog = "max_backlog"
        case answerWindowNs = "answer_window_ns"
        case spacingNs = "spacing_ns"
        case spacingSeed = "spacing_seed"
        case startTimeoutNs = "start_timeout_ns"
    }

    init(_ runs: [ProgramRun]) {
        command = runs[0].settings.command
        outcomes = runs.map(\.outcome.description)
        timeToFirstFrameNs = runs.map { $0.timeToFirstFrame.map { Int($0) } ?? -1 }
        framesPerInput = runs.map(\.framesPerInput)
        childCPUNs = runs.map { Int($0.cpuNanoseconds) }
        childPeakRSSBytes = runs.map(\.peakResidentBytes)
        fullRepaints = runs.map { $0.firstFrames.filter { $0.damage?.isFullRepaint == true }.count }
        readsPerFrame = runs.map { run in
            let frames = run.inputFrames
            return frames.isEmpty ? 0 : Double(frames.reduce(0) { $0 + $1.readCalls }) / Double(frames.count)
        }
        quiescenceGapNs = Int(runs[0].settings.quiescenceGap)
        usesSynchronizedUpdates = runs.contains { $0.usesSynchronizedUpdates }
        inputs = runs.map(\.inputs)
        exits = runs.map { $0.exit?.description ?? "" }
        inputToSettledNs = runs.map { $0.answers.map { Int($0.settled) } }
        unansweredInputs = runs.map(\.unansweredInputs)
        doubts = runs.map(\.doubts)
        notes = runs.map(\.notes)
        maxBacklog = runs.map(\.maxBacklog)
        let settings = runs[0].settings
        answerWindowNs = Int(settings.effectiveAnswerWindow)
        spacingNs = [Int(settings.spacing.lowerBound), Int(settings.spacing.upperBound)]
        spacingSeed = Int(truncatingIfNeeded: settings.seed)
        startTimeoutNs = Int(settings.effectiveStartTimeout)
    }
}
