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
    /// How long an input may wait for its first byte, and a frame for its
    /// end while bytes keep coming, ns.
    public var timeout: UInt64 = 5_000_000_000
    /// How long the program may take to draw its first frame, ns.
    public var startTimeout: UInt64 = 15_000_000_000
    /// Output beyond this many bytes ends the run as flooded.
    public var byteLimit = 256 << 20
    /// Stop after this many frames answering inputs (nil: the whole script).
    public var frameLimit: Int?
    /// Keep each frame's screen text (for recordings).
    public var capturesText = false
    /// Extra environment (NAME=value), on top of the cleaned one.
    public var environment: [String: String] = [:]

    public init(command: [String], cols: Int, rows: Int, term: String, script: KeyScript) {
        self.command = command
        self.cols = cols
        self.rows = rows
        self.term = term
        self.script = script
    }
}
