import Foundation

extension TimingEvidence {
    /// One sentence for reports, in each test's wording: "p = 1.2e-40,
    /// median ratio 1.19 [1.17, 1.21] lies above 1.05" (frames), "run
    /// medians: ratio 1.2, Mann-Whitney p = 0.00794 (5 and 5 runs)", "ratio
    /// 1.1 over 8 paired rounds (1.07-1.13), sign-flip p = 0.00781, above 1.05".
    public var text: String {
        switch outcome {
        case .notComparable(let why): return notComparableText(why)
        case .judged(let figures, let decision):
            switch test {
            case .mannWhitneyOnFrames: return framesText(figures, decision)
            case .mannWhitneyOnRunMedians: return runMediansText(figures, decision)
            case .signFlipOnPairedRounds: return pairedRoundsText(figures, decision)
            }
        }
    }

    private func notComparableText(_ why: NotComparable) -> String {
        switch why {
        case .emptySample: return "a sample is empty"
        case .nonFiniteValue: return "a sample holds a value that is not a finite number"
        case .undefinedRatio: return "the baseline median is zero or the ratio is undefined"
        case .tooFewSamples where test == .signFlipOnPairedRounds:
            return "\(candidateCount) paired rounds with data: \(rule.minimumRounds) are needed to reach p <= \(rule.alpha)"
        case .tooFewSamples:
            return "too few samples (\(baselineCount) and \(candidateCount)) to reach p <= \(rule.alpha)"
        }
    }

    private func framesText(_ figures: Figures, _ decision: TimingDecision) -> String {
        let evidence =
            "p = \(Self.short(figures.pValue)), median ratio \(Self.short(figures.ratio)) "
            + "[\(Self.short(figures.low)), \(Self.short(figures.high))]"
        switch decision {
        case .worse: return "\(evidence) lies above \(Self.short(rule.slowerBound))"
        case .better: return "\(evidence) lies below \(Self.short(rule.fasterBound))"
        case .notSignificant: return "\(evidence): not significant at alpha \(rule.alpha)"
        case .withinMinimumEffect:
            return "\(evidence): significant, but not clear of the \(Self.short(rule.minimumEffect * 100))% minimum effect"
        }
    }

    private func runMediansText(_ figures: Figures, _ decision: TimingDecision) -> String {
        let evidence = String(
            format: "run medians: ratio %.3g, Mann-Whitney p = %.3g (%d and %d runs)", figures.ratio, figures.pValue,
            baselineCount, candidateCount)
        switch decision {
        case .worse, .better: return evidence
        case .notSignificant: return evidence + ": not significant"
        case .withinMinimumEffect: return evidence + ": within the minimum effect"
        }
    }

    private func pairedRoundsText(_ figures: Figures, _ decision: TimingDecision) -> String {
        let evidence =
            "ratio \(Self.short(figures.ratio)) over \(candidateCount) paired rounds "
            + "(\(Self.short(figures.low))-\(Self.short(figures.high))), sign-flip p = \(Self.short(figures.pValue))"
        switch decision {
        case .worse: return "\(evidence), above \(Self.short(rule.slowerBound))"
        case .better: return "\(evidence), below \(Self.short(rule.fasterBound))"
        case .notSignificant: return "\(evidence): not significant at \(rule.alpha)"
        case .withinMinimumEffect:
            return "\(evidence): significant, within the \(Self.short(rule.minimumEffect * 100))% minimum effect"
        }
    }

    /// Three significant digits ("1.19", "0.05", "1.2e-40"), enough for a sentence.
    static func short(_ value: Double) -> String { String(format: "%.3g", value) }
}
