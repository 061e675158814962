/// A distribution as results files and the child-to-parent hand-over store
/// it: the exact figures, and the non-empty buckets as `[index, count]`
/// pairs (bucket layout: see `FrameDistribution`; schema in
/// docs/results.schema.json, `runs[].distributions`). Decoding checks that
/// the buckets add up to `count`, each index exists and `min <= max`, so a
/// file cannot make a percentile fall outside its data.
extension FrameDistribution: Codable {
    enum CodingKeys: String, CodingKey {
        case count, min, max, mean, buckets
        case standardDeviation = "stddev"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let count = try container.decode(Int.self, forKey: .count)
        let pairs = try container.decode([[Int]].self, forKey: .buckets)
        guard count > 0 else {
            throw DecodingError.dataCorruptedError(forKey: .count, in: container, debugDescription: "a distribution counts at least one frame")
        }
        var buckets = [UInt64](repeating: 0, count: FrameDistribution.bucketCount)
        var total = 0
        for pair in pairs {
            guard pair.count == 2, (0..<FrameDistribution.bucketCount).contains(pair[0]), pair[1] > 0, pair[1] <= count else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: container,
                    debugDescription: "bucket \(pair) is not [index 0...\(FrameDistribution.bucketCount - 1), count 1...\(count)]")
            }
            buckets[pair[0]] += UInt64(pair[1])
            total += pair[1]
        }
        guard total == count else {
            throw DecodingError.dataCorruptedError(
                forKey: .buckets, in: container, debugDescription: "the buckets count \(total) frames, not count (\(count))")
        }
        let min = try container.decode(Double.self, forKey: .min)
        let max = try container.decode(Double.self, forKey: .max)
        guard min <= max else {
            throw DecodingError.dataCorruptedError(forKey: .max, in: container, debugDescription: "max \(max) is below min \(min)")
        }
        let deviation = try container.decode(Double.self, forKey: .standardDeviation)
        guard deviation >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .standardDeviation, in: container, debugDescription: "\(deviation) is negative: a deviation cannot be")
        }
        self.init(
            buckets: buckets, count: count, min: min, max: max, mean: try container.decode(Double.self, forKey: .mean),
            standardDeviation: deviation)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
        try container.encode(mean, forKey: .mean)
        try container.encode(standardDeviation, forKey: .standardDeviation)
        try container.encode(buckets.indices.filter { buckets[$0] > 0 }.map { [$0, Int(buckets[$0])] }, forKey: .buckets)
    }
}

extension Summary {
    /// The summary of a distribution: minimum, maximum, mean and standard
    /// deviation exact; percentiles within `FrameDistribution.relativeError`.
    public init(_ distribution: FrameDistribution) {
        self.init([])
        guard distribution.count > 0 else { return }
        min = distribution.min
        max = distribution.max
        mean = distribution.mean
        standardDeviation = distribution.standardDeviation
        p50 = distribution.percentile(0.50)
        p90 = distribution.percentile(0.90)
        p99 = distribution.percentile(0.99)
        p999 = distribution.percentile(0.999)
    }
}
