/// How a run's frames fared against a frame budget (16.67 ms at 60 Hz,
/// 8.33 ms at 120 Hz, or any other).
public struct FrameBudgetReport: Sendable, Codable, Equatable {
    /// Frames that took strictly longer than the budget.
    public let framesOverBudget: Int
    /// Hitch time ratio in milliseconds per second: total overrun
    /// sum(max(0, t - budget)) in ms, divided by the wall time the frames
    /// occupy on screen in s. See `FrameBudget` for the exact definition.
    /// Apple's guidance reads it as: under 5 good, 5-10 noticeable, over 10
    /// bad.
    public let hitchTimeRatio: Double
    /// The longest run of consecutive frames over budget: one late frame is a
    /// stutter, ten in a row is a freeze.
    public let longestLateStreak: Int

    enum CodingKeys: String, CodingKey {
        case framesOverBudget = "frames_over_budget"
        case hitchTimeRatio = "hitch_time_ratio_ms_per_s"
        case longestLateStreak = "longest_late_streak"
    }
}

/// Judges per-frame times against a frame budget.
///
/// The hitch time ratio follows Apple's definition (hitch time in ms per
/// second of scrolling) with two simplifications a renderer benchmark needs:
/// - A frame's hitch time is its overrun, `t - budget`, not rounded up to
///   whole refresh intervals: the harness has no display to quantise against.
/// - The denominator is the time the frames occupy on a display paced at the
///   budget: sum(max(t, budget)). A frame that finishes early still stays on
///   screen for one interval, so one second of scrolling is one second
///   whatever the fast frames cost. Dividing by sum(t) instead would make the
///   ratio worse whenever the on-time frames got faster.
public enum FrameBudget {
    /// The budgets accepted from the command line, a suites file or a
    /// results file: 1 µs to 1 hour. Outside it a budget is a typo (`1e303`
    /// ms overflowed to infinity and stopped the run on the precondition
    /// below), so it is an error where it is read.
    public static let millisecondsRange = 0.001...3_600_000.0
    public static var nanosecondsRange: ClosedRange<Double> {
        millisecondsRange.lowerBound * 1_000_000...millisecondsRange.upperBound * 1_000_000
    }

    /// "1 µs to 1 hour (0.001...3600000 ms)", for messages.
    public static func rangeText(inMilliseconds: Bool) -> String {
        inMilliseconds ? "0.001...3600000 ms (1 µs to 1 hour)" : "1000...3600000000000 ns (1 µs to 1 hour)"
    }

    /// `value` ms as ns, or a `UsageError` naming `what` when it is not in `millisecondsRange`.
    public static func nanoseconds(fromMilliseconds value: Double, what: String) throws -> Double {
        guard millisecondsRange.contains(value) else {
            throw UsageError("\(what) must be \(rangeText(inMilliseconds: true)), not \(value)")
        }
        return value * 1_000_000
    }

    /// Evaluates `frameTimes` (ns, in frame order) against `budget` (ns).
    /// No frames give a report of zeros.
    ///
    /// - Complexity: O(n), one pass.
    public static func evaluate(frameTimes: [Double], budget: Double) -> FrameBudgetReport {
        precondition(budget > 0 && budget.isFinite, "frame budget must be a positive duration")
        var tally = Tally(budget: budget)
        for time in frameTimes { tally.add(time) }
        return tally.report
    }
}
