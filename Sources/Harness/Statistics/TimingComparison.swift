import Foundation

/// The verdict on a timing change between two runs' frames, with the
/// evidence it rests on: `VerdictRule` applied to a Mann-Whitney test of the
/// frames (p) and a bootstrap interval of median(candidate) /
/// median(baseline) (the ratio estimate).
///
/// The interval, not only the point ratio, must clear the minimum effect, so
/// `worse` means the rule is confident the slowdown is at least that large; a
/// true 6% slowdown may well read `unchanged` at a 5% threshold. That is the
/// intended trade: a gate that cries wolf gets ignored. The test must lean
/// the same way as the interval (significance and effect can point in
/// opposite directions for oddly shaped distributions: `unchanged`).
public struct TimingComparison: Sendable, Equatable, Codable {
    /// Bootstrap interval of median(candidate) / median(baseline); nil when
    /// not comparable.
    public let interval: RatioInterval?
    /// Mann-Whitney test of candidate against baseline (so effect size is
    /// P(candidate > baseline)); nil when not comparable.
    public let mannWhitney: MannWhitneyResult?
    /// The test, figures, rule and decision, for reports (`evidence.text`).
    public let evidence: TimingEvidence

    public var verdict: Verdict { evidence.verdict }

    /// median(candidate) / median(baseline), when comparable.
    public var medianRatio: Double? { interval?.ratio }

    /// Judges timing samples (ns per frame; lower is better) by `rule`.
    ///
    /// - Parameters:
    ///   - confidence, resamples, seed: passed to `BootstrapRatio`.
    /// - Complexity: O(resamples * (n + m)), dominated by the bootstrap.
    public static func judge(
        baseline: [Double], candidate: [Double], rule: VerdictRule = .standard,
        confidence: Double = 0.99, resamples: Int = 2000, seed: UInt64 = 42
    ) -> TimingComparison {
        func evidence(_ outcome: TimingEvidence.Outcome) -> TimingEvidence {
            TimingEvidence(
                test: .mannWhitneyOnFrames, baselineCount: baseline.count, candidateCount: candidate.count, rule: rule,
                outcome: outcome)
        }
        func notComparable(_ why: TimingEvidence.NotComparable) -> TimingComparison {
            TimingComparison(interval: nil, mannWhitney: nil, evidence: evidence(.notComparable(why)))
        }
        guard !baseline.isEmpty, !candidate.isEmpty else { return notComparable(.emptySample) }
        guard baseline.allSatisfy(\.isFinite), candidate.allSatisfy(\.isFinite) else {
            return notComparable(.nonFiniteValue)
        }
        guard rule.canReachSignificance(baseline.count, candidate.count) else { return notComparable(.tooFewSamples) }
        let interval = BootstrapRatio.medianRatio(
            baseline: baseline, candidate: candidate,
            confidence: confidence, resamples: resamples, seed: seed)
        guard interval.ratio.isFinite, interval.ratio > 0 else { return notComparable(.undefinedRatio) }
        let test = MannWhitney.test(candidate, baseline)
        let leaning: VerdictRule.Leaning = test.effectSize > 0.5 ? .slower : test.effectSize < 0.5 ? .faster : .neither
        let decision = rule.decide(pValue: test.pValue, lower: interval.lower, upper: interval.upper, leaning: leaning)
        let figures = TimingEvidence.Figures(
            pValue: test.pValue, ratio: interval.ratio, low: interval.lower, high: interval.upper)
        return TimingComparison(interval: interval, mannWhitney: test, evidence: evidence(.judged(figures, decision)))
    }
}
