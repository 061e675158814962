/// How a suite is split across N runners: every entry goes to exactly one
/// shard, the shards' expected costs are balanced, and an entry keeps its
/// shard when the suite changes around it wherever the balance allows.
///
/// The rule (bounded-load rendezvous hashing):
/// 1. Each entry's cost is estimated (`cost(of:)`); the capacity of a shard
///    is `max(1.1 x total / N, largest cost)`.
/// 2. Entries are placed most expensive first (ties by a stable hash of the
///    name, then the name).
/// 3. Each entry ranks the shards by a stable hash of (its name, shard) and
///    takes the first in that ranking whose load stays within the capacity;
///    when none has room, the least loaded.
///
/// The ranking depends on the entry's name alone, so adding or removing an
/// entry moves another only when it changes which shards have room. The
/// hash is FNV-1a with a SplitMix64 finaliser over the name's UTF-8 bytes:
/// the same on every machine, process and Swift version (Swift's `Hasher` is
/// seeded per process and would split differently on every runner).
///
/// - Complexity: O(E x N log N) for E entries and N shards.
public struct ShardPlan: Sendable {
    /// One benchmark and what it is expected to cost (any unit, the same for all).
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var cost: Double

        public init(name: String, cost: Double) {
            self.name = name
            self.cost = cost
        }
    }

    public let count: Int
    /// Entry name to shard number, 1...count.
    public let assignment: [String: Int]
    /// Each shard's summed cost, shard 1 first.
    public let loads: [Double]
    /// The most expensive entry's cost: no split can do better than it.
    public let largestCost: Double
    private let order: [String]

    /// A shard's headroom over an even split, before a shard counts as full.
    public static let slack = 0.10

    public init(entries: [Entry], count: Int) {
        precondition(count >= 1, "a plan needs at least one shard")
        precondition(Set(entries.map(\.name)).count == entries.count, "entry names must be unique")
        self.count = count
        order = entries.map(\.name)
        let total = entries.reduce(0) { $0 + max(0, $1.cost) }
        let largest = entries.map { max(0, $0.cost) }.max() ?? 0
        let capacity = max(total / Double(count) * (1 + ShardPlan.slack), largest)
        let placing = entries.sorted {
            ($0.cost, ShardPlan.stableHash($1.name), $1.name) > (
                $1.cost, ShardPlan.stableHash($0.name), $0.name
            )
        }
        var loads = [Double](repeating: 0, count: count)
        var assignment: [String: Int] = [:]
        for entry in placing {
            let cost = max(0, entry.cost)
            let ranking = ShardPlan.ranking(of: entry.name, shards: count)
            let chosen =
                ranking.first { loads[$0 - 1] + cost <= capacity }
                ?? ranking.min { loads[$0 - 1] < loads[$1 - 1] }!
            loads[chosen - 1] += cost
            assignment[entry.name] = chosen
        }
        self.assignment = assignment
        self.loads = loads
        largestCost = largest
    }

    /// The entries shard `index` runs, in the suite's order.
    public func members(of index: Int) -> [String] {
        order.filter { assignment[$0] == index }
    }

    /// The most loaded shard against the best any split could do: the larger
    /// of an even split and the most expensive entry. 1 is perfect.
    public var imbalance: Double {
        let total = loads.reduce(0, +)
        guard total > 0 else { return 1 }
        return (loads.max() ?? 0) / max(total / Double(count), largestCost)
    }

    /// Shards 1...`shards` in the order `name` prefers them (highest hash first).
    static func ranking(of name: String, shards: Int) -> [Int] {
        (1...shards).map { ($0, stableHash("\(name)\u{1F}\($0)")) }
            .sorted { ($0.1, $1.0) > ($1.1, $0.0) }
            .map(\.0)
    }

    /// FNV-1a over UTF-8, finished with SplitMix64's mixer so that names
    /// differing in one character spread over the whole range.
    public static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    /// Instruction counting runs the frames again under callgrind, about 50
    /// times slower than native.
    public static let instructionCostFactor = 50.0

    /// Cells x frames a scene benchmark gets through in a second, roughly:
    /// the rate that turns a program's expected seconds into the scenes'
    /// unit of cost. An estimate, not a measurement: plain-feed-200x50's
    /// budgeted frame p50 (Benchmarks/budgets.json, about 0.14 ms for
    /// 10,000 cells) is some 7e7 cell-frames a second, halved for the
    /// slower scenes and each run's process start.
    public static let cellFramesPerSecond = 4e7

    /// A program entry's expected cost, in the unit of `cost(of:)`: its
    /// script's expected time (`ProgramBenchmark.estimatedSeconds`).
    public static func cost(of program: ProgramBenchmark) -> Double {
        program.estimatedSeconds * cellFramesPerSecond
    }

    /// A benchmark's expected cost: frames x cells x lanes (backends) x
    /// (timed runs + 50 when instructions are counted).
    public static func cost(of settings: RunSettings) -> Double {
        let cells = Double(settings.size.cols * settings.size.rows)
        let lanes = Double(settings.backend.members.count)
        let passes =
            Double(settings.repeats) + (settings.countsInstructions ? instructionCostFactor : 0)
        return Double(settings.frames) * cells * lanes * passes
    }
}
