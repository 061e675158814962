import FrameGrid

/// The text report of a run: per backend, render-stage percentiles, bytes
/// and allocations per frame; the ratio between backends; idle-frame costs.
public enum RunReport {
    public static func text(_ run: RunResult) -> String {
        let settings = run.settings
        let measured = run.results.first?.samples.renderNanoseconds.count ?? 0
        var lines: [String] = []
        lines.append(
            "\(settings.workload)  \(settings.size)  \(settings.frames) frames (\(settings.warmUpFrames) warm-up excluded, \(measured) measured)  TERM=\(settings.term)  seed \(settings.workloadSettings.seed)"
        )
        lines.append("")
        let header = [
            pad("backend", 11), pad("stage", 12), lpad("p50", 10), lpad("p90", 10), lpad("p99", 10), lpad("max", 10),
            lpad("bytes/frame", 12), lpad("allocs/frame", 13),
        ].joined(separator: " ")
        lines.append(header)
        for result in run.results {
            let time = Summary(result.samples.renderNanoseconds)
            let bytes = Summary(result.samples.bytes)
            let allocations = Summary(result.samples.allocations)
            lines.append(row(result.backend.rawValue, result.stage, time, bytes: bytes.mean, allocations: allocations.mean))
            if result.backend == .framebench {
                for (stage, values) in [
                    ("  diff", result.samples.diffNanoseconds), ("  encode", result.samples.encodeNanoseconds),
                    ("  write", result.samples.writeNanoseconds), ("  produce", result.samples.produceNanoseconds),
                ] {
                    lines.append(row("", stage, Summary(values), bytes: nil, allocations: nil))
                }
            }
        }
        lines.append("")
        for result in run.results {
            let allocations = Summary(result.samples.allocations)
            let bytes = Summary(result.samples.bytes)
            var note = "\(result.backend.rawValue): bytes/frame mean \(format(bytes.mean)) max \(Int(bytes.max)); allocations/frame in \(result.stage) mean \(format(allocations.mean)) max \(Int(allocations.max))"
            if result.backend == .framebench {
                note += "; dirty cells/frame mean \(format(Summary(result.samples.dirtyCells).mean)); frames scrolled by a scroll region \(result.samples.scrolls)"
            }
            lines.append(note)
        }
        if run.results.count == 2 {
            let ours = Summary(run.results[0].samples.renderNanoseconds)
            let theirs = Summary(run.results[1].samples.renderNanoseconds)
            let oursBytes = Summary(run.results[0].samples.bytes).mean
            let theirBytes = Summary(run.results[1].samples.bytes).mean
            if theirs.p50 > 0 {
                lines.append(
                    "ratio framebench/ncurses: render p50 \(format(ours.p50 / theirs.p50, digits: 3)), p99 \(format(ours.p99 / max(theirs.p99, 1), digits: 3)); bytes/frame \(format(oursBytes / max(theirBytes, 1), digits: 3))"
                )
            }
        }
        if let idle = run.idle {
            lines.append(
                "unchanged frame: \(idle.bytes) bytes; diff p50 \(duration(idle.copiedFrameDiff.p50)) (copy of the shown frame), \(duration(idle.redrawnFrameDiff.p50)) (redrawn from scratch, \(idle.redrawnBytes) bytes)"
            )
        }
        if !AllocationSnapshot.isCounting {
            lines.append("note: the allocation counter is not active in this process; allocation figures are 0")
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ backend: String, _ stage: String, _ time: Summary, bytes: Double?, allocations: Double?) -> String {
        [
            pad(backend, 11), pad(stage, 12), lpad(duration(time.p50), 10), lpad(duration(time.p90), 10),
            lpad(duration(time.p99), 10), lpad(duration(time.max), 10),
            lpad(bytes.map { format($0) } ?? "", 12), lpad(allocations.map { format($0) } ?? "", 13),
        ].joined(separator: " ")
    }

    /// A duration in ns, us or ms with three significant digits.
    public static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return format(nanoseconds, digits: 0) + "ns" }
        if nanoseconds < 1_000_000 { return format(nanoseconds / 1_000, digits: nanoseconds < 10_000 ? 2 : 1) + "us" }
        return format(nanoseconds / 1_000_000, digits: 2) + "ms"
    }

    public static func format(_ value: Double, digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0 { return String(Int(rounded)) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func lpad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
