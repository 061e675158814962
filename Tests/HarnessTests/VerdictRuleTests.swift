import XCTest

@testable import Harness

/// One verdict rule for frames, run medians and paired rounds, and the
/// evidence it leaves as data; each test's wording rendered once here.
final class VerdictRuleTests: XCTestCase {
    private let rule = VerdictRule.standard

    func testTheRuleNeedsSignificanceAndAnEffectClearOfTheMinimum() {
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.06, upper: 1.2), .worse)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 0.8, upper: 0.95), .better)
        XCTAssertEqual(rule.decide(pValue: 0.02, lower: 1.5, upper: 1.6), .notSignificant)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.04, upper: 1.2), .withinMinimumEffect, "the interval touches 1.05")
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.02, upper: 1.02), .withinMinimumEffect)
    }

    func testAPValueEqualToAlphaIsSignificant() {
        XCTAssertEqual(rule.decide(pValue: 0.01, lower: 1.2, upper: 1.2), .worse)
        XCTAssertEqual(rule.decide(pValue: 0.010_000_1, lower: 1.2, upper: 1.2), .notSignificant)
    }

    func testATestLeaningAgainstTheRatioGivesNoVerdict() {
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.1, upper: 1.2, leaning: .faster), .withinMinimumEffect)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 0.8, upper: 0.9, leaning: .slower), .withinMinimumEffect)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.1, upper: 1.2, leaning: .neither), .withinMinimumEffect)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.1, upper: 1.2, leaning: .slower), .worse)
    }

    func testTheBoundsAreReciprocalSoSwappingSidesSwapsTheVerdict() {
        XCTAssertEqual(rule.fasterBound * rule.slowerBound, 1, accuracy: 1e-12)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1.1, upper: 1.1), .worse)
        XCTAssertEqual(rule.decide(pValue: 0.001, lower: 1 / 1.1, upper: 1 / 1.1), .better)
    }

    func testTheFewestRunsAndRoundsFollowFromAlpha() {
        XCTAssertEqual(rule.minimumRunsPerSide, 5, "2/252 <= 0.01 < 2/70")
        XCTAssertEqual(rule.minimumRounds, 8, "2/256 <= 0.01 < 2/128")
        XCTAssertTrue(rule.canReachSignificance(5, 5))
        XCTAssertFalse(rule.canReachSignificance(4, 4))
        let strict = VerdictRule(alpha: 0.001, minimumEffect: 0.05)
        XCTAssertEqual(strict.minimumRunsPerSide, 7)
        XCTAssertEqual(strict.minimumRounds, 11)
    }

    func testFramesRunMediansAndPairedRoundsAllApplyTheOptionsRule() {
        let loose = VerdictRule(alpha: 0.05, minimumEffect: 0.2)
        // Frames spread by a fixed pattern: a 10% shift is clearly significant.
        let base = (0..<400).map { 100_000 + Double(($0 * 37) % 101) * 300 }
        let frames = TimingComparison.judge(baseline: base, candidate: base.map { $0 * 1.1 }, rule: loose)
        XCTAssertEqual(frames.evidence.rule, loose)
        XCTAssertEqual(frames.evidence.decision, .withinMinimumEffect, frames.evidence.text)
        let rounds = Array(repeating: (baseline: base, candidate: base.map { $0 * 1.1 }), count: 6)
        let paired = PairedRounds.judge(rounds, rule: loose)
        XCTAssertEqual(paired.evidence.rule, loose)
        XCTAssertEqual(paired.evidence.decision, .withinMinimumEffect, "6 rounds reach 0.05; 10% is within 20%")
        XCTAssertEqual(PairedRounds.judge(rounds).evidence.outcome, .notComparable(.tooFewSamples), "6 rounds cannot reach 0.01")
    }

    // MARK: Wording: one test for each test's sentence

    private func evidence(_ test: TimingEvidence.Test, _ outcome: TimingEvidence.Outcome, counts: Int = 5) -> TimingEvidence {
        TimingEvidence(test: test, baselineCount: counts, candidateCount: counts, rule: rule, outcome: outcome)
    }

    private let figures = TimingEvidence.Figures(pValue: 1.234e-40, ratio: 1.19, low: 1.17, high: 1.21)

    func testFramesEvidenceReadsAsPValueAndIntervalAgainstTheBound() {
        XCTAssertEqual(
            evidence(.mannWhitneyOnFrames, .judged(figures, .worse)).text,
            "p = 1.23e-40, median ratio 1.19 [1.17, 1.21] lies above 1.05")
        XCTAssertEqual(
            evidence(.mannWhitneyOnFrames, .judged(figures, .notSignificant)).text,
            "p = 1.23e-40, median ratio 1.19 [1.17, 1.21]: not significant at alpha 0.01")
        XCTAssertEqual(
            evidence(.mannWhitneyOnFrames, .judged(figures, .withinMinimumEffect)).text,
            "p = 1.23e-40, median ratio 1.19 [1.17, 1.21]: significant, but not clear of the 5% minimum effect")
        XCTAssertEqual(
            evidence(.mannWhitneyOnFrames, .notComparable(.tooFewSamples), counts: 4).text,
            "too few samples (4 and 4) to reach p <= 0.01")
    }

    func testRunMediansEvidenceReadsAsRatioAndRunCounts() {
        let runs = TimingEvidence.Figures(pValue: 2.0 / 252, ratio: 1.2, low: 1.2, high: 1.2)
        XCTAssertEqual(
            evidence(.mannWhitneyOnRunMedians, .judged(runs, .worse)).text,
            "run medians: ratio 1.2, Mann-Whitney p = 0.00794 (5 and 5 runs)")
        XCTAssertEqual(
            evidence(.mannWhitneyOnRunMedians, .judged(runs, .notSignificant)).text,
            "run medians: ratio 1.2, Mann-Whitney p = 0.00794 (5 and 5 runs): not significant")
    }

    func testPairedRoundsEvidenceReadsAsRatioRangeAndSignFlipP() {
        let rounds = TimingEvidence.Figures(pValue: 2.0 / 256, ratio: 1.1, low: 1.07, high: 1.13)
        XCTAssertEqual(
            evidence(.signFlipOnPairedRounds, .judged(rounds, .worse), counts: 8).text,
            "ratio 1.1 over 8 paired rounds (1.07-1.13), sign-flip p = 0.00781, above 1.05")
        XCTAssertEqual(
            evidence(.signFlipOnPairedRounds, .judged(rounds, .withinMinimumEffect), counts: 8).text,
            "ratio 1.1 over 8 paired rounds (1.07-1.13), sign-flip p = 0.00781: significant, within the 5% minimum effect")
        XCTAssertEqual(
            evidence(.signFlipOnPairedRounds, .notComparable(.tooFewSamples), counts: 3).text,
            "3 paired rounds with data: 8 are needed to reach p <= 0.01")
    }

    func testEvidenceRoundTripsThroughJSON() throws {
        let judged = evidence(.signFlipOnPairedRounds, .judged(figures, .better))
        XCTAssertEqual(try JSONDecoder().decode(TimingEvidence.self, from: try JSONEncoder().encode(judged)), judged)
    }
}
