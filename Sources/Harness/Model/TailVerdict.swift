import Workloads

/// Our lane's tail against its workload's `TailTargets`: p99, p99.9 and
/// max of the frames that neither resized the terminal nor were preempted
/// by the machine, each with its verdict; the resized frames apart; and,
/// when the run had the ncurses lane too, our median frame over ncurses'
/// output stage's. Figures, never asserted (times are the machine's): the
/// text, JSON, Markdown and HTML reports all show this one verdict.
public struct TailVerdict: Equatable, Sendable {
    public var targets: TailTargets
    /// Frames judged (neither resized nor preempted), of `measuredFrames`.
    public var frames: Int
    public var measuredFrames: Int
    /// Whole frame, ns.
    public var p99: Double
    public var p999: Double
    public var max: Double
    /// The frames that resized the terminal, shown apart.
    public var resized: Resized?
    /// Frames the machine preempted (not resized); nil when not counted.
    public var preempted: Int?
    /// Whether the percentiles come from a distribution (a run past
    /// `FrameSamples.exactFrameLimit`), within `FrameDistribution.relativeError`.
    public var fromDistribution: Bool
    /// Our whole frame's p50 over ncurses' output stage's p50; nil without the ncurses lane.
    public var p50RatioToNcursesOutput: Double?

    /// How many frames resized the terminal, their median and their slowest (ns).
    public struct Resized: Codable, Equatable, Sendable {
        public var count: Int
        public var p50: Double
        public var max: Double

        enum CodingKeys: String, CodingKey {
            case count
            case p50 = "p50_ns"
            case max = "max_ns"
        }
    }

    /// The verdict on a run's split tail; nil when no frame is left to judge.
    public init?(_ split: TailTally.Split, targets: TailTargets, measuredFrames: Int, ratio: Double?) {
        guard split.steadyFrames > 0 else { return nil }
        self.targets = targets
        frames = split.steadyFrames
        self.measuredFrames = measuredFrames
        p99 = split.steady.p99
        p999 = split.steady.p999
        max = split.steady.max
        resized = split.resized.isEmpty
            ? nil : Resized(count: split.resized.count, p50: Summary(split.resized).p50, max: split.resized.max()!)
        preempted = split.preempted
        fromDistribution = split.fromDistribution
        p50RatioToNcursesOutput = ratio
    }

    public var p99Met: Bool { p99 <= targets.p99 }
    public var p999Met: Bool { p999 <= targets.p999 }
    public var maxMet: Bool { max <= targets.max }
    /// Nil without the ncurses lane.
    public var p50RatioMet: Bool? { p50RatioToNcursesOutput.map { $0 <= targets.p50RatioToNcursesOutput } }
    /// Every target judged was met.
    public var allMet: Bool { p99Met && p999Met && maxMet && p50RatioMet != false }
}

/// In results files under `tail`: the figures, the targets and each
/// verdict (`p99_met`...), so a script reads the verdict without working
/// it out. Read back, the verdicts are worked out again from the figures.
extension TailVerdict: Codable {
    enum CodingKeys: String, CodingKey {
        case targets, frames, resized, preempted
        case measuredFrames = "measured_frames"
        case p99 = "p99_ns"
        case p999 = "p999_ns"
        case max = "max_ns"
        case fromDistribution = "from_distribution"
        case p50RatioToNcursesOutput = "p50_ratio_to_ncurses_output"
        case p99Met = "p99_met"
        case p999Met = "p999_met"
        case maxMet = "max_met"
        case p50RatioMet = "p50_ratio_met"
        case allMet = "all_met"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        targets = try container.decode(TailTargets.self, forKey: .targets)
        frames = try container.decode(Int.self, forKey: .frames)
        measuredFrames = try container.decode(Int.self, forKey: .measuredFrames)
        p99 = try container.decode(Double.self, forKey: .p99)
        p999 = try container.decode(Double.self, forKey: .p999)
        max = try container.decode(Double.self, forKey: .max)
        resized = try container.decodeIfPresent(Resized.self, forKey: .resized)
        preempted = try container.decodeIfPresent(Int.self, forKey: .preempted)
        fromDistribution = try container.decodeIfPresent(Bool.self, forKey: .fromDistribution) ?? false
        p50RatioToNcursesOutput = try container.decodeIfPresent(Double.self, forKey: .p50RatioToNcursesOutput)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(targets, forKey: .targets)
        try container.encode(frames, forKey: .frames)
        try container.encode(measuredFrames, forKey: .measuredFrames)
        try container.encode(p99, forKey: .p99)
        try container.encode(p999, forKey: .p999)
        try container.encode(max, forKey: .max)
        try container.encodeIfPresent(resized, forKey: .resized)
        try container.encodeIfPresent(preempted, forKey: .preempted)
        try container.encode(fromDistribution, forKey: .fromDistribution)
        try container.encodeIfPresent(p50RatioToNcursesOutput, forKey: .p50RatioToNcursesOutput)
        try container.encode(p99Met, forKey: .p99Met)
        try container.encode(p999Met, forKey: .p999Met)
        try container.encode(maxMet, forKey: .maxMet)
        try container.encodeIfPresent(p50RatioMet, forKey: .p50RatioMet)
        try container.encode(allMet, forKey: .allMet)
    }
}
