import Foundation

/// What a results file says when a scenario's frames were too many to keep
/// one by one (`FrameSamples.exactFrameLimit`): its percentiles come from
/// log-bucketed distributions, within `relativeError` of the exact values;
/// count, minimum, maximum, mean, standard deviation and the frame budget's
/// figures stay exact. Written as `summarized_frames` (results schema 2).
public struct FrameSummaryNote: Codable, Equatable, Sendable {
    /// Frames a run keeps one by one.
    public var exactFrameLimit: Int
    /// The largest relative distance of a percentile from the exact one.
    public var relativeError: Double
    /// Measured frames of the scenario, over all its runs.
    public var frames: Int

    enum CodingKeys: String, CodingKey {
        case exactFrameLimit = "exact_frame_limit"
        case relativeError = "relative_error"
        case frames
    }

    public init(frames: Int) {
        exactFrameLimit = FrameSamples.exactFrameLimit
        relativeError = FrameDistribution.relativeError
        self.frames = frames
    }

    /// One line for reports: where the figures come from and how close they are.
    public var text: String {
        "\(frames) frames, more than the \(exactFrameLimit) a run keeps one by one: percentiles from a log-bucketed distribution, within \(String(format: "%.2f", relativeError * 100))% of the exact values (count, min, max, mean, stddev and budget figures exact; per-frame series and frame-level tests not available)"
    }
}
