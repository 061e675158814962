import Harness

/// The per-run lines of a program's report (backend `program`): what the
/// metrics table does not show (outcome, input to first byte, time to
/// first frame, frames per input, the child's CPU and memory), from the
/// results alone, so a stored baseline shows them as the run did.
enum ProgramRunLines {
    static func lines(_ scenario: ScenarioReport) -> [String] {
        guard let figures = scenario.program else { return [] }
        var lines: [String] = []
        let cut = figures.usesSynchronizedUpdates
            ? "DEC 2026 sync markers" : "\(figures.quiescenceGapNs / 1_000_000) ms of quiet"
        for (index, outcome) in figures.outcomes.enumerated() {
            let run = index < scenario.runs.count ? scenario.runs[index] : RunSamples(frames: [:])
            let complete = run[.frameTime]
            let firstByte = zip(complete, run[.renderTime]).map { $0 - $1 }
            let exit = figures.exits.flatMap { index < $0.count && !$0[index].isEmpty ? ", child \($0[index])" : nil } ?? ""
            lines.append("  run \(index + 1): \(UntrustedText.terminal(outcome))\(UntrustedText.terminal(exit))")
            let inputs = figures.inputs.flatMap { index < $0.count ? "\($0[index]) inputs, " : nil } ?? ""
            let unanswered = figures.unansweredInputs.flatMap { index < $0.count ? $0[index].count : nil } ?? 0
            lines.append(
                "    \(inputs)\(complete.count) answered, \(unanswered) unanswered (\(Units.number(at(figures.framesPerInput, index))) frames per input), cut by \(cut)")
            if !complete.isEmpty {
                let first = Summary(firstByte)
                let whole = Summary(complete)
                let bytes = Summary(run[.bytes])
                lines.append(
                    "    input to first byte      p50 \(Units.duration(first.p50))  p99 \(Units.duration(first.p99))  max \(Units.duration(first.max))")
                lines.append(
                    "    input to first frame     p50 \(Units.duration(whole.p50))  p99 \(Units.duration(whole.p99))  max \(Units.duration(whole.max))")
                if let settled = figures.inputToSettledNs, index < settled.count, !settled[index].isEmpty {
                    let summary = Summary(settled[index].map(Double.init))
                    lines.append(
                        "    input to settled         p50 \(Units.duration(summary.p50))  p99 \(Units.duration(summary.p99))  max \(Units.duration(summary.max))")
                }
                lines.append(
                    "    bytes per answer         p50 \(Units.number(bytes.p50))  mean \(Units.number(bytes.mean))  full repaints \(Int(at(figures.fullRepaints.map(Double.init), index))) of \(complete.count)")
            }
            let firstFrame = at(figures.timeToFirstFrameNs.map(Double.init), index)
            lines.append(
                "    time to first frame \(firstFrame < 0 ? "none" : Units.duration(firstFrame)), child CPU \(Units.duration(at(figures.childCPUNs.map(Double.init), index))), child peak RSS \(Int(at(figures.childPeakRSSBytes.map(Double.init), index)) / 1024) KiB"
            )
            if let backlog = figures.maxBacklog, index < backlog.count, backlog[index] > 0 {
                lines.append("    open loop: at most \(backlog[index]) inputs waiting unanswered at once")
            }
            for note in figures.notes.flatMap({ index < $0.count ? $0[index] : nil }) ?? [] {
                lines.append("    note: \(UntrustedText.terminal(note))")
            }
            for doubt in figures.doubts.flatMap({ index < $0.count ? $0[index] : nil }) ?? [] {
                lines.append("    DOUBT: \(UntrustedText.terminal(doubt))")
            }
        }
        return lines
    }

    private static func at(_ values: [Double], _ index: Int) -> Double {
        index < values.count ? values[index] : 0
    }
}
