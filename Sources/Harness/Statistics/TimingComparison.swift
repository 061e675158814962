import Foundation

/// The verdict on a timing change, with the evidence it rests on.
///
/// The rule, in `judge`: `worse` needs both
/// 1. significance: Mann-Whitney p < `alpha`, with the candidate tending to
///    be slower (effect size P(candidate > baseline) above 0.5), and
/// 2. a material effect: the whole bootstrap interval of
///    median(candidate) / median(baseline) above 1 + `minimumEffect`.
///
/// Why both: with thousands of frames, significance alone flags shifts far
/// too small to matter (a 0.5% change is "real" at p = 1e-9); an effect size
/// alone flags noise (two medians of a noisy run differ by 5% by chance).
/// Requiring the interval, not only the point ratio, to clear the threshold
/// means the gate says `worse` only when it is confident the slowdown is at
/// least `minimumEffect`; a true 6% slowdown may well read `unchanged` at a
/// 5% threshold. That is the intended trade: a gate that cries wolf gets
/// ignored.
///
/// `better` mirrors it: p < `alpha`, candidate tending to be faster, and the
/// interval entirely below 1 / (1 + `minimumEffect`). The reciprocal (not
/// 1 - `minimumEffect`) makes the rule symmetric: swapping baseline and
/// candidate swaps `better` and `worse` exactly.
///
/// Anything else is `unchanged`, including significance and effect pointing
/// in opposite directions (possible for oddly shaped distributions).
public struct TimingComparison: Sendable, Equatable, Codable {
    public let verdict: Verdict
    /// Bootstrap interval of median(candidate) / median(baseline); nil when
    /// not comparable.
    public let interval: RatioInterval?
    /// Mann-Whitney test of candidate against baseline (so effect size is
    /// P(candidate > baseline)); nil when not comparable.
    public let mannWhitney: MannWhitneyResult?
    public let alpha: Double
    public let minimumEffect: Double
    /// One sentence saying why, for reports: "p = 1.2e-40 and the median
    /// ratio 1.19 [1.17, 1.21] lies above 1.05".
    public let reason: String

    /// median(candidate) / median(baseline), when comparable.
    public var medianRatio: Double? { interval?.ratio }

    /// Judges timing samples (ns per frame; lower is better) by the rule
    /// above.
    ///
    /// - Parameters:
    ///   - alpha: significance level of the Mann-Whitney test. Small by
    ///     default because frames are not independent and a gate runs often.
    ///   - minimumEffect: smallest relative change worth reporting (0.05 =
    ///     5%).
    ///   - confidence, resamples, seed: passed to `BootstrapRatio`.
    /// - Complexity: O(resamples * (n + m)), dominated by the bootstrap.
    public static func judge(
        baseline: [Double], candidate: [Double],
        alpha: Double = 0.001, minimumEffect: Double = 0.05,
        confidence: Double = 0.99, resamples: Int = 2000, seed: UInt64 = 42
    ) -> TimingComparison {
        precondition(alpha > 0 && alpha < 1, "alpha must lie in (0, 1)")
        precondition(minimumEffect >= 0, "minimumEffect must not be negative")
        func notComparable(_ reason: String) -> TimingComparison {
            TimingComparison(
                verdict: .notComparable, interval: nil, mannWhitney: nil,
                alpha: alpha, minimumEffect: minimumEffect, reason: reason)
        }
        guard !baseline.isEmpty, !candidate.isEmpty else {
            return notComparable("a sample is empty")
        }
        guard baseline.allSatisfy(\.isFinite), candidate.allSatisfy(\.isFinite) else {
            return notComparable("a sample holds a value that is not a finite number")
        }
        // The most extreme ordering of n + m values has exact two-sided
        // p = 2 / C(n+m, n); if even that is not below alpha, no data of this
        // size could show a change, and "unchanged" would be a false comfort.
        let n = Double(baseline.count)
        let m = Double(candidate.count)
        let logOrderings = lgamma(n + m + 1) - lgamma(n + 1) - lgamma(m + 1)
        guard log(2) - logOrderings < log(alpha) else {
            return notComparable("too few samples (\(baseline.count) and \(candidate.count)) to reach p < \(alpha)")
        }
        let interval = BootstrapRatio.medianRatio(
            baseline: baseline, candidate: candidate,
            confidence: confidence, resamples: resamples, seed: seed)
        guard interval.ratio.isFinite, interval.ratio > 0 else {
            return notComparable("the baseline median is zero or the ratio is undefined")
        }
        let test = MannWhitney.test(candidate, baseline)
        let significant = test.pValue < alpha
        let slowerBound = 1 + minimumEffect
        let fasterBound = 1 / slowerBound
        let evidence =
            "p = \(short(test.pValue)), median ratio \(short(interval.ratio)) "
            + "[\(short(interval.lower)), \(short(interval.upper))]"
        let verdict: Verdict
        let reason: String
        if significant && test.effectSize > 0.5 && interval.lower > slowerBound {
            verdict = .worse
            reason = "\(evidence) lies above \(short(slowerBound))"
        } else if significant && test.effectSize < 0.5 && interval.upper < fasterBound {
            verdict = .better
            reason = "\(evidence) lies below \(short(fasterBound))"
        } else if !significant {
            verdict = .unchanged
            reason = "\(evidence): not significant at alpha \(alpha)"
        } else {
            verdict = .unchanged
            reason = "\(evidence): significant, but not clear of the \(short(minimumEffect * 100))% minimum effect"
        }
        return TimingComparison(
            verdict: verdict, interval: interval, mannWhitney: test,
            alpha: alpha, minimumEffect: minimumEffect, reason: reason)
    }

    /// Judges a deterministic metric (allocations, bytes written, cells
    /// changed): one number per side, no noise, so no statistics.
    ///
    /// `unchanged` when |candidate - baseline| <= |baseline| * `tolerance`;
    /// otherwise `worse` or `better` by direction. A tolerance of 0 demands
    /// exact equality; a zero baseline makes any change a change.
    ///
    /// - Parameters:
    ///   - tolerance: relative, >= 0 (0.01 = 1%).
    ///   - lowerIsBetter: false for metrics such as throughput.
    public static func judgeDeterministic(
        baseline: Double, candidate: Double, tolerance: Double, lowerIsBetter: Bool = true
    ) -> Verdict {
        precondition(tolerance >= 0, "tolerance must not be negative")
        guard baseline.isFinite, candidate.isFinite else { return .notComparable }
        if abs(candidate - baseline) <= abs(baseline) * tolerance { return .unchanged }
        return (candidate > baseline) == lowerIsBetter ? .worse : .better
    }

    /// Three significant digits ("1.19", "0.05", "1.2e-40"), enough for a
    /// reason line.
    private static func short(_ value: Double) -> String {
        String(format: "%.3g", value)
    }
}
