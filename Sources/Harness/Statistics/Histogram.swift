#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A histogram of durations in nanoseconds on log-spaced bins.
///
/// Bins are fixed, not fitted to the data: `binsPerDecade` bins per power of
/// ten from `smallestBound` (100 ns) to `largestBound` (10 s). Fixed edges
/// make histograms of two runs comparable bin by bin. Values below 100 ns
/// fall into the first bin and values of 10 s or more into the last; NaN is
/// skipped. Empty bins before the first and after the last non-empty bin are
/// trimmed, so `lowerBounds` starts at the bin holding the minimum.
///
/// Bin `i` holds values in `lowerBounds[i] ..< lowerBounds[i + 1]`; the upper
/// edge of the last bin is `lowerBounds.last! * step`, with `step` =
/// 10^(1/`binsPerDecade`) (about 1.33: adjacent bins differ by a third).
public struct Histogram: Sendable, Codable, Equatable {
    /// Lower edge of each bin, in nanoseconds, ascending.
    public let lowerBounds: [Double]
    /// Number of values in each bin, parallel to `lowerBounds`.
    public let counts: [Int]

    enum CodingKeys: String, CodingKey {
        case lowerBounds = "lower_bounds_ns"
        case counts
    }

    public static let binsPerDecade = 8
    public static let smallestBound = 100.0
    public static let largestBound = 10_000_000_000.0

    /// The untrimmed edges: 100 ns, 133 ns, 178 ns, ... up to 10 s.
    static let allLowerBounds: [Double] = {
        let decades = Int(log10(largestBound / smallestBound).rounded())
        return (0..<(decades * binsPerDecade)).map { index in
            smallestBound * pow(10, Double(index) / Double(binsPerDecade))
        }
    }()

    /// Number of values counted (NaN excluded).
    public var total: Int { counts.reduce(0, +) }

    /// Bins `values` (nanoseconds, any order).
    ///
    /// - Complexity: O(n).
    public init(values: [Double]) {
        let edges = Histogram.allLowerBounds
        var counts = [Int](repeating: 0, count: edges.count)
        for value in values where !value.isNaN {
            counts[Histogram.binIndex(of: value, edges: edges)] += 1
        }
        self.init(trimming: counts, edges: edges)
    }

    /// Bins a distribution's buckets, each by its midpoint: exact where a
    /// bucket lies inside one bin; a bucket astride a bin edge (at most
    /// 0.8% wide) counts whole in the bin of its midpoint.
    ///
    /// - Complexity: O(buckets).
    public init(distribution: FrameDistribution) {
        let edges = Histogram.allLowerBounds
        var counts = [Int](repeating: 0, count: edges.count)
        for bucket in distribution.occupiedBuckets {
            counts[Histogram.binIndex(of: bucket.lower + (bucket.width - 1) / 2, edges: edges)] += bucket.count
        }
        self.init(trimming: counts, edges: edges)
    }

    private init(trimming counts: [Int], edges: [Double]) {
        guard let first = counts.firstIndex(where: { $0 > 0 }),
            let last = counts.lastIndex(where: { $0 > 0 })
        else {
            self.init(lowerBounds: [], counts: [])
            return
        }
        self.init(lowerBounds: Array(edges[first...last]), counts: Array(counts[first...last]))
    }

    /// A histogram from stored bins, e.g. decoded from a report.
    public init(lowerBounds: [Double], counts: [Int]) {
        precondition(lowerBounds.count == counts.count, "one count per bin")
        self.lowerBounds = lowerBounds
        self.counts = counts
    }

    private static func binIndex(of value: Double, edges: [Double]) -> Int {
        guard value > smallestBound else { return 0 }
        let estimate = Int((log10(value / smallestBound) * Double(binsPerDecade)).rounded(.down))
        var index = Swift.min(Swift.max(estimate, 0), edges.count - 1)
        // log10 can land a value sitting on an edge one bin off; the edges
        // themselves are the definition, so settle against them.
        if value < edges[index] && index > 0 { index -= 1 }
        if index + 1 < edges.count && value >= edges[index + 1] { index += 1 }
        return index
    }
}

extension Histogram {
    /// Draws one line per bin: the bin's lower edge as a duration, a bar
    /// scaled so the fullest bin spans the bar column, and the count.
    ///
    ///     133us ▎              3
    ///     178us ████▋         41
    ///     237us ████████████ 107
    ///
    /// Bars have eighth-cell resolution (▏▎▍▌▋▊▉█); a non-empty bin always
    /// shows at least ▏. Every line is exactly `width` characters when
    /// `width` leaves room for the label, the count and one bar cell; a
    /// narrower width still draws a one-cell bar column, so lines come out
    /// wider than asked. (The block characters are East Asian "ambiguous"
    /// width: a terminal set to treat those as wide draws the bars wider.)
    ///
    /// - Complexity: O(bins * width).
    public func render(width: Int) -> [String] {
        guard !counts.isEmpty else { return [] }
        let labels = lowerBounds.map(Histogram.durationLabel)
        let countTexts = counts.map(String.init)
        let labelWidth = labels.map(\.count).max() ?? 0
        let countWidth = countTexts.map(\.count).max() ?? 0
        let barWidth = Swift.max(1, width - labelWidth - countWidth - 2)
        let fullest = Double(counts.max() ?? 1)
        let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return counts.indices.map { index in
            var eighths = Int((Double(counts[index]) / fullest * Double(barWidth * 8)).rounded())
            if counts[index] > 0 { eighths = Swift.max(1, eighths) }
            var bar = String(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { bar.append(partials[eighths % 8 - 1]) }
            bar += String(repeating: " ", count: barWidth - bar.count)
            return Histogram.padLeft(labels[index], labelWidth) + " " + bar + " "
                + Histogram.padLeft(countTexts[index], countWidth)
        }
    }

    /// A duration with three significant digits and a unit: "512ns",
    /// "1.33us", "12.5us", "750us", "3.16ms", "1.00s".
    static func durationLabel(_ nanoseconds: Double) -> String {
        let units: [(scale: Double, name: String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "us")]
        for unit in units where nanoseconds >= unit.scale {
            return threeDigits(nanoseconds / unit.scale) + unit.name
        }
        return threeDigits(nanoseconds) + "ns"
    }

    private static func threeDigits(_ value: Double) -> String {
        if value >= 100 { return String(Int(value.rounded())) }
        let decimals = value >= 10 ? 1 : 2
        let scale = decimals == 1 ? 10.0 : 100.0
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    private static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }
}
