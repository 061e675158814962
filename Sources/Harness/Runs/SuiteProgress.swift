/// Where a suite run stands, for a progress line: the benchmark being run,
/// how many of the suite's frames are done, and how long the rest should
/// take at the pace so far.
///
/// Runs happen in child processes, which tell their frames done as they go
/// (`ChildProgress`, up to 10 times a second): `framesDone` moves during a
/// run, and by the rest of its frames when it ends (warm-up included).
public struct SuiteProgress: Equatable, Sendable {
    /// The benchmark starting now; empty once every run is done.
    public var benchmark: String
    public var runsDone: Int
    public var runsTotal: Int
    public var framesDone: Int
    public var framesTotal: Int
    /// Seconds since the suite started.
    public var elapsedSeconds: Double

    public init(benchmark: String, runsDone: Int, runsTotal: Int, framesDone: Int, framesTotal: Int, elapsedSeconds: Double) {
        self.benchmark = benchmark
        self.runsDone = runsDone
        self.runsTotal = runsTotal
        self.framesDone = framesDone
        self.framesTotal = framesTotal
        self.elapsedSeconds = elapsedSeconds
    }

    public var isFinished: Bool { runsDone >= runsTotal }

    /// Seconds left at the pace so far (frames per second over the runs
    /// done); nil before the first run ends, when there is no pace yet.
    public var estimatedSecondsLeft: Double? {
        guard framesDone > 0, elapsedSeconds > 0 else { return nil }
        return Double(max(0, framesTotal - framesDone)) * elapsedSeconds / Double(framesDone)
    }
}
