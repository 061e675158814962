import Foundation
import Workloads

/// The verdict on a timing change measured in paired rounds: round r ran the
/// baseline and the candidate back to back (in alternating order), so the
/// machine's drift, which dominates run-to-run variation on a shared
/// machine, falls on both sides of a round alike and cancels in its ratio.
///
/// The rule, in `judge`:
/// 1. Each round gives one log ratio `d_r`. When both runs measured the same
///    frames (same count), it is the median over frames of
///    log(candidate frame / baseline frame): frame i does the same work on
///    both sides, so pairing by frame also removes the frames' own spread
///    (a tab switch costs more than a scroll on both sides). Otherwise it is
///    the log of the ratio of the two runs' medians.
/// 2. p: an exact sign-flip permutation test of the mean of `d_r` (under
///    "no change" each round's sign is equally likely either way, since the
///    order within rounds alternates); all 2^R flips for R <= 16 rounds,
///    65,536 seeded random flips beyond.
/// 3. The ratio estimate: exp(mean d_r). `VerdictRule` decides on the two.
///
/// With many rounds a 1% real change is significant but not worth a red
/// build; a 6% ratio from three noisy rounds is not significant. With R
/// rounds the smallest possible p is 2 / 2^R, so alpha 0.01 needs at least 8
/// rounds (`VerdictRule.minimumRounds`); fewer are not comparable.
///
/// Why not pool frames: frames of one run share its machine state, so a
/// test over pooled frames takes run-to-run drift for a real change (the
/// false alarms that made schema 1 gate only on run medians).
public struct PairedRounds: Sendable, Equatable {
    /// exp(mean of the rounds' log ratios): candidate over baseline.
    public let ratio: Double
    /// Each round's ratio, candidate over baseline.
    public let roundRatios: [Double]
    /// Two-sided p of the sign-flip test (1 when not comparable).
    public let pValue: Double
    /// The test, figures, rule and decision, for reports (`evidence.text`).
    public let evidence: TimingEvidence

    public var verdict: Verdict { evidence.verdict }

    /// Judges rounds of (baseline frames, candidate frames), times in ns.
    public static func judge(_ rounds: [(baseline: [Double], candidate: [Double])], rule: VerdictRule = .standard) -> PairedRounds {
        let logRatios = rounds.compactMap { logRatio($0.baseline, $0.candidate) }
        let roundRatios = logRatios.map { exp($0) }
        func evidence(_ outcome: TimingEvidence.Outcome) -> TimingEvidence {
            TimingEvidence(
                test: .signFlipOnPairedRounds, baselineCount: logRatios.count, candidateCount: logRatios.count, rule: rule,
                outcome: outcome)
        }
        guard logRatios.count >= rule.minimumRounds else {
            return PairedRounds(
                ratio: logRatios.isEmpty ? .nan : exp(mean(logRatios)), roundRatios: roundRatios, pValue: 1,
                evidence: evidence(.notComparable(.tooFewSamples)))
        }
        let ratio = exp(mean(logRatios))
        let p = signFlipPValue(logRatios)
        let decision = rule.decide(pValue: p, lower: ratio, upper: ratio)
        let figures = TimingEvidence.Figures(pValue: p, ratio: ratio, low: roundRatios.min()!, high: roundRatios.max()!)
        return PairedRounds(ratio: ratio, roundRatios: roundRatios, pValue: p, evidence: evidence(.judged(figures, decision)))
    }

    /// A round's log ratio, or nil when either side has no usable frames.
    static func logRatio(_ baseline: [Double], _ candidate: [Double]) -> Double? {
        guard !baseline.isEmpty, !candidate.isEmpty else { return nil }
        if baseline.count == candidate.count {
            // Allocation: one array of per-frame ratios per round.
            let ratios = zip(baseline, candidate).map { log(max($1, 1) / max($0, 1)) }
            return Summary(ratios).p50
        }
        let a = Summary(baseline).p50
        let b = Summary(candidate).p50
        return log(max(b, 1) / max(a, 1))
    }

    /// Two-sided p of the mean under random sign flips.
    ///
    /// - Complexity: O(2^R * R) for R <= 16, else O(65,536 * R).
    static func signFlipPValue(_ values: [Double]) -> Double {
        let observed = abs(values.reduce(0, +))
        // A tolerance so that flips giving the same sum in exact arithmetic
        // count as "at least as extreme" despite rounding.
        let tolerance = 1e-12 * max(1, values.map(abs).reduce(0, +))
        let count = values.count
        if count <= 16 {
            var extreme = 0
            let total = 1 << count
            for mask in 0..<total {
                var sum = 0.0
                for index in 0..<count { sum += mask & (1 << index) != 0 ? -values[index] : values[index] }
                if abs(sum) >= observed - tolerance { extreme += 1 }
            }
            return Double(extreme) / Double(total)
        }
        var random = SeededRandom(seed: 2026)
        let draws = 65_536
        var extreme = 1  // the observed assignment itself
        for _ in 0..<draws {
            var sum = 0.0
            for value in values { sum += random.next() & 1 == 0 ? value : -value }
            if abs(sum) >= observed - tolerance { extreme += 1 }
        }
        return Double(extreme) / Double(draws + 1)
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
}
