/// One metric's values over any number of frames in bounded memory: counts
/// in log-spaced buckets plus the exact count, minimum, maximum, mean and
/// standard deviation. What `FrameSamples` keeps for a metric once a run
/// passes `FrameSamples.exactFrameLimit` frames (issue 34, item 7).
///
/// Buckets follow HDR histograms: whole numbers below 256 have a bucket
/// each (exact: allocation counts, small byte counts); above, every power of
/// two is split into 128 equal buckets, so a bucket is at most 1/128 of its
/// lower edge wide. A percentile is read as the midpoint of the bucket its
/// rank falls in, within half a bucket of the exact value: a relative error
/// of at most 1/256 (`relativeError`, 0.39%), and none below 256. Values are
/// whole numbers (ns, counts, bytes); a fraction is truncated, a negative
/// value counts in the bucket of 0 (the exact minimum still shows it).
///
/// Two distributions merge exactly (bucket by bucket, moments by Chan's
/// formula), so runs pool and child processes hand theirs over as they are.
///
/// - Complexity: `add` O(1), no allocation once the buckets exist
///   (7,424 counters, 58 KiB); percentiles O(buckets).
public struct FrameDistribution: Sendable, Equatable {
    /// Buckets per power of two above 256 (and the exact range below it is 2x this).
    static let subBuckets = 128
    static let bucketCount = subBuckets * 58
    /// The largest relative distance of a reported percentile from the exact one.
    public static let relativeError = 1.0 / Double(2 * subBuckets)

    /// Frames counted per bucket; empty until the first value.
    private(set) var buckets: [UInt64] = []
    public private(set) var count = 0
    public private(set) var min = Double.infinity
    public private(set) var max = -Double.infinity
    public private(set) var mean = 0.0
    /// Sum of squared deviations from the mean (Welford), for the standard deviation.
    private var squares = 0.0

    public init() {}

    /// A distribution as stored (see `FrameDistribution+Codable`).
    init(buckets: [UInt64], count: Int, min: Double, max: Double, mean: Double, standardDeviation: Double) {
        self.buckets = buckets
        self.count = count
        self.min = min
        self.max = max
        self.mean = mean
        squares = count > 1 ? standardDeviation * standardDeviation * Double(count - 1) : 0
    }

    /// Counts every value of `values`.
    public init(_ values: [Double]) {
        for value in values { add(value) }
    }

    /// The bucket a whole number falls in.
    @inline(__always)
    static func bucket(of value: UInt64) -> Int {
        if value < UInt64(2 * subBuckets) { return Int(value) }
        let shift = (UInt64.bitWidth - value.leadingZeroBitCount) - 8  // top 8 bits kept: 128...255
        return subBuckets * shift + Int(value >> UInt64(shift))
    }

    /// The lowest whole number in bucket `index`, and the bucket's width.
    static func range(of index: Int) -> (lower: Double, width: Double) {
        if index < 2 * subBuckets { return (Double(index), 1) }
        let shift = index / subBuckets - 1
        let top = index - subBuckets * shift
        let width = Double(UInt64(1) << UInt64(shift))
        return (Double(top) * width, width)
    }

    /// The value a bucket stands for: its midpoint (its one value when 1 wide).
    static func representative(of index: Int) -> Double {
        let (lower, width) = range(of: index)
        return lower + (width - 1) / 2
    }

    @inline(__always)
    public mutating func add(_ value: Double) {
        if buckets.isEmpty { buckets = [UInt64](repeating: 0, count: FrameDistribution.bucketCount) }
        let whole = value > 0 ? UInt64(Swift.min(value, 1.8e19)) : 0
        buckets[FrameDistribution.bucket(of: whole)] &+= 1
        count += 1
        if value < min { min = value }
        if value > max { max = value }
        let delta = value - mean
        mean += delta / Double(count)
        squares += delta * (value - mean)
    }

    /// Adds every frame of `other`, as if its values had been added here.
    public mutating func merge(_ other: FrameDistribution) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        for index in other.buckets.indices where other.buckets[index] > 0 { buckets[index] += other.buckets[index] }
        let total = Double(count + other.count)
        let delta = other.mean - mean
        squares += other.squares + delta * delta * Double(count) * Double(other.count) / total
        mean += delta * Double(other.count) / total
        count += other.count
        min = Swift.min(min, other.min)
        max = Swift.max(max, other.max)
    }

    /// Sample standard deviation (divides by `count - 1`); 0 below two frames.
    public var standardDeviation: Double { count > 1 ? (squares / Double(count - 1)).squareRoot() : 0 }

    /// The `fraction` quantile (0...1) by the estimator `Summary` uses
    /// (type 7: between the two nearest ranks), each rank's value read as its
    /// bucket's midpoint and held within the exact minimum and maximum.
    public func percentile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let position = fraction * Double(count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, count - 1)
        let low = value(atRank: lower)
        let high = upper == lower ? low : value(atRank: upper)
        return low + (high - low) * (position - Double(lower))
    }

    /// The value of the frame at `rank` (0-based, ascending) as its bucket's midpoint.
    func value(atRank rank: Int) -> Double {
        if rank == 0 { return min }
        if rank == count - 1 { return max }
        var seen = 0
        for index in buckets.indices where buckets[index] > 0 {
            seen += Int(buckets[index])
            if seen > rank { return Swift.min(Swift.max(FrameDistribution.representative(of: index), min), max) }
        }
        return max
    }

    /// Non-empty buckets as (lower edge, width, count), ascending.
    public var occupiedBuckets: [(lower: Double, width: Double, count: Int)] {
        buckets.indices.filter { buckets[$0] > 0 }.map {
            let (lower, width) = FrameDistribution.range(of: $0)
            return (lower, width, Int(buckets[$0]))
        }
    }
}
