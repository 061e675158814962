import ProgramDriver

/// One run of one peer over one script, reduced to what the report shows.
public struct ShootoutMeasurement: Sendable, Codable {
    public var peer: String
    public var script: String
    public var round: Int
    /// "completed", or why the run stopped (hung, exited, flooded).
    public var outcome: String
    public var inputs: Int
    /// Per input answered: input to its last frame's completion, and to its first byte, ns.
    public var latencies: [Double]
    public var firstBytes: [Double]
    /// Inputs that no frame answered.
    public var unanswered: Int
    /// Per frame answering an input.
    public var bytesPerFrame: [Double]
    public var dirtyCellsPerFrame: [Double]
    public var fullRepaints: Int
    public var frames: Int
    /// The child's CPU time (start-up included: it is what wait4 gives) and peak resident set.
    public var cpuNanoseconds: Double
    /// The CPU time of the same peer's start-up alone (a run of the settle
    /// wait and no key, in the same round): subtracted for CPU per frame.
    public var startupCpuNanoseconds: Double = 0
    public var peakResidentBytes: Int
    /// Why the list rows are not the reference's (nil: the same after every input).
    public var mismatch: String?
    /// `MachineProbe.reading()` just before this run, ns (0: not taken).
    public var machineProbeNanoseconds: Double = 0
    /// Times this run was made again because a frame cut by the quiet gap made its rows (or the
    /// reference's) differ for one input (`ShootoutRunner.cutRetries` at most).
    public var retries = 0

    public var isCompleted: Bool { outcome == "completed" }

    public init(
        peer: String, script: String, round: Int, outcome: String, inputs: Int, latencies: [Double],
        firstBytes: [Double],
        unanswered: Int, bytesPerFrame: [Double], dirtyCellsPerFrame: [Double], fullRepaints: Int,
        frames: Int,
        cpuNanoseconds: Double, peakResidentBytes: Int, mismatch: String?
    ) {
        self.peer = peer
        self.script = script
        self.round = round
        self.outcome = outcome
        self.inputs = inputs
        self.latencies = latencies
        self.firstBytes = firstBytes
        self.unanswered = unanswered
        self.bytesPerFrame = bytesPerFrame
        self.dirtyCellsPerFrame = dirtyCellsPerFrame
        self.fullRepaints = fullRepaints
        self.frames = frames
        self.cpuNanoseconds = cpuNanoseconds
        self.peakResidentBytes = peakResidentBytes
        self.mismatch = mismatch
    }

    /// Reduces `run` (its start-up frames left out), its list rows checked
    /// against `reference`, the reference peer's run of the same script
    /// (nil: this is the reference).
    public init(peer: String, script: String, round: Int, run: ProgramRun, reference: [ProgramFrame]?) {
        var lastFrame: [Int: ProgramFrame] = [:]
        var firstFrame: [Int: ProgramFrame] = [:]
        let answering = run.inputFrames
        for frame in answering {
            let input = frame.input!
            lastFrame[input] = frame
            if firstFrame[input] == nil { firstFrame[input] = frame }
        }
        let answered = lastFrame.keys.sorted()
        var mismatch: String?
        if !run.outcome.isCompleted {
            mismatch = "the run did not complete (\(run.outcome))"
        } else if let reference {
            mismatch =
                SameScreenCheck.compare(run.frames, with: reference, inputs: run.inputs)?.description
        }
        self.init(
            peer: peer, script: script, round: round, outcome: run.outcome.description,
            inputs: run.inputs,
            latencies: answered.map { Double(lastFrame[$0]!.inputToComplete ?? 0) },
            firstBytes: answered.map { Double(firstFrame[$0]!.inputToFirstByte ?? 0) },
            unanswered: run.inputs - answered.count,
            bytesPerFrame: answering.map { Double($0.bytes) },
            dirtyCellsPerFrame: answering.map { Double($0.damage?.cells ?? 0) },
            fullRepaints: answering.filter { $0.damage?.isFullRepaint == true }.count,
            frames: answering.count, cpuNanoseconds: Double(run.cpuNanoseconds),
            peakResidentBytes: run.peakResidentBytes,
            mismatch: mismatch)
    }
}
