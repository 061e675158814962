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
