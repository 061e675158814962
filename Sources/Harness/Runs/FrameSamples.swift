/// Per-frame measurements of one backend over a run, after warm-up.
public struct FrameSamples: Sendable {
    /// The render stage compared between backends: diff+encode for
    /// framebench, `doupdate` for ncurses. Nanoseconds.
    public var renderNanoseconds: [Double] = []
    /// framebench's phases (empty for ncurses): diff, encode, write.
    public var diffNanoseconds: [Double] = []
    public var encodeNanoseconds: [Double] = []
    public var writeNanoseconds: [Double] = []
    /// Producing the frame (workload drawing); for ncurses also the transfer into its window.
    public var produceNanoseconds: [Double] = []
    public var bytes: [Double] = []
    /// Allocations inside the render stage.
    public var allocations: [Double] = []
    public var dirtyCells: [Double] = []
    public var scrolls: Int = 0

    public init() {}

    mutating func reserve(_ count: Int) {
        for path in [\FrameSamples.renderNanoseconds, \.diffNanoseconds, \.encodeNanoseconds, \.writeNanoseconds,
                     \.produceNanoseconds, \.bytes, \.allocations, \.dirtyCells] {
            self[keyPath: path].reserveCapacity(count)
        }
    }
}

/// One backend's result over a run.
public struct BackendResult: Sendable {
    public let backend: Backend
    /// What `samples.renderNanoseconds` times.
    public let stage: String
    public var samples: FrameSamples
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
}
