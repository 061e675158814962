/// What a timing verdict rests on, as data: the test used, its figures, the
/// rule applied and what the rule decided. Reports word it
/// (`TimingEvidence+Text.swift`); tests compare the data, not the words.
public struct TimingEvidence: Sendable, Equatable, Codable {
    /// The test that gave p, and the unit it compared.
    public enum Test: String, Sendable, Equatable, Codable {
        /// Mann-Whitney over every frame, with a bootstrap interval of the median ratio.
        case mannWhitneyOnFrames = "mann-whitney on frames"
        /// Exact Mann-Whitney over each run's median: runs made at different times.
        case mannWhitneyOnRunMedians = "mann-whitney on run medians"
        /// Sign-flip permutation test over paired rounds' log ratios.
        case signFlipOnPairedRounds = "sign-flip on paired rounds"
    }

    /// A test's figures: p, and the ratio candidate / baseline with its
    /// spread: for frames the bootstrap interval, for paired rounds the
    /// smallest and largest round's ratio, for run medians the ratio itself.
    public struct Figures: Sendable, Equatable, Codable {
        public var pValue: Double
        public var ratio: Double
        public var low: Double
        public var high: Double
    }

    /// Why the samples could not be judged.
    public enum NotComparable: String, Sendable, Equatable, Codable {
        case emptySample = "empty sample"
        case nonFiniteValue = "non-finite value"
        /// Even the most extreme outcome of samples this small would not be significant.
        case tooFewSamples = "too few samples"
        /// A zero baseline median or an undefined ratio.
        case undefinedRatio = "undefined ratio"
    }

    /// The judgement: the figures and the decision, or why there is none.
    public enum Outcome: Sendable, Equatable, Codable {
        case judged(Figures, TimingDecision)
        case notComparable(NotComparable)
    }

    public var test: Test
    /// Values on each side the test saw: frames, runs, or paired rounds with data.
    public var baselineCount: Int
    public var candidateCount: Int
    public var rule: VerdictRule
    public var outcome: Outcome

    public var verdict: Verdict {
        switch outcome {
        case .judged(_, let decision): decision.verdict
        case .notComparable: .notComparable
        }
    }

    /// The decision, when the samples could be judged.
    public var decision: TimingDecision? {
        if case .judged(_, let decision) = outcome { return decision }
        return nil
    }

    /// The figures, when the samples could be judged.
    public var figures: Figures? {
        if case .judged(let figures, _) = outcome { return figures }
        return nil
    }
}
