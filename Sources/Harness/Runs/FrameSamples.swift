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

    mutating func reserve(_ count: Int) {
        for index in columns.indices { columns[index].reserveCapacity(count) }
    }

    /// Appends another run's frames (repeats of one scenario pool their frames).
    mutating func append(contentsOf other: FrameSamples) {
        for index in columns.indices { columns[index].append(contentsOf: other.columns[index]) }
    }

    /// Frames measured.
    public var frames: Int { columns[Metric.frameTime.index].count }
}

/// One backend's result over a run.
public struct BackendResult: Sendable {
    public let backend: Backend
    /// What `Metric.frameTime` times for this backend.
    public let stage: String
    public var samples: FrameSamples
    /// Median frame time of each run pooled into `samples`.
    public var runMedians: [Double] = []
    /// The metrics this backend reports.
    public var metrics: [Metric] { backend == .ncurses ? Metric.referenceMetrics : Metric.allCases }
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
    public let results: [BackendResult]
    public let idle: IdleFrameResult?
    /// The process's peak resident set size after the run, bytes.
    public let peakResidentBytes: Int
}
