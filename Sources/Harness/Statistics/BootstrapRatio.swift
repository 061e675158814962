import Workloads

/// A median ratio with its bootstrap confidence interval.
///
/// Ratios above 1 mean the candidate's median is larger (for times: slower).
/// Fields are NaN when the ratio is undefined (an empty sample, or a baseline
/// median of zero); `TimingComparison` reports such pairs as not comparable.
public struct RatioInterval: Sendable, Equatable, Codable {
    /// median(candidate) / median(baseline), from the full samples.
    public let ratio: Double
    /// Lower end of the percentile interval.
    public let lower: Double
    /// Upper end of the percentile interval.
    public let upper: Double
    /// Nominal coverage, e.g. 0.99.
    public let confidence: Double

    /// Whether `value` lies inside the interval (ends included).
    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }
}

/// Percentile bootstrap of the ratio of two medians.
///
/// Each resample draws n values from the baseline and m from the candidate,
/// with replacement and independently, and records the ratio of their
/// medians; the interval is the central `confidence` part of those ratios.
///
/// Why the median: frame times have a long right tail, so the mean moves with
/// a handful of hitches; the median describes the typical frame. Why a ratio:
/// "5% slower" means the same thing for a 50 us and a 5 ms frame.
///
/// Assumptions: independent observations (see `MannWhitney`), and enough of
/// them that the sample median is not dominated by a few values (hundreds or
/// more; the percentile bootstrap of a median is coarse for tiny samples).
/// The same `seed` gives the same interval, so reports are reproducible.
public enum BootstrapRatio {
    /// Bootstraps median(candidate) / median(baseline).
    ///
    /// - Parameters:
    ///   - confidence: coverage of the interval, in (0, 1).
    ///   - resamples: number of bootstrap replicates; the tails of a 99%
    ///     interval rest on about `resamples / 200` replicates each, so keep
    ///     it in the thousands.
    ///   - seed: seeds the SplitMix64 generator (`SeededRandom`).
    /// - Complexity: O(resamples * (n + m)) time, O(n + m + resamples)
    ///   memory, allocated once.
    public static func medianRatio(
        baseline a: [Double], candidate b: [Double],
        confidence: Double = 0.99, resamples: Int = 2000, seed: UInt64 = 42
    ) -> RatioInterval {
        precondition(confidence > 0 && confidence < 1, "confidence must lie in (0, 1)")
        precondition(resamples > 0, "resamples must be positive")
        guard !a.isEmpty, !b.isEmpty else {
            return RatioInterval(ratio: .nan, lower: .nan, upper: .nan, confidence: confidence)
        }
        // Allocation: sorted copies and per-index counters, once per call;
        // the resampling loop itself allocates nothing.
        let sortedA = a.sorted()
        let sortedB = b.sorted()
        let ratio = median(ofSorted: sortedB) / median(ofSorted: sortedA)
        guard ratio.isFinite else {
            return RatioInterval(ratio: .nan, lower: .nan, upper: .nan, confidence: confidence)
        }
        var generator = SeededRandom(seed: seed)
        var draws = [Int32](repeating: 0, count: max(a.count, b.count))
        var ratios = [Double](repeating: 0, count: resamples)
        for index in 0..<resamples {
            let medianA = resampledMedian(of: sortedA, draws: &draws, using: &generator)
            let medianB = resampledMedian(of: sortedB, draws: &draws, using: &generator)
            ratios[index] = medianB / medianA
        }
        ratios.sort()
        let tail = (1 - confidence) / 2
        return RatioInterval(
            ratio: ratio,
            lower: Summary.percentile(ratios, tail),
            upper: Summary.percentile(ratios, 1 - tail),
            confidence: confidence)
    }

    /// Median of a sample, averaging the two middle values for an even count
    /// like `Summary.p50`.
    static func median(ofSorted sorted: [Double]) -> Double {
        (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    /// The median of one resample of `sorted`, without materialising it.
    ///
    /// Why this instead of drawing values and running quickselect: `sorted`
    /// is ordered, so the k-th smallest drawn value is `sorted[i]` for the
    /// k-th smallest drawn index i. Counting how often each index is drawn
    /// and walking the counts finds it in O(n) with no comparisons of values,
    /// about eight times faster than quickselect on the drawn values, and the
    /// result is identical.
    private static func resampledMedian(
        of sorted: [Double], draws: inout [Int32], using generator: inout SeededRandom
    ) -> Double {
        let count = sorted.count
        let lowRank = (count - 1) / 2
        let highRank = count / 2
        return draws.withUnsafeMutableBufferPointer { draws in
            let draws = UnsafeMutableBufferPointer(rebasing: draws[0..<count])
            draws.update(repeating: 0)
            for _ in 0..<count { draws[generator.index(below: count)] += 1 }
            var seen = 0
            var index = 0
            // Indices below `index` account for `seen` draws; find the indices
            // holding ranks lowRank and highRank.
            while seen + Int(draws[index]) <= lowRank {
                seen += Int(draws[index])
                index += 1
            }
            let low = sorted[index]
            while seen + Int(draws[index]) <= highRank {
                seen += Int(draws[index])
                index += 1
            }
            return (low + sorted[index]) / 2
        }
    }
}

extension SeededRandom {
    /// A uniform index in 0..<count by multiply-high (Lemire); the bias, below
    /// count / 2^64, is far under anything a bootstrap could notice.
    /// Seeded, so a comparison gives the same interval on every platform.
    mutating func index(below count: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(count)).high)
    }
}
