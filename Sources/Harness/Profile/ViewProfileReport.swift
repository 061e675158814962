/// One view path's (or view type's) cost over a run.
public struct ViewCostRow: Equatable, Sendable {
    /// The node path (`Root/VStack/Text`) or the node type.
    public var name: String
    /// Measure, place and draw steps of the node(s).
    public var calls = 0
    /// Time in the node's own work, children excluded, ns.
    public var selfNanoseconds: UInt64 = 0
    /// Time including children, ns (for a type: its self time).
    public var inclusiveNanoseconds: UInt64 = 0
    public var selfAllocations: UInt64 = 0
    /// Frames by the node's self time in each, on `ViewProfiler`'s quarter-octave bins.
    public var frameHistogram = Array(repeating: 0, count: ViewProfiler.binCount)

    public init(
        name: String, calls: Int = 0, selfNanoseconds: UInt64 = 0, inclusiveNanoseconds: UInt64 = 0,
        selfAllocations: UInt64 = 0, frameHistogram: [Int] = Array(repeating: 0, count: ViewProfiler.binCount)
    ) {
        self.name = name
        self.calls = calls
        self.selfNanoseconds = selfNanoseconds
        self.inclusiveNanoseconds = inclusiveNanoseconds
        self.selfAllocations = selfAllocations
        self.frameHistogram = frameHistogram
    }

    /// Frames the node did work in.
    public var frames: Int { frameHistogram.reduce(0, +) }

    /// The 99th percentile of the node's self time per frame it worked in,
    /// ns: the upper edge of its bin (within about 19%).
    public var frameP99: UInt64 {
        let total = frames
        guard total > 0 else { return 0 }
        let rank = Int((Double(total) * 0.99).rounded(.up))
        var seen = 0
        for (bin, count) in frameHistogram.enumerated() {
            seen += count
            if seen >= rank { return ViewProfiler.upperEdge(bin) }
        }
        return 0
    }
}

/// Per-view layout cost of a run: by node path, by view type, and each
/// measured frame's costliest path.
public struct ViewProfileReport: Equatable, Sendable {
    public var paths: [ViewCostRow]
    public var types: [ViewCostRow]
    /// Frame number (warm-up included in the numbering) to its costliest view.
    public var frames: [Int: FrameViewCost]

    /// The `count` rows with the most self time.
    public static func top(_ rows: [ViewCostRow], _ count: Int) -> [ViewCostRow] {
        Array(rows.sorted { ($0.selfNanoseconds, $1.name) > ($1.selfNanoseconds, $0.name) }.prefix(count))
    }

    /// The table `--profile-views` prints: top `count` types and paths by
    /// self time, then the slowest frames with their costliest view.
    public func text(title: String, count: Int = 15, frameTimes: [(frame: Int, nanoseconds: Double)] = []) -> String {
        var lines = ["per-view layout cost: \(UntrustedText.terminal(title))"]
        func table(_ heading: String, _ rows: [ViewCostRow]) {
            lines.append("")
            lines.append("  \(heading)")
            lines.append("  " + pad("self ms", 10) + pad("incl ms", 10) + pad("calls", 10) + pad("allocs", 9) + pad("p99/frame", 11) + "  view")
            for row in ViewProfileReport.top(rows, count) {
                lines.append(
                    "  " + pad(milliseconds(row.selfNanoseconds), 10) + pad(milliseconds(row.inclusiveNanoseconds), 10)
                        + pad("\(row.calls)", 10) + pad("\(row.selfAllocations)", 9)
                        + pad(microseconds(row.frameP99), 11) + "  " + UntrustedText.terminal(row.name))
            }
        }
        table("by view type (self time, top \(count))", types)
        table("by node path (self time, top \(count))", paths)
        let slowest = frameTimes.sorted { $0.nanoseconds > $1.nanoseconds }.prefix(5)
        if !slowest.isEmpty {
            lines.append("")
            lines.append("  slowest frames and the view that cost each the most (self time)")
            for frame in slowest {
                let view = frames[frame.frame]
                let detail = view.map {
                    "\(UntrustedText.terminal($0.path)) \(microseconds(UInt64($0.nanoseconds))), \($0.allocations) allocations"
                } ?? "no layout profiled"
                lines.append("  frame \(frame.frame): \(milliseconds(UInt64(frame.nanoseconds))) ms whole frame; \(detail)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : String(repeating: " ", count: width - text.count) + text
    }

    private func milliseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.3f", Double(nanoseconds) / 1_000_000)
    }

    private func microseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.1f us", Double(nanoseconds) / 1_000)
    }
}
