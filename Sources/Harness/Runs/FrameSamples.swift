/// Per-frame measurements of one backend over a run, after warm-up: one
/// column per `Metric`.
public struct FrameSamples: Sendable {
    private var columns: [[Double]] = Array(repeating: [], count: Metric.allCases.count)

    /// Per measured frame: the process's involuntary context switches
    /// (`getrusage`'s `ru_nivcsw`) while it ran, so a frame the machine took
    /// the processor from can be told from a slow frame of ours. Not a
    /// `Metric`: it is the machine's, never compared or budgeted.
    public internal(set) var preemptions: [Double] = []

    public init() {}

    public subscript(metric: Metric) -> [Double] {
        get { columns[metric.index] }
        set { columns[metric.index] = newValue }
    }

    @inline(__always)
    mutating func append(_ value: Double, to metric: Metric) {
        columns[metric.index].append(value)
    }

    @inline(__always)
    mutating func append(_ value: UInt64, to metric: Metric) {
        columns[metric.index].append(Double(value))
    }

    /// Our lane's frame from its clock reads: the whole frame, the render
    /// stage (diff+encode) and each phase (update, layout, diff, encode, write).
    @inline(__always)
    mutating func recordTimes(start: UInt64, updated: UInt64, drawn: UInt64, diffed: UInt64, encoded: UInt64, end: UInt64) {
        append(end - start, to: .frameTime)
        append(encoded - drawn, to: .renderTime)
        append(updated - start, to: .updateTime)
        append(drawn - updated, to: .layoutTime)
        append(diffed - drawn, to: .diffTime)
        append(encoded - diffed, to: .encodeTime)
        append(end - encoded, to: .writeTime)
    }

    /// The ncurses lane's frame from its clock reads: the whole frame, the
    /// render stage (wnoutrefresh+doupdate) and update, layout and transfer.
    @inline(__always)
    mutating func recordTimes(start: UInt64, updated: UInt64, drawn: UInt64, transferred: UInt64, end: UInt64) {
        append(end - start, to: .frameTime)
        append(end - transferred, to: .renderTime)
        append(updated - start, to: .updateTime)
        append(drawn - updated, to: .layoutTime)
        append(transferred - drawn, to: .transferTime)
    }

    /// A phase's allocation count and bytes for one frame.
    @inline(__always)
    mutating func record(_ phase: FramePhase, _ allocated: (allocations: UInt64, bytes: UInt64)) {
        let metrics = Metric.allocations(of: phase)
        append(allocated.allocations, to: metrics.count)
        append(allocated.bytes, to: metrics.bytes)
    }

    mutating func reserve(_ count: Int) {
        for index in columns.indices { columns[index].reserveCapacity(count) }
        preemptions.reserveCapacity(count)
    }

    /// The frame times of frames no involuntary context switch fell in
    /// (all of them when preemptions were not counted), and how many did.
    public func frameTimesNotPreempted() -> (times: [Double], preempted: Int) {
        let times = self[.frameTime]
        guard preemptions.count == times.count else { return (times, 0) }
        var kept: [Double] = []
        kept.reserveCapacity(times.count)
        for (time, switches) in zip(times, preemptions) where switches == 0 { kept.append(time) }
        return (kept, times.count - kept.count)
    }

    /// Appends another run's frames (repeats of one scenario pool their frames).
    mutating func append(contentsOf other: FrameSamples) {
        for index in columns.indices { columns[index].append(contentsOf: other.columns[index]) }
        preemptions.append(contentsOf: other.preemptions)
    }

    /// Frames measured.
    public var frames: Int { columns[Metric.frameTime.index].count }

    /// The columns of `metrics` as one run's record.
    func record(of metrics: [Metric]) -> RunSamples {
        var frames: [String: [Int]] = [:]
        for metric in metrics where !self[metric].isEmpty {
            frames[metric.rawValue] = self[metric].map { Int($0) }
        }
        return RunSamples(frames: frames)
    }
}

/// Samples as they cross from a child process to its parent (`IsolatedRun`):
/// each measured column by its metric's name, and the preemption counts,
/// every value as measured (ns, counts and bytes are whole numbers; a Double
/// holds them exactly up to 2^53).
extension FrameSamples: Codable {
    enum CodingKeys: String, CodingKey { case frames, preemptions }

    public init(from decoder: Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for (name, values) in try container.decode([String: [Double]].self, forKey: .frames) {
            guard let metric = Metric(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .frames, in: container, debugDescription: "unknown metric '\(name)'")
            }
            self[metric] = values
        }
        preemptions = try container.decodeIfPresent([Double].self, forKey: .preemptions) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var frames: [String: [Double]] = [:]
        for metric in Metric.allCases where !self[metric].isEmpty { frames[metric.rawValue] = self[metric] }
        try container.encode(frames, forKey: .frames)
        if !preemptions.isEmpty { try container.encode(preemptions, forKey: .preemptions) }
    }
}
