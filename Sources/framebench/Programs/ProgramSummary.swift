import Harness
import ProgramDriver

/// The per-run lines of a program report: what the schema-2 metrics table
/// does not show (outcome, input to first byte, time to first frame,
/// frames per input, the child's CPU and memory).
enum ProgramSummary {
    static func text(_ runs: [ProgramRun]) -> String {
        var lines: [String] = []
        for (index, run) in runs.enumerated() {
            let frames = run.inputFrames
            let firstByte = Summary(frames.compactMap { $0.inputToFirstByte.map { Double($0) } })
            let complete = Summary(frames.compactMap { $0.inputToComplete.map { Double($0) } })
            let bytes = Summary(frames.map { Double($0.bytes) })
            let repaints = frames.filter { $0.damage?.isFullRepaint == true }.count
            lines.append(
                "run \(index + 1): \(UntrustedText.terminal(run.outcome.description))\(run.exit.map { ", child \($0)" } ?? "")"
            )
            lines.append(
                "  \(run.inputs) inputs, \(frames.count) frames answering them (\(Units.number(run.framesPerInput)) per input), "
                    + "cut by \(run.usesSynchronizedUpdates ? "DEC 2026 sync markers" : "\(run.settings.quiescenceGap / 1_000_000) ms of quiet")"
            )
            if !frames.isEmpty {
                lines.append(
                    "  input to first byte      p50 \(Units.duration(firstByte.p50))  p99 \(Units.duration(firstByte.p99))  max \(Units.duration(firstByte.max))"
                )
                lines.append(
                    "  input to frame complete  p50 \(Units.duration(complete.p50))  p99 \(Units.duration(complete.p99))  max \(Units.duration(complete.max))"
                )
                lines.append(
                    "  bytes per frame          p50 \(Units.number(bytes.p50))  mean \(Units.number(bytes.mean))  full repaints \(repaints) of \(frames.count)"
                )
            }
            lines.append(
                "  time to first frame \(run.timeToFirstFrame.map { Units.duration(Double($0)) } ?? "none"), "
                    + "child CPU \(Units.duration(Double(run.cpuNanoseconds))), child peak RSS \(run.peakResidentBytes / 1024) KiB"
            )
        }
        return lines.joined(separator: "\n")
    }
}
