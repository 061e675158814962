import Foundation

/// The one rule every timing verdict follows: frames (`TimingComparison`),
/// run medians (`Comparison`'s unpaired runs) and paired rounds
/// (`PairedRounds`) differ in the test that gives p and in how the ratio is
/// estimated, never in how the two become a verdict.
///
/// | test's p       | ratio estimate (candidate / baseline)         | decision              |
/// |----------------|-----------------------------------------------|-----------------------|
/// | p <= alpha     | wholly above 1 + minimumEffect, test agrees   | `worse`               |
/// | p <= alpha     | wholly below 1 / (1 + minimumEffect), agrees  | `better`              |
/// | p > alpha      | any                                           | `notSignificant`      |
/// | p <= alpha     | anything else                                 | `withinMinimumEffect` |
///
/// Why both: significance alone flags shifts too small to matter (thousands
/// of frames make a 0.5% change "real"); an effect alone flags noise. The
/// reciprocal bound (not 1 - minimumEffect) makes the rule symmetric:
/// swapping baseline and candidate swaps `worse` and `better` exactly.
///
/// Why alpha 0.01 for all three: it is what the gating paths (run medians,
/// paired rounds) always used: five runs a side reach p = 2/252 and eight
/// paired rounds p = 2/256, both below it. Frames used 0.001 (their
/// samples are not independent), but a frames verdict never gates: it is
/// reported beside "too few runs".
public struct VerdictRule: Sendable, Equatable, Codable {
    /// Significance level: a test's p at most this is significant.
    public let alpha: Double
    /// Smallest relative change that can be `worse` or `better` (0.05 = 5%).
    public let minimumEffect: Double

    /// The rule `compare` and `check` judge timing by.
    public static let standard = VerdictRule(alpha: 0.01, minimumEffect: 0.05)

    public init(alpha: Double, minimumEffect: Double) {
        precondition(alpha > 0 && alpha < 1, "alpha must lie in (0, 1)")
        precondition(minimumEffect >= 0, "minimumEffect must not be negative")
        self.alpha = alpha
        self.minimumEffect = minimumEffect
    }

    /// A ratio wholly above this is a slowdown worth reporting.
    public var slowerBound: Double { 1 + minimumEffect }
    /// A ratio wholly below this is a speedup worth reporting.
    public var fasterBound: Double { 1 / slowerBound }

    public func isSignificant(_ pValue: Double) -> Bool { pValue <= alpha }

    /// Which way the test itself saw the candidate lean. A rank test can
    /// disagree with the ratio of medians for oddly shaped samples; a test
    /// of the ratio itself has no separate say (`followsRatio`).
    public enum Leaning: Sendable, Equatable {
        case slower, faster, neither, followsRatio
    }

    /// The decision on a test's `pValue` and the ratio's estimate
    /// `lower...upper` (an interval, or one point given twice).
    public func decide(pValue: Double, lower: Double, upper: Double, leaning: Leaning = .followsRatio) -> TimingDecision {
        guard isSignificant(pValue) else { return .notSignificant }
        if lower > slowerBound && [.slower, .followsRatio].contains(leaning) { return .worse }
        if upper < fasterBound && [.faster, .followsRatio].contains(leaning) { return .better }
        return .withinMinimumEffect
    }

    /// The fewest paired rounds whose most extreme outcome (p = 2 / 2^R) is significant.
    public var minimumRounds: Int {
        var rounds = 1
        while !isSignificant(2 / pow(2, Double(rounds))) { rounds += 1 }
        return rounds
    }

    /// The fewest runs a side whose complete separation (exact Mann-Whitney
    /// p = 2 / C(2n, n)) is significant: 5 at alpha 0.01.
    public var minimumRunsPerSide: Int {
        var runs = 1
        while !canReachSignificance(runs, runs) { runs += 1 }
        return runs
    }

    /// Whether samples of `baselineCount` and `candidateCount` values could
    /// be significant at all: the most extreme ordering has exact two-sided
    /// p = 2 / C(n+m, n). When not, "unchanged" would be a false comfort.
    public func canReachSignificance(_ baselineCount: Int, _ candidateCount: Int) -> Bool {
        let n = Double(baselineCount)
        let m = Double(candidateCount)
        let logOrderings = lgamma(n + m + 1) - lgamma(n + 1) - lgamma(m + 1)
        return log(2) - logOrderings <= log(alpha)
    }
}

/// What the verdict rule decided, and why, for a comparison it could judge.
public enum TimingDecision: String, Sendable, Equatable, Codable {
    case worse
    case better
    case notSignificant = "not significant"
    case withinMinimumEffect = "within the minimum effect"

    public var verdict: Verdict {
        switch self {
        case .worse: .worse
        case .better: .better
        case .notSignificant, .withinMinimumEffect: .unchanged
        }
    }
}
