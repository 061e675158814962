import Harness

extension TextReport {
    /// Our lane's tail against the workload's targets (`TailTargets`):
    /// p99, p99.9 and max of the frames that neither resized the terminal
    /// nor were preempted, the resized frames apart, and with the ncurses
    /// lane the median frame against ncurses' output stage. Figures with a
    /// verdict each; nothing is asserted. It replaces the lane's line of
    /// preempted frames (`peerSummary`).
    func tailLines(_ run: RunResult) -> [String] {
        guard let ours = run.results.first(where: { $0.backend == .framebench }),
            let (times, resized, preempted) = ours.samples.frameTimesApart(), !times.isEmpty
        else { return [] }
        let targets = run.settings.tailTargets
        let name = "\(UntrustedText.terminal(run.settings.name)) [framebench]"
        let tail = Summary(times)
        let figures = [
            TextReport.judged("p99", tail.p99, targets.p99), TextReport.judged("p99.9", tail.p999, targets.p999),
            TextReport.judged("max", tail.max, targets.max),
        ]
        var apart: [String] = []
        if !resized.isEmpty {
            let slowest = resized.max()!
            apart.append(
                resized.count == 1
                    ? "1 resize frame (\(Units.duration(slowest)))"
                    : "\(resized.count) resize frames (p50 \(Units.duration(Summary(resized).p50)), max \(Units.duration(slowest)))")
        }
        if ours.samples.preemptions.count == ours.samples.frames {
            apart.append("\(preempted) of \(ours.samples.frames) frames preempted by the machine (involuntary context switches during the frame)")
        }
        var lines = [
            "\(name) tail of \(times.count) frames against its targets: " + figures.joined(separator: ", ")
                + (apart.isEmpty ? "" : "; apart: " + apart.joined(separator: "; "))
        ]
        if let theirs = run.results.first(where: { $0.backend == .ncurses }) {
            let ratio = ours.samples.summaryOrZeros(of: .frameTime).p50 / Swift.max(theirs.samples.summaryOrZeros(of: .renderTime).p50, 1)
            let met = ratio <= targets.p50RatioToNcursesOutput
            lines.append(
                "\(name) whole frame p50 / ncurses' output stage p50: \(Units.number(ratio, digits: 2))x (target at most \(Units.number(targets.p50RatioToNcursesOutput, digits: 2))x: \(met ? "met" : "NOT met"))")
        }
        return lines
    }

    /// "p99 412us (target 250us: NOT met)".
    static func judged(_ label: String, _ value: Double, _ target: Double) -> String {
        "\(label) \(Units.duration(value)) (target \(Units.duration(target)): \(value <= target ? "met" : "NOT met"))"
    }
}
