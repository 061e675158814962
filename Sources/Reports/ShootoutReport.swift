import Foundation
import Harness

/// The shootout's report: a table per script (Markdown), and the same
/// tables with charts as one self-contained HTML page (inline SVG, no
/// scripts): each script's latency distribution (the share of inputs
/// answered within a time, on a log time axis, one line per peer) and
/// bytes per frame.
public struct ShootoutReport {
    public var plan: ShootoutPlan
    public var summaries: [ShootoutSummary]
    /// The framework versions by peer name.
    public var versions: [String: String]
    /// The machine, in one line (CPU, cores, kernel).
    public var machine: String
    public var date: String
    /// The command that made the report.
    public var command: String

    public init(
        plan: ShootoutPlan, summaries: [ShootoutSummary], versions: [String: String], machine: String,
        date: String,
        command: String
    ) {
        self.plan = plan
        self.summaries = summaries
        self.versions = versions
        self.machine = machine
        self.date = date
        self.command = command
    }

    static let caveats = """
        A list app is one workload: frameworks differ in what they do per frame (diffing, layout, styling, \
        timers), and each app is written the way its framework's documentation writes a long list, not tuned \
        past it. tui-rs is ratatui's direct ancestor (ratatui is not packaged in Debian 12). Latency is a key \
        sent to the last byte of the frame answering it, through a pseudo-terminal and libvterm; Bubble Tea \
        redraws on a 60 Hz ticker, so its figures include waiting for the tick and depend on the key spacing. \
        CPU per frame is the child's CPU time less that of a run of its start-up alone (same round) over its frames. \
        FrameBench's own peer (Layout and its diff renderer) is the one that marks its frames (DEC 2026): its frames \
        end at the marker, the others' after the quiet gap; latency is to the last byte either way.
        """

    private var peersByName: [String: ShootoutPlan.Peer] {
        Dictionary(uniqueKeysWithValues: plan.peers.map { ($0.name, $0) })
    }

    // MARK: Markdown

    public func markdown() -> String {
        var out = "# Terminal UI shootout\n\n"
        out += "- date: \(date)\n- machine: \(machine)\n"
        out +=
            "- terminal \(plan.cols)x\(plan.rows), \(plan.items) items, jump to item \(plan.jump), \(plan.rounds) rounds (interleaved), frames cut by \(plan.gapMilliseconds) ms of quiet\n"
        out += "- reference (list rows checked against): \(plan.reference)\n- command: `\(command)`\n"
        if let line = machineLine() { out += "- \(line)\n" }
        out += "\n"
        out += Self.caveats + "\n\n"
        for script in plan.scripts {
            out += "## \(script.name)\n\n`\(script.keys.oneLine)`\n\n"
            out +=
                "| peer | language | version | p50 ms [95% CI] | p90 ms [95% CI] | p99 ms [95% CI] | max ms | first byte p50 ms | bytes/frame | dirty cells/frame | full repaints | CPU/frame ms | peak RSS MiB | frames/input | same rows |\n"
            out += "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
            for summary in summaries where summary.script == script.name {
                out += "| " + row(summary).joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        out += spreadMarkdown()
        return out
    }

    /// Each round's p50 and their spread, per peer and script.
    public func spreadMarkdown() -> String {
        guard let rows = spreadRows() else { return "" }
        var out = "## Rounds: p50 of each round, ms, and the spread (max - min) / median\n\n"
        if machineSpreadRow() != nil {
            out += "The last row is the machine's: each round's median reading of the fixed loop timed before its runs, ms.\n\n"
        }
        out += "| peer | " + plan.scripts.map(\.name).joined(separator: " | ") + " |\n"
        out += "|---|" + String(repeating: "---|", count: plan.scripts.count) + "\n"
        for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        return out + "\n"
    }

    /// Every machine probe reading of the run, ns, sorted (none taken: empty).
    var machineReadings: [Double] {
        summaries.flatMap(\.roundMachineReadings).filter { $0 > 0 }.sorted()
    }

    /// The machine's own speed over the run, in one line (nil: no reading taken).
    public func machineLine() -> String? {
        let readings = machineReadings
        guard let fastest = readings.first, let slowest = readings.last else { return nil }
        let median = Summary.percentile(readings, 0.5)
        let spread = ShootoutSummary.spread(readings).map { String(format: " (spread %.0f%%)", $0 * 100) } ?? ""
        return "machine speed: a fixed integer loop timed before every run took \(Self.ms(median)) ms (median), "
            + "\(Self.ms(fastest))-\(Self.ms(slowest)) ms over \(readings.count) readings\(spread); "
            + "a quiet machine reads within a few percent, and a peer's p50 moves with the machine"
    }

    /// The machine row of the rounds table: per script, the median reading of each round's runs.
    func machineSpreadRow() -> [String]? {
        guard !machineReadings.isEmpty else { return nil }
        return ["machine (fixed loop)"]
            + plan.scripts.map { script in
                let rounds = summaries.filter { $0.script == script.name }.map(\.roundMachineReadings)
                let count = rounds.map(\.count).max() ?? 0
                let medians: [Double] = (0..<count).compactMap { round in
                    let readings = rounds.compactMap { round < $0.count ? $0[round] : nil }.filter { $0 > 0 }
                    return readings.isEmpty ? nil : Summary.percentile(readings.sorted(), 0.5)
                }
                return medians.isEmpty ? "-" : Self.roundsCell(medians)
            }
    }

    /// A row per peer: its name, then per script "p50 / p50 / ... (spread%)", then the machine's
    /// row (`machineSpreadRow`); nil with one round.
    func spreadRows() -> [[String]]? {
        guard plan.rounds > 1 else { return nil }
        return peerSpreadRows() + (machineSpreadRow().map { [$0] } ?? [])
    }

    private func peerSpreadRows() -> [[String]] {
        plan.peers.map { peer in
            [peer.name]
                + plan.scripts.map { script in
                    guard
                        let summary = summaries.first(where: {
                            $0.peer == peer.name && $0.script == script.name
                        })
                    else {
                        return "-"
                    }
                    return Self.roundsCell(summary.roundP50s)
                }
        }
    }

    /// A cell of the rounds table: each round's value in ms, then their spread ("0.35 / 0.36 (3%)").
    static func roundsCell(_ values: [Double]) -> String {
        values.map { ms($0) }.joined(separator: " / ")
            + (ShootoutSummary.spread(values).map { String(format: " (%.0f%%)", $0 * 100) } ?? "")
    }

    func row(_ summary: ShootoutSummary) -> [String] {
        let peer = peersByName[summary.peer]
        let comparable = summary.notComparable == nil
        let mark = comparable ? "" : " (not comparable)"
        return [
            summary.peer + mark, peer?.language ?? "", versions[summary.peer] ?? "",
            Self.estimate(summary.p50), Self.estimate(summary.p90), Self.estimate(summary.p99),
            Self.ms(summary.max),
            Self.ms(summary.firstByteP50), String(format: "%.0f", summary.bytesPerFrame),
            String(format: "%.0f", summary.dirtyCellsPerFrame),
            "\(summary.fullRepaints) of \(summary.frames)",
            Self.ms(summary.cpuPerFrame),
            String(format: "%.1f", Double(summary.peakResidentBytes) / 1_048_576),
            String(format: "%.2f", summary.framesPerInput)
                + (summary.unanswered > 0 ? " (\(summary.unanswered) unanswered)" : ""),
            comparable ? "yes" : "NO: \(summary.notComparable!)",
        ]
    }

    static func ms(_ nanoseconds: Double) -> String {
        let value = nanoseconds / 1_000_000
        return value < 10 ? String(format: "%.2f", value) : String(format: "%.1f", value)
    }

    static func estimate(_ estimate: ShootoutSummary.Estimate) -> String {
        "\(ms(estimate.value)) [\(ms(estimate.low))-\(ms(estimate.high))]"
    }

    // MARK: HTML

    static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
        "#7f7f7f",
    ]

    public func html() -> String {
        var out = """
            <!doctype html><html><head><meta charset="utf-8"><title>Terminal UI shootout</title><style>
            body{font-family:system-ui,sans-serif;margin:24px;max-width:1350px;color:#222}
            table{border-collapse:collapse;font-size:12px;margin:8px 0 16px}
            td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}td:first-child,th:first-child{text-align:left}
            .bad{background:#fde0e0}.charts{display:flex;gap:24px;flex-wrap:wrap}svg{background:#fafafa;border:1px solid #ddd}
            code{background:#f2f2f2;padding:1px 4px}</style></head><body>
            <h1>Terminal UI shootout</h1>
            """
        out +=
            "<p>\(Self.escape(date)) &middot; \(Self.escape(machine))<br>terminal \(plan.cols)x\(plan.rows), \(plan.items) items, \(plan.rounds) interleaved rounds, reference <b>\(Self.escape(plan.reference))</b><br>command: <code>\(Self.escape(command))</code></p>"
        if let line = machineLine() { out += "<p>\(Self.escape(line))</p>" }
        out += "<p>\(Self.escape(Self.caveats))</p>"
        let headers = [
            "peer", "language", "version", "p50 ms [95% CI]", "p90 ms [95% CI]", "p99 ms [95% CI]",
            "max ms",
            "first byte p50 ms", "bytes/frame", "dirty cells/frame", "full repaints", "CPU/frame ms",
            "peak RSS MiB",
            "frames/input", "same rows",
        ]
        for script in plan.scripts {
            let rows = summaries.filter { $0.script == script.name }
            out +=
                "<h2>\(Self.escape(script.name))</h2><p><code>\(Self.escape(script.keys.oneLine))</code></p><table><tr>"
            out += headers.map { "<th>\($0)</th>" }.joined() + "</tr>"
            for summary in rows {
                out += summary.notComparable == nil ? "<tr>" : "<tr class=\"bad\">"
                out += row(summary).map { "<td>\(Self.escape($0))</td>" }.joined() + "</tr>"
            }
            out += "</table><div class=\"charts\">"
            out += latencyChart(rows, title: "\(script.name): share of inputs answered within (log time)")
            out += bytesChart(rows, title: "\(script.name): bytes per frame (mean)")
            out += "</div>"
        }
        if let spread = spreadRows() {
            out +=
                "<h2>Rounds</h2><p>p50 of each round, ms, and the spread (max - min) / median"
                + (machineSpreadRow() != nil
                    ? "; the last row is the machine's: each round's median reading of the fixed loop timed before its runs, ms"
                    : "")
                + ".</p><table><tr><th>peer</th>"
            out += plan.scripts.map { "<th>\(Self.escape($0.name))</th>" }.joined() + "</tr>"
            for row in spread {
                out += "<tr>" + row.map { "<td>\(Self.escape($0))</td>" }.joined() + "</tr>"
            }
            out += "</table>"
        }
        return out + "</body></html>\n"
    }

    func color(_ peer: String) -> String {
        let index = plan.peers.firstIndex { $0.name == peer } ?? 0
        return Self.palette[index % Self.palette.count]
    }

    /// The empirical distribution of each peer's latencies on a log axis.
    func latencyChart(_ rows: [ShootoutSummary], title: String) -> String {
        let (width, height, left, right, top, bottom) = (640.0, 340.0, 50.0, 150.0, 28.0, 40.0)
        let all = rows.flatMap(\.sortedLatencies).filter { $0 > 0 }
        guard let lowest = all.min(), let highest = all.max() else { return "" }
        let lowDecade = floor(log10(lowest))
        let highDecade = Swift.max(lowDecade + 1, ceil(log10(highest)))
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func x(_ value: Double) -> Double {
            left + (log10(Swift.max(value, lowest)) - lowDecade) / (highDecade - lowDecade) * plotWidth
        }
        func y(_ share: Double) -> Double { top + (1 - share) * plotHeight }
        var svg =
            "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"11\">"
        svg += "<text x=\"\(left)\" y=\"16\" font-weight=\"bold\">\(Self.escape(title))</text>"
        for decade in Int(lowDecade)...Int(highDecade) {
            let position = x(pow(10, Double(decade)))
            svg +=
                "<line x1=\"\(position)\" y1=\"\(top)\" x2=\"\(position)\" y2=\"\(top + plotHeight)\" stroke=\"#ddd\"/>"
            svg +=
                "<text x=\"\(position)\" y=\"\(height - 22)\" text-anchor=\"middle\">\(Self.durationLabel(pow(10, Double(decade))))</text>"
        }
        for share in [0.0, 0.5, 0.9, 1.0] {
            svg +=
                "<line x1=\"\(left)\" y1=\"\(y(share))\" x2=\"\(left + plotWidth)\" y2=\"\(y(share))\" stroke=\"#eee\"/>"
            svg +=
                "<text x=\"\(left - 4)\" y=\"\(y(share) + 4)\" text-anchor=\"end\">\(Int(share * 100))%</text>"
        }
        svg +=
            "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\">key to frame complete</text>"
        for (index, summary) in rows.enumerated() where !summary.sortedLatencies.isEmpty {
            let values = summary.sortedLatencies
            let n = Double(values.count)
            var points = "\(x(values[0])),\(y(0))"
            for (rank, value) in values.enumerated() {
                points += " \(x(value)),\(y(Double(rank) / n)) \(x(value)),\(y(Double(rank + 1) / n))"
            }
            let dash = summary.notComparable == nil ? "" : " stroke-dasharray=\"4 3\""
            svg +=
                "<polyline fill=\"none\" stroke=\"\(color(summary.peer))\" stroke-width=\"1.6\"\(dash) points=\"\(points)\"/>"
            let legendY = top + 14 * Double(index)
            svg +=
                "<line x1=\"\(width - right + 10)\" y1=\"\(legendY)\" x2=\"\(width - right + 28)\" y2=\"\(legendY)\" stroke=\"\(color(summary.peer))\" stroke-width=\"3\"\(dash)/>"
            svg +=
                "<text x=\"\(width - right + 32)\" y=\"\(legendY + 4)\">\(Self.escape(summary.peer))</text>"
        }
        return svg + "</svg>"
    }

    /// Mean bytes per frame, one bar per peer.
    func bytesChart(_ rows: [ShootoutSummary], title: String) -> String {
        let (width, height, left, top, bottom) = (420.0, 340.0, 110.0, 28.0, 20.0)
        let highest = Swift.max(1, rows.map(\.bytesPerFrame).max() ?? 1)
        let barHeight = (height - top - bottom) / Double(Swift.max(1, rows.count))
        var svg =
            "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"11\">"
        svg += "<text x=\"10\" y=\"16\" font-weight=\"bold\">\(Self.escape(title))</text>"
        for (index, summary) in rows.enumerated() {
            let barY = top + Double(index) * barHeight
            let length = summary.bytesPerFrame / highest * (width - left - 70)
            svg +=
                "<text x=\"\(left - 6)\" y=\"\(barY + barHeight / 2 + 4)\" text-anchor=\"end\">\(Self.escape(summary.peer))</text>"
            svg +=
                "<rect x=\"\(left)\" y=\"\(barY + 3)\" width=\"\(length)\" height=\"\(barHeight - 6)\" fill=\"\(color(summary.peer))\"/>"
            svg +=
                "<text x=\"\(left + length + 4)\" y=\"\(barY + barHeight / 2 + 4)\">\(String(format: "%.0f", summary.bytesPerFrame))</text>"
        }
        return svg + "</svg>"
    }

    static func durationLabel(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1_000_000_000 { return "\(Int(nanoseconds / 1_000_000_000)) s" }
        if nanoseconds >= 1_000_000 { return "\(Int(nanoseconds / 1_000_000)) ms" }
        if nanoseconds >= 1_000 { return "\(Int(nanoseconds / 1_000)) us" }
        return "\(Int(nanoseconds)) ns"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
