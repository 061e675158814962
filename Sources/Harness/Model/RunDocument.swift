/// A whole run or baseline: what ran, where, from which commit.
public struct RunDocument: Codable, Equatable, Sendable {
    /// 2: `frame_time_ns` is the whole frame, `render_ns` the render stage,
    /// per-run frames of every metric, instruction counts. Version 1 files
    /// (the render stage as `frame_time_ns`) are read and converted, their
    /// timings marked not comparable.
    public static let schemaVersion = 2

    public var schemaVersion: Int
    public var created: String
    public var machine: MachineFingerprint
    public var git: GitState
    public var suite: String?
    public var scenarios: [ScenarioReport]
    /// Which shard of `suite` these results are, when the suite was split
    /// across runners (`--shard I/N`); nil for a whole suite or a merge.
    public var shard: ShardRecord? = nil

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case created, machine, git, suite, scenarios, shard
    }
}
