/// One run's per-frame values: every metric's value for each measured
/// frame, in frame order. Runs are the unit timing comparisons are judged
/// on (frames of one run share its machine state), and keeping every
/// metric's frames lets results of several runs pool exactly.
public struct RunSamples: Codable, Equatable, Sendable {
    /// Metric name (`frame_time_ns`, `layout_allocations`, ...) to one value
    /// per measured frame, in the metric's unit.
    public var frames: [String: [Int]]

    public init(frames: [String: [Int]]) { self.frames = frames }

    public subscript(metric: Metric) -> [Double] {
        frames[metric.rawValue]?.map(Double.init) ?? []
    }

    /// The run's median of a metric.
    public func median(_ metric: Metric) -> Double? {
        let values = self[metric]
        return values.isEmpty ? nil : Summary(values).p50
    }
}
