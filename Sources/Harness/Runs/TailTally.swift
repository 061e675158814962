/// The tail `TailTargets` judge, split frame by frame once a run is past
/// `FrameSamples.exactFrameLimit` and its frames are no longer kept: the
/// frames neither resized nor preempted as a distribution (percentiles
/// within `FrameDistribution.relativeError`), the resized frames' times
/// (a few a run), and a count of the preempted ones. Started from the
/// kept frames when the run passes the limit, so every frame is in it once.
public struct TailTally: Sendable, Equatable, Codable {
    public private(set) var steady = FrameDistribution()
    public private(set) var resized: [Double] = []
    public private(set) var preempted = 0
    /// Whether the frames' involuntary context switches were counted (our lane's are).
    public private(set) var preemptionsCounted = false

    enum CodingKeys: String, CodingKey {
        case steady, resized, preempted
        case preemptionsCounted = "preemptions_counted"
    }

    public init() {}

    init(steady: FrameDistribution, resized: [Double], preempted: Int, preemptionsCounted: Bool) {
        self.steady = steady
        self.resized = resized
        self.preempted = preempted
        self.preemptionsCounted = preemptionsCounted
    }

    /// One frame: apart when it resized the terminal, else counted when the
    /// machine preempted it (nil: not known), else in the tail.
    mutating func add(_ time: Double, preempted wasPreempted: Bool?, resized wasResized: Bool) {
        if wasResized {
            resized.append(time)
        } else if wasPreempted == true {
            preempted += 1
        } else {
            steady.add(time)
        }
    }

    /// Pools another run's tally (repeats of one scenario).
    mutating func merge(_ other: TailTally) {
        steady.merge(other.steady)
        resized += other.resized
        preempted += other.preempted
        preemptionsCounted = preemptionsCounted || other.preemptionsCounted
    }

    /// The figures a report judges.
    var split: Split {
        Split(
            steady: Summary(steady), steadyFrames: steady.count, resized: resized,
            preempted: preemptionsCounted ? preempted : nil, fromDistribution: true)
    }

    /// The tail of a run as `TailVerdict` reads it, from its frames or a tally.
    public struct Split: Sendable {
        /// The frames neither resized nor preempted.
        public var steady: Summary
        public var steadyFrames: Int
        /// The resized frames' times.
        public var resized: [Double]
        /// Frames the machine preempted (not resized); nil when not counted.
        public var preempted: Int?
        /// Whether `steady`'s percentiles come from a distribution (past the limit).
        public var fromDistribution: Bool
    }
}
