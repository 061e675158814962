/// Per-frame measurements of one backend over a run, after warm-up: one
/// column per `Metric`.
public struct FrameSamples: Sendable {
    private var columns: [[Double]] = Array(repeating: [], count: Metric.allCases.count)

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

    /// A phase's allocation count and bytes for one frame.
    @inline(__always)
    mutating func record(_ phase: FramePhase, _ allocated: (allocations: UInt64, bytes: UInt64)) {
        let metrics = Metric.allocations(of: phase)
        append(allocated.allocations, to: metrics.count)
        append(allocated.bytes, to: metrics.bytes)
    }

    mutating func reserve(_ count: Int) {
        for index in columns.indices { columns[index].reserveCapacity(count) }
    }

    /// Appends another run's frames (repeats of one scenario pool their frames).
    mutating func append(contentsOf other: FrameSamples) {
        for index in columns.indices { columns[index].append(contentsOf: other.columns[index]) }
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

/// One backend's result over one or more runs of a scenario.
public struct BackendResult: Sendable {
    public let backend: Backend
    /// What the render stage is for this backend.
    public let stage: String
    /// Every run's frames, pooled.
    public var samples: FrameSamples
    /// Each run's frames, in order.
    public var runs: [RunSamples] = []
    /// Instructions per measured frame by metric, when counted.
    public var instructions: [Metric: Double] = [:]
    /// Each measured frame's instructions by metric, in order, when counted.
    public var instructionFrames: [Metric: [Double]] = [:]

    /// The metrics this backend has.
    public var metrics: [Metric] { BackendResult.metrics(of: backend) }

    public static func metrics(of backend: Backend) -> [Metric] {
        let phases: Set<FramePhase> = Set(FramePhase.steps(of: backend)).union([.frame, .render])
        return Metric.allCases.filter { metric in
            if let phase = metric.phase { return phases.contains(phase) }
            return backend == .framebench || metric == .bytes
        }
    }
}

/// A frame identical to the one shown: what it costs to find out nothing changed.
public struct IdleFrameResult: Sendable {
    /// Bytes the encoder emitted for it.
    public let bytes: Int
    /// Diff time when the new frame is a copy of the shown one (row stamps equal).
    public let copiedFrameDiff: Summary
    /// Diff time when the new frame was drawn again from scratch (every cell compared).
    public let redrawnFrameDiff: Summary
    /// Bytes for the redrawn frame.
    public let redrawnBytes: Int
}

/// Everything a run produced.
public struct RunResult: Sendable {
    public let settings: RunSettings
    public var results: [BackendResult]
    public let idle: IdleFrameResult?
    /// The process's peak resident set size after the run, bytes.
    public let peakResidentBytes: Int
}
