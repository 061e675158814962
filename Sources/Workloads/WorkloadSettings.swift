import FrameGrid

/// Settings every workload accepts.
public struct WorkloadSettings: Sendable, Equatable {
    public var size: Size
    public var seed: UInt64
    public var feedItems: Int
    /// Items from a file instead of generated ones (one per line, plain
    /// UTF-8 or JSON objects with `text` and optional `author`).
    public var feedFile: String?
    /// The input script driving a scene ("default": the scene's own).
    public var script: String

    public init(
        size: Size = Size(cols: 200, rows: 50), seed: UInt64 = 1, feedItems: Int = 1_000_000, feedFile: String? = nil,
        script: String = "default"
    ) {
        self.size = size
        self.seed = seed
        self.feedItems = feedItems
        self.feedFile = feedFile
        self.script = script
    }
}
