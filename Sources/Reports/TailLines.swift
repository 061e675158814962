import Harness

/// A `TailVerdict` in words, the same in every report: the figures with
/// their verdicts, what was set apart, and the median against ncurses'
/// output stage. Only numbers and fixed words: each format escapes them as
/// its own text and adds the scenario's name.
enum TailWords {
    /// "p99 412us (target 250us: NOT met), p99.9 ..., max ...", with a
    /// note when the percentiles come from a distribution.
    static func figures(_ tail: TailVerdict) -> String {
        let targets = tail.targets
        let estimated =
            tail.fromDistribution
            ? " (percentiles from a distribution, within \(Units.number(FrameDistribution.relativeError * 100, digits: 2))%)" : ""
        return "tail of \(tail.frames) frames against its targets\(estimated): "
            + [
                judged("p99", tail.p99, targets.p99, tail.p99Met), judged("p99.9", tail.p999, targets.p999, tail.p999Met),
                judged("max", tail.max, targets.max, tail.maxMet),
            ].joined(separator: ", ")
    }

    /// The resized frames and the preempted count; nil when neither is known.
    static func apart(_ tail: TailVerdict) -> String? {
        var apart: [String] = []
        if let resized = tail.resized {
            apart.append(
                resized.count == 1
                    ? "1 resize frame (\(Units.duration(resized.max)))"
                    : "\(resized.count) resize frames (p50 \(Units.duration(resized.p50)), max \(Units.duration(resized.max)))")
        }
        if let preempted = tail.preempted {
            apart.append("\(preempted) of \(tail.measuredFrames) frames preempted by the machine (involuntary context switches during the frame)")
        }
        return apart.isEmpty ? nil : apart.joined(separator: "; ")
    }

    /// "whole frame p50 / ncurses' output stage p50: 0.61x (target at most 0.35x: NOT met)"; nil without the ncurses lane.
    static func median(_ tail: TailVerdict) -> String? {
        guard let ratio = tail.p50RatioToNcursesOutput, let met = tail.p50RatioMet else { return nil }
        return "whole frame p50 / ncurses' output stage p50: \(Units.number(ratio, digits: 2))x "
            + "(target at most \(Units.number(tail.targets.p50RatioToNcursesOutput, digits: 2))x: \(verdict(met)))"
    }

    /// The figures, the median and what was set apart in one sentence (Markdown's item, HTML's paragraph).
    static func sentence(_ tail: TailVerdict) -> String {
        [figures(tail), median(tail), apart(tail).map { "apart: " + $0 }].compactMap { $0 }.joined(separator: "; ")
    }

    /// "p99 412us (target 250us: NOT met)".
    static func judged(_ label: String, _ value: Double, _ target: Double, _ met: Bool) -> String {
        "\(label) \(Units.duration(value)) (target \(Units.duration(target)): \(verdict(met)))"
    }

    static func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
}

extension TextReport {
    /// Our lane's tail against the workload's targets (`TailVerdict`):
    /// nothing is asserted. It stands for our lane's line of preempted
    /// frames (`peerSummary`).
    static func tailLines(_ scenario: ScenarioReport) -> [String] {
        guard let tail = scenario.tail else { return [] }
        let name = UntrustedText.terminal(scenario.key)
        var lines = ["\(name) " + TailWords.figures(tail) + (TailWords.apart(tail).map { "; apart: " + $0 } ?? "")]
        if let median = TailWords.median(tail) { lines.append("\(name) " + median) }
        return lines
    }
}
