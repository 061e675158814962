/// The text report: per scenario an aligned table of metrics, the
/// frame-time histogram, late-frame figures, and (with a baseline) each
/// compared figure's change and verdict, coloured on a terminal. Names and
/// fields read from files pass through `UntrustedText.terminal`.
public struct TextReport {
    public var colors: Bool

    public init(colors: Bool) { self.colors = colors }

    public func run(_ document: RunDocument, runs: [RunResult] = []) -> String {
        var lines: [String] = []
        for scenario in document.scenarios {
            let s = scenario.settings
            lines.append(
                bold(UntrustedText.terminal("\(scenario.name) [\(scenario.backend)]"))
                    + UntrustedText.terminal(
                        "  \(s.scenario) \(s.cols)x\(s.rows), \(scenario.frameTimesNanoseconds.count) frames measured (\(s.warmUpFrames) warm-up per run, \(s.repeats) run\(s.repeats == 1 ? "" : "s")), TERM=\(s.term), seed \(s.seed)")
            )
            lines.append(
                "  " + TextReport.pad("metric", 30) + ["p50", "p90", "p99", "p99.9", "max", "mean"].map { TextReport.lpad($0, 10) }.joined(separator: " "))
            for metric in Metric.allCases {
                guard let summary = scenario.metrics[metric.rawValue] else { continue }
                let label = metric == .frameTime ? "\(metric.rawValue) (\(UntrustedText.terminal(scenario.stage)))" : metric.rawValue
                let cells = [summary.p50, summary.p90, summary.p99, summary.p999, summary.max, summary.mean].map {
                    TextReport.lpad(metric.isTiming ? TextReport.duration($0) : TextReport.format($0), 10)
                }
                lines.append("  " + TextReport.pad(label, 30) + cells.joined(separator: " "))
            }
            let budget = scenario.budget
            lines.append(
                "  frame budget \(TextReport.duration(scenario.frameBudgetNanoseconds)): \(budget.framesOverBudget) frames over, hitch time ratio \(TextReport.format(budget.hitchTimeRatio, digits: 2)) ms/s, longest late streak \(budget.longestLateStreak); peak RSS \(scenario.peakResidentBytes / 1_048_576) MiB"
            )
            lines.append("  frame time histogram:")
            lines += scenario.histogram.render(width: 40).map { "    " + $0 }
            lines.append("")
        }
        for run in runs {
            lines += peerSummary(run)
        }
        if !AllocationSnapshot.isCounting {
            lines.append("note: the allocation counter is not active in this process; allocation figures are 0")
        }
        return lines.joined(separator: "\n")
    }

    /// The two backends side by side, and what an unchanged frame costs.
    func peerSummary(_ run: RunResult) -> [String] {
        var lines: [String] = []
        if run.results.count == 2 {
            let ours = Summary(run.results[0].samples[.frameTime])
            let theirs = Summary(run.results[1].samples[.frameTime])
            let oursBytes = Summary(run.results[0].samples[.bytes]).mean
            let theirBytes = Summary(run.results[1].samples[.bytes]).mean
            if theirs.p50 > 0 {
                lines.append(
                    "\(UntrustedText.terminal(run.settings.name)): framebench/ncurses render p50 \(TextReport.format(ours.p50 / theirs.p50, digits: 3)) (\(TextReport.duration(ours.p50)) vs \(TextReport.duration(theirs.p50))), p99 \(TextReport.format(ours.p99 / max(theirs.p99, 1), digits: 3)); bytes/frame \(TextReport.format(oursBytes, digits: 1)) vs \(TextReport.format(theirBytes, digits: 1)) (\(TextReport.format(oursBytes / max(theirBytes, 1), digits: 3)))"
                )
            }
        }
        if let idle = run.idle {
            lines.append(
                "\(UntrustedText.terminal(run.settings.name)): unchanged frame \(idle.bytes) bytes; diff p50 \(TextReport.duration(idle.copiedFrameDiff.p50)) (copy of the shown frame), \(TextReport.duration(idle.redrawnFrameDiff.p50)) (redrawn from scratch, \(idle.redrawnBytes) bytes)"
            )
        }
        return lines
    }

    public func comparison(_ report: ComparisonReport, baselineName: String) -> String {
        var lines: [String] = []
        lines.append(bold("compared with baseline \(UntrustedText.terminal(baselineName))") + (report.machinesMatch ? "" : "  (another machine or build: timings are not comparable and do not gate)"))
        lines.append(
            "  " + TextReport.pad("scenario", 30) + TextReport.pad("metric", 34) + TextReport.lpad("baseline", 12)
                + TextReport.lpad("now", 12) + TextReport.lpad("change", 10) + "  verdict")
        for row in report.rows {
            let isTiming = row.metric.isTiming
            let value = { (x: Double) in isTiming ? TextReport.duration(x) : TextReport.format(x) }
            let change = row.change.isFinite ? TextReport.format(row.change * 100, digits: 1) + "%" : "new"
            let verdict = paint(row.verdict)
            lines.append(
                "  " + TextReport.pad(UntrustedText.terminal(row.scenario), 30) + TextReport.pad("\(row.metric.rawValue).\(row.statistic)", 34)
                    + TextReport.lpad(value(row.baseline), 12) + TextReport.lpad(value(row.candidate), 12)
                    + TextReport.lpad(change, 10) + "  " + verdict + (row.evidence.isEmpty ? "" : "  (\(UntrustedText.terminal(row.evidence)))"))
        }
        for key in report.onlyInBaseline { lines.append("  \(UntrustedText.terminal(key)): in the baseline only") }
        for key in report.onlyInCandidate { lines.append("  \(UntrustedText.terminal(key)): not in the baseline") }
        return lines.joined(separator: "\n")
    }

    public func budgets(_ checks: [BudgetCheck]) -> String {
        guard !checks.isEmpty else { return "no budgets apply" }
        var lines = [bold("budgets")]
        for check in checks {
            let status = check.holds ? green("holds") : red("EXCEEDED")
            let isTiming = BudgetFile.split(check.limit)?.0.isTiming ?? false
            let value = { (x: Double) in isTiming ? TextReport.duration(x) : TextReport.format(x) }
            lines.append(
                "  " + TextReport.pad(UntrustedText.terminal(check.scenario), 30) + TextReport.pad(UntrustedText.terminal(check.limit), 34)
                    + TextReport.lpad(value(check.value), 12) + " <= " + TextReport.pad(value(check.maximum), 12) + status)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Colour

    private func paint(_ verdict: Verdict) -> String {
        switch verdict {
        case .worse: return red(verdict.rawValue)
        case .better: return green(verdict.rawValue)
        default: return verdict.rawValue
        }
    }
    private func red(_ text: String) -> String { colors ? "\u{1B}[31m\(text)\u{1B}[39m" : text }
    private func green(_ text: String) -> String { colors ? "\u{1B}[32m\(text)\u{1B}[39m" : text }
    private func bold(_ text: String) -> String { colors ? "\u{1B}[1m\(text)\u{1B}[22m" : text }

    // MARK: Numbers

    /// A duration in ns, us or ms with three significant digits.
    public static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return format(nanoseconds, digits: 0) + "ns" }
        if nanoseconds < 1_000_000 { return format(nanoseconds / 1_000, digits: nanoseconds < 10_000 ? 2 : 1) + "us" }
        if nanoseconds < 1_000_000_000 { return format(nanoseconds / 1_000_000, digits: 2) + "ms" }
        return format(nanoseconds / 1_000_000_000, digits: 2) + "s"
    }

    public static func format(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0 { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return text }
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    static func lpad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
