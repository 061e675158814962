/// What to run and how to drive it.
public struct ProgramSettings: Sendable {
    /// The command and its arguments (the first is looked up on PATH unless it has a `/`).
    public var command: [String]
    public var cols: Int
    public var rows: Int
    /// TERM for the program.
    public var term: String
    public var script: KeyScript
    /// Silence that ends a frame outside synchronized updates, ns.
    public var quiescenceGap: UInt64 = 30_000_000
    /// No byte at all for this long while an input waits for its frame is
    /// a hang; a frame whose bytes keep coming this long is a flood, ns.
    public var timeout: UInt64 = 5_000_000_000
    /// How long start-up may take to draw and go quiet, ns; nil: 15 s, or
    /// the timeout when that is shorter (so `--timeout` bounds it). A
    /// program that draws nothing by then is measured from its first key.
    public var startTimeout: UInt64?
    /// How long after an input its first frame may begin and still answer
    /// it (and later frames still count for it), ns; nil: 1 s, or the
    /// timeout when shorter. A key with no frame by then is counted as
    /// unanswered, and a frame beginning later (a timer redraw) is not timed.
    public var answerWindow: UInt64?
    /// Closed loop: after an input's frames settle, the next input waits a
    /// further delay drawn uniformly from this range, ns, so a renderer
    /// on a timer (a 60 Hz tick is 16.7 ms) is sampled over its whole tick.
    public var spacing: ClosedRange<UInt64> = 0...20_000_000
    /// Seeds the spacing's draws: the same seed, the same spacing.
    public var seed: UInt64 = 1
    /// Output beyond this many bytes ends the run as flooded.
    public var byteLimit = 256 << 20
    /// Stop after this many frames answering inputs (nil: the whole script).
    public var frameLimit: Int?
    /// Keep each frame's screen text (for recordings).
    public var capturesText = false
    /// Extra environment (NAME=value), on top of the cleaned one.
    public var environment: [String: String] = [:]

    public static let defaultStartTimeout: UInt64 = 15_000_000_000
    public static let defaultAnswerWindow: UInt64 = 1_000_000_000

    /// The start-up wait in force.
    public var effectiveStartTimeout: UInt64 { startTimeout ?? min(Self.defaultStartTimeout, timeout) }
    /// The answer window in force.
    public var effectiveAnswerWindow: UInt64 { answerWindow ?? min(Self.defaultAnswerWindow, timeout) }

    public init(command: [String], cols: Int, rows: Int, term: String, script: KeyScript) {
        self.command = command
        self.cols = cols
        self.rows = rows
        self.term = term
        self.script = script
    }
}
