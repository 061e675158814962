/// One run's per-frame values: every metric's value for each measured
/// frame, in frame order. Runs are the unit timing comparisons are judged
/// on (frames of one run share its machine state), and keeping every
/// metric's frames lets results of several runs pool exactly.
///
/// A run longer than `FrameSamples.exactFrameLimit` frames keeps its
/// metrics as `distributions` instead (percentiles within
/// `FrameDistribution.relativeError`), so a results file stays bounded
/// whatever the frame count; a metric is in one of the two, never both.
public struct RunSamples: Codable, Equatable, Sendable {
    /// Each per-frame metric's value for every measured frame, in the
    /// metric's unit (written under the metric's name: `frame_time_ns`).
    public var frames: [Metric: [Int]]
    /// Each metric's distribution of its frames, for runs past the limit.
    public var distributions: [Metric: FrameDistribution]

    enum CodingKeys: String, CodingKey { case frames, distributions }

    public init(frames: [Metric: [Int]], distributions: [Metric: FrameDistribution] = [:]) {
        self.frames = frames
        self.distributions = distributions
    }

    /// A name that is no per-frame metric is an `UnknownResultName`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let problem = { (name: String) in "'\(name)' is not a per-frame metric" }
        frames = try UnknownResultName.keyed(
            container.decode([String: [Int]].self, forKey: .frames), section: "frames", at: decoder.codingPath,
            kinds: Metric.Kind.perFrame, problem: problem)
        distributions = try UnknownResultName.keyed(
            container.decodeIfPresent([String: FrameDistribution].self, forKey: .distributions) ?? [:],
            section: "distributions", at: decoder.codingPath, kinds: Metric.Kind.perFrame, problem: problem)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frames, forKey: .frames)
        if !distributions.isEmpty { try container.encode(distributions, forKey: .distributions) }
    }

    /// The metric's frames in order; empty when only its distribution was kept.
    public subscript(metric: Metric) -> [Double] {
        frames[metric]?.map(Double.init) ?? []
    }

    /// The run's median of a metric (from its distribution past the limit).
    public func median(_ metric: Metric) -> Double? {
        if let distribution = distributions[metric] { return distribution.percentile(0.5) }
        let values = self[metric]
        return values.isEmpty ? nil : Summary(values).p50
    }

    /// Whether this run kept distributions rather than frames.
    public var isSummarized: Bool { !distributions.isEmpty }
}
