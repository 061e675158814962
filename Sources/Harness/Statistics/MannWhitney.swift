#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outcome of a two-sided Mann-Whitney U (Wilcoxon rank-sum) test of
/// sample `a` against sample `b`.
///
/// All fields are oriented towards `a`: positive `z` and `effectSize` above
/// 0.5 mean values of `a` tend to be larger than values of `b`.
public struct MannWhitneyResult: Sendable, Equatable, Codable {
    /// U of `a`: the number of pairs (x from `a`, y from `b`) with x > y,
    /// ties counting one half. Ranges over 0...n*m.
    public let u: Double
    /// Standardised U under the normal approximation, with tie and
    /// continuity corrections (pulled towards 0 by one half). When the exact
    /// distribution was used, this is still the approximate z, reported for
    /// reading only: `pValue` is the number to act on.
    public let z: Double
    /// Two-sided p-value: the probability, if both samples came from the same
    /// distribution, of a U at least this far from n*m/2.
    public let pValue: Double
    /// The common-language effect size P(A > B) + 0.5 P(A = B) = U / (n*m):
    /// the chance that a random value of `a` exceeds a random value of `b`.
    /// 0.5 means no tendency either way. (The rank-biserial correlation is
    /// `2 * effectSize - 1`.)
    public let effectSize: Double
    /// True when `pValue` came from the exact distribution of U.
    public let isExact: Bool
}

/// The Mann-Whitney U test: does one sample tend to have larger values than
/// the other?
///
/// Why this test for frame times: it uses only the order of the values, so
/// the long right tail of frame times (GC pauses, preemption on a shared
/// core) cannot dominate it the way it dominates a t-test.
///
/// Assumptions, and what they mean here:
/// - Observations are independent. Consecutive frames are not quite (caches,
///   frequency scaling), so treat p as optimistic and keep `alpha` small.
/// - The null hypothesis is "same distribution"; a rejection says one sample
///   is stochastically larger, not specifically that the medians differ. Pair
///   it with an effect size (see `BootstrapRatio`, `TimingComparison`).
/// - Values must not be NaN (their order is undefined).
///
/// Which distribution is used:
/// - exact, when there are no ties and either sample has fewer than
///   `exactLimit` values: the null distribution of U by dynamic programming;
/// - exact with ties, when there are ties and both samples together hold at
///   most `exactWithTiesLimit` values: the null distribution of the rank sum
///   given the observed midranks, by dynamic programming (run medians, five
///   to twenty a side, land here: a tie must not downgrade a real change);
/// - otherwise the normal approximation with tie correction of the variance
///   and continuity correction. It is an approximation: close for large
///   samples, and used here only when both samples are large or one is.
public enum MannWhitney {
    /// Samples smaller than this (either one) use the exact distribution
    /// when there are no ties.
    public static let exactLimit = 20
    /// Pooled sizes up to this use the exact distribution when there are ties.
    public static let exactWithTiesLimit = 60

    /// Tests `a` against `b` (two-sided). Either sample empty gives
    /// u = 0, z = 0, p = 1, effect 0.5: no evidence.
    ///
    /// - Complexity: O((n+m) log(n+m)) for the ranking; the exact path adds
    ///   O(min(n, m) * U) with U <= n*m/2, used only when min(n, m) < 20.
    public static func test(_ a: [Double], _ b: [Double]) -> MannWhitneyResult {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else {
            return MannWhitneyResult(u: 0, z: 0, pValue: 1, effectSize: 0.5, isExact: false)
        }
        let ranking = RankSum(a, b)
        let pairs = Double(n) * Double(m)
        let u = ranking.rankSumOfA - Double(n) * Double(n + 1) / 2
        let total = Double(n + m)
        let mean = pairs / 2
        let variance = pairs / 12 * ((total + 1) - ranking.tieTerm / (total * (total - 1)))
        var z = 0.0
        var pValue = 1.0
        if variance > 0 {
            let corrected = Swift.max(0, abs(u - mean) - 0.5)
            z = (u < mean ? -corrected : corrected) / variance.squareRoot()
            pValue = Swift.min(1, erfc(abs(z) / 2.0.squareRoot()))
        }
        var exact = false
        if ranking.tieTerm == 0 && Swift.min(n, m) < exactLimit {
            pValue = exactPValue(u: Int(u.rounded()), n: n, m: m)
            exact = true
        } else if ranking.tieTerm > 0 && n + m <= exactWithTiesLimit {
            pValue = exactPValueWithTies(ranking.doubledRanks, rankSumOfA: ranking.rankSumOfA, n: n)
            exact = true
        }
        return MannWhitneyResult(u: u, z: z, pValue: pValue, effectSize: u / pairs, isExact: exact)
    }

    /// Two-sided exact p for U = `u` without ties: 2 P(U <= min(u, nm - u)),
    /// using the symmetry of U about nm/2.
    ///
    /// The number of orderings giving U = k is the coefficient of q^k in the
    /// Gaussian binomial [n+m choose s]_q = prod_{i=1..s} (1 - q^(l+i)) /
    /// (1 - q^i), with s = min(n, m), l = max(n, m). The product is built one
    /// factor at a time, truncated at degree min(u, nm - u): only the lower
    /// tail is needed, and its coefficients are small and exact in Double.
    static func exactPValue(u: Int, n: Int, m: Int) -> Double {
        let small = Swift.min(n, m)
        let large = Swift.max(n, m)
        let tail = Swift.min(u, n * m - u)
        // Allocation: one array of tail+1 counts, once per test.
        var counts = [Double](repeating: 0, count: tail + 1)
        counts[0] = 1
        for i in 1...small {
            let drop = large + i
            if drop <= tail {
                for k in stride(from: tail, through: drop, by: -1) { counts[k] -= counts[k - drop] }
            }
            if i <= tail {
                for k in i...tail { counts[k] += counts[k - i] }
            }
        }
        let below = counts.reduce(0, +)
        // C(n+m, s) in logs: it overflows Double only past n+m of about 1000,
        // but the ratio stays meaningful.
        let logOrderings = lgamma(Double(n + m + 1)) - lgamma(Double(small + 1)) - lgamma(Double(large + 1))
        return Swift.min(1, 2 * exp(log(below) - logOrderings))
    }
}

extension MannWhitney {
    /// Two-sided exact p with ties: among all C(N, n) ways to give n of the
    /// pooled (mid)ranks to `a`, the share whose rank sum lies at least as
    /// far from its mean as the observed one. Ranks are doubled so midranks
    /// are integers.
    ///
    /// - Complexity: O(N * n * N * n) for N pooled values; only used for N <= 60.
    static func exactPValueWithTies(_ doubledRanks: [Int], rankSumOfA: Double, n: Int) -> Double {
        let total = doubledRanks.reduce(0, +)
        let maxSum = total
        // ways[k][s]: subsets of k ranks with doubled sum s.
        var ways = [[Double]](repeating: [Double](repeating: 0, count: maxSum + 1), count: n + 1)
        ways[0][0] = 1
        for rank in doubledRanks {
            for k in stride(from: n, through: 1, by: -1) {
                let row = ways[k - 1]
                for s in stride(from: maxSum, through: rank, by: -1) where row[s - rank] != 0 {
                    ways[k][s] += row[s - rank]
                }
            }
        }
        let expected = Double(total) * Double(n) / Double(doubledRanks.count)
        let observed = abs(2 * rankSumOfA - expected)
        var extreme = 0.0
        var all = 0.0
        for (s, count) in ways[n].enumerated() where count > 0 {
            all += count
            if abs(Double(s) - expected) >= observed - 1e-9 { extreme += count }
        }
        return Swift.min(1, extreme / all)
    }
}

/// The ranks of two samples pooled together, with midranks for ties.
private struct RankSum {
    /// Sum of the (mid)ranks of the values of `a`, ranks starting at 1.
    var rankSumOfA = 0.0
    /// Sum over groups of tied values of t^3 - t; 0 without ties.
    var tieTerm = 0.0
    /// Every pooled value's (mid)rank, doubled so it is an integer.
    var doubledRanks: [Int] = []

    init(_ a: [Double], _ b: [Double]) {
        // Allocation: the pooled, tagged copy the sort needs, once per test.
        var pooled = [(value: Double, fromA: Bool)]()
        pooled.reserveCapacity(a.count + b.count)
        for value in a {
            precondition(!value.isNaN, "Mann-Whitney: NaN cannot be ranked")
            pooled.append((value, true))
        }
        for value in b {
            precondition(!value.isNaN, "Mann-Whitney: NaN cannot be ranked")
            pooled.append((value, false))
        }
        pooled.sort { $0.value < $1.value }
        var start = 0
        while start < pooled.count {
            var end = start + 1
            while end < pooled.count && pooled[end].value == pooled[start].value { end += 1 }
            // Positions start..<end share the midrank of ranks start+1...end.
            let midrank = Double(start + 1 + end) / 2
            doubledRanks += Array(repeating: start + 1 + end, count: end - start)
            var fromA = 0
            for index in start..<end where pooled[index].fromA { fromA += 1 }
            rankSumOfA += midrank * Double(fromA)
            let tied = Double(end - start)
            tieTerm += tied * tied * tied - tied
            start = end
        }
    }
}
