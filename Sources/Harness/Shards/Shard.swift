/// One part of a suite split across runners: shard `index` of `count`
/// (`--shard 2/3`), numbered from 1 as CI matrices number their jobs.
///
/// Which entries a shard runs is decided by `ShardPlan`; every runner given
/// the same suite, options and count runs a disjoint part, and the parts
/// together are the whole suite.
public struct Shard: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    /// More shards than this is a typing mistake, not a CI matrix.
    public static let maximumCount = 256

    public init(index: Int, count: Int) {
        precondition((1...count).contains(index), "shard index \(index) outside 1...\(count)")
        self.index = index
        self.count = count
    }

    /// Parses `I/N`; a malformed or out-of-range value is an error naming `option`.
    public init(parsing text: String, option: String = "--shard") throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError(
                "\(option) takes I/N (this runner's shard I of N, such as 2/3), not '\(text)'")
        }
        guard (1...Shard.maximumCount).contains(count) else {
            throw UsageError("\(option) \(text): N must be 1...\(Shard.maximumCount)")
        }
        guard (1...count).contains(index) else {
            throw UsageError("\(option) \(text): I must be 1...\(count) (shards are numbered from 1)")
        }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
}

/// What a sharded run records in its results file, so that `merge` can tell
/// whether every shard of the same split is present: the shard, and every
/// benchmark of the suite it was cut from (not only its own).
public struct ShardRecord: Codable, Equatable, Sendable {
    public var index: Int
    public var count: Int
    /// Names of every benchmark in the suite before the split, in suite order.
    public var suiteBenchmarks: [String]

    enum CodingKeys: String, CodingKey {
        case index, count
        case suiteBenchmarks = "suite_benchmarks"
    }

    public init(shard: Shard, suiteBenchmarks: [String]) {
        index = shard.index
        count = shard.count
        self.suiteBenchmarks = suiteBenchmarks
    }

    public var shard: Shard? {
        count >= 1 && (1...count).contains(index) ? Shard(index: index, count: count) : nil
    }
}
