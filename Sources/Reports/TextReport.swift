import Harness
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
            let runs = "\(s.repeats) run\(s.repeats == 1 ? "" : "s")"
            // Names, commands and scripts come from suites and results files: shown, never obeyed.
            lines.append(
                bold(UntrustedText.terminal("\(scenario.name) [\(scenario.backend)]"))
                    + UntrustedText.terminal(
                        scenario.program == nil
                            ? "  \(s.scenario) \(s.cols)x\(s.rows), \(scenario.histogram.total) frames measured (\(s.warmUpFrames) warm-up per run, \(runs)), TERM=\(s.term), seed \(s.seed), script \(s.script)"
                            : "  program: \(s.scenario), \(s.cols)x\(s.rows), \(scenario.histogram.total) frames answering inputs (\(runs)), TERM=\(s.term), keys: \(s.script)")
            )
            if let reason = scenario.timingsNotComparable { lines.append("  note: \(reason)") }
            if let summarized = scenario.summarizedFrames { lines.append("  note: \(summarized.text)") }
            lines.append(
                "  " + TextReport.pad("metric", 34) + ["p50", "p90", "p99", "p99.9", "max", "mean"].map { TextReport.lpad($0, 10) }.joined(separator: " "))
            for metric in Metric.allCases {
                let label = TextReport.label(metric, stage: scenario.stage)
                if scenario.unmeasured.contains(metric) {
                    lines.append("  " + TextReport.pad(label, 34) + TextReport.lpad("not measured", 10))
                    continue
                }
                // Instruction counts get a row when each frame was counted on its own.
                guard let summary = metric.kind == .instructions
                    ? scenario.instructionDistribution[metric] : scenario.metrics[metric]
                else { continue }
                let cells = [summary.p50, summary.p90, summary.p99, summary.p999, summary.max, summary.mean].map {
                    TextReport.lpad(Units.format($0, metric), 10)
                }
                lines.append("  " + TextReport.pad(label, 34) + cells.joined(separator: " "))
            }
            if !scenario.instructions.isEmpty {
                let counted = Metric.allCases.compactMap { metric in
                    scenario.instructions[metric].map { "\(metric.phase?.rawValue ?? metric.rawValue) \(Units.count($0))" }
                }
                lines.append("  instructions per frame (callgrind, mean): " + counted.joined(separator: ", "))
            }
            let budget = scenario.budget
            lines.append(
                "  frame budget \(Units.duration(scenario.frameBudgetNanoseconds)) (whole frame): \(budget.framesOverBudget) frames over, hitch time ratio \(Units.number(budget.hitchTimeRatio, digits: 2)) ms/s, longest late streak \(budget.longestLateStreak); peak RSS \(scenario.peakResidentBytes / 1_048_576) MiB"
            )
            lines.append("  whole-frame time histogram:")
            lines += scenario.histogram.render(width: 40).map { "    " + $0 }
            lines += ProgramRunLines.lines(scenario)
            lines += TextReport.tailLines(scenario).map { "  " + $0 }
            lines.append("")
        }
        for run in runs {
            lines += peerSummary(run)
        }
        if !AllocationSnapshot.isCounting {
            lines.append("note: the allocation counter is not active in this process (a sanitizer build?): allocations are not measured")
        }
        return lines.joined(separator: "\n")
    }

    /// A metric's name with what it spans, for tables.
    static func label(_ metric: Metric, stage: String) -> String {
        switch metric {
        case .frameTime: return "frame_time_ns (whole frame)"
        case .renderTime: return "render_ns (\(stage))"
        default: return metric.rawValue
        }
    }

    /// The two backends side by side, in words that cannot be misread, and
    /// what an unchanged frame costs.
    func peerSummary(_ run: RunResult) -> [String] {
        var lines: [String] = []
        if run.results.count == 2 {
            let ours = run.results[0].samples
            let theirs = run.results[1].samples
            let name = UntrustedText.terminal(run.settings.name)
            lines.append(
                "\(name): whole frame p50 \(Units.duration(ours.summaryOrZeros(of: .frameTime).p50)) vs \(Units.duration(theirs.summaryOrZeros(of: .frameTime).p50)) (ncurses lane): "
                    + TextReport.speed(ours.summaryOrZeros(of: .frameTime).p50, theirs.summaryOrZeros(of: .frameTime).p50, "the ncurses lane's whole frame"))
            lines.append(
                "\(name): render stage p50 \(Units.duration(ours.summaryOrZeros(of: .renderTime).p50)) (diff+encode) vs \(Units.duration(theirs.summaryOrZeros(of: .renderTime).p50)) (wnoutrefresh+doupdate): "
                    + TextReport.speed(ours.summaryOrZeros(of: .renderTime).p50, theirs.summaryOrZeros(of: .renderTime).p50, "ncurses wnoutrefresh+doupdate"))
            lines.append(
                "\(name): whole frame p50 vs ncurses' output stage alone: "
                    + TextReport.speed(ours.summaryOrZeros(of: .frameTime).p50, theirs.summaryOrZeros(of: .renderTime).p50, "ncurses wnoutrefresh+doupdate alone"))
            let oursBytes = ours.summaryOrZeros(of: .bytes).mean
            let theirBytes = theirs.summaryOrZeros(of: .bytes).mean
            lines.append(
                "\(name): bytes/frame \(Units.number(oursBytes, digits: 1)) vs \(Units.number(theirBytes, digits: 1)) (ncurses), ratio \(Units.number(oursBytes / max(theirBytes, 1), digits: 3))"
            )
        }
        for result in run.results where !result.samples.preemptions.isEmpty || result.samples.preemptionCounts != nil {
            // Our lane's tail line, in its scenario's section, counts its preempted frames apart already
            // (a lane with counted frames always has one: worked out from them here would sort them all).
            if result.backend == .framebench { continue }
            // A frame the machine preempted shows its wait, not our work: counted apart.
            let name = "\(UntrustedText.terminal(run.settings.name)) [\(result.backend.rawValue)]"
            guard let (times, preempted) = result.samples.frameTimesNotPreempted() else {
                let counts = result.samples.preemptionCounts ?? (0, 0)
                lines.append("\(name): \(counts.preempted) of \(counts.frames) frames preempted by the machine (involuntary context switches during the frame)")
                continue
            }
            let others = Summary(times)
            lines.append(
                "\(name): \(preempted) of \(result.samples.frames) frames preempted by the machine (involuntary context switches during the frame); the others: p99 \(Units.duration(others.p99)), p99.9 \(Units.duration(others.p999)), max \(Units.duration(others.max))"
            )
        }
        if let idle = run.idle {
            lines.append(
                "\(UntrustedText.terminal(run.settings.name)): unchanged frame \(idle.bytes) bytes; diff p50 \(Units.duration(idle.copiedFrameDiff.p50)) (copy of the shown frame), \(Units.duration(idle.redrawnFrameDiff.p50)) (redrawn from scratch, \(idle.redrawnBytes) bytes)"
            )
        }
        return lines
    }

    /// "framebench 8.2x faster than X" or "framebench 1.3x slower than X".
    static func speed(_ ours: Double, _ theirs: Double, _ what: String) -> String {
        guard ours > 0, theirs > 0 else { return "no ratio (a time is zero)" }
        if ours <= theirs { return "framebench \(Units.number(theirs / ours, digits: 2))x faster than \(what)" }
        return "framebench \(Units.number(ours / theirs, digits: 2))x slower than \(what)"
    }

    public func comparison(_ report: ComparisonReport, baselineName: String) -> String {
        var lines: [String] = []
        lines.append(
            bold("compared with baseline \(UntrustedText.terminal(baselineName))")
                + (report.machineDifferences.isEmpty ? "" : "  (another machine or build: \(UntrustedText.terminal(report.machineDifferences.joined(separator: ", "))); timings do not compare)"))
        if !report.machineFieldsNotCompared.isEmpty {
            lines.append(
                "  note: one side does not record the machine's \(report.machineFieldsNotCompared.joined(separator: ", ")) (an older file): not compared")
        }
        lines.append(
            "  " + TextReport.pad("scenario", 30) + TextReport.pad("metric", 34) + TextReport.lpad("baseline", 12)
                + TextReport.lpad("now", 12) + TextReport.lpad("change", 10) + "  verdict")
        for row in report.rows {
            let change = !row.measured ? "-" : row.change.isFinite ? Units.number(row.change * 100, digits: 1) + "%" : "new"
            let verdict = paint(row.verdict) + (row.verdict == .worse && !row.gates ? " (not gating)" : "")
            lines.append(
                "  " + TextReport.pad(UntrustedText.terminal(row.scenario), 30) + TextReport.pad("\(row.metric.rawValue).\(row.statistic.rawValue)", 34)
                    + " " + TextReport.lpad(TextReport.figure(row.baseline, row), 11) + " " + TextReport.lpad(TextReport.figure(row.candidate, row), 11)
                    + TextReport.lpad(change, 10) + "  " + verdict + (row.evidence.isEmpty ? "" : "  (\(UntrustedText.terminal(row.evidence)))"))
        }
        for key in report.onlyInBaseline { lines.append("  \(UntrustedText.terminal(key)): in the baseline only") }
        for key in report.onlyInCandidate { lines.append("  \(UntrustedText.terminal(key)): not in the baseline") }
        let moved = Set(report.rows.filter { $0.verdict == .worse }.map(\.scenario)).sorted()
        for scenario in moved {
            lines.append("  \(UntrustedText.terminal(scenario)): moved for the worse: \(report.movedPhases(of: scenario).joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    /// A compared figure in its unit, or "not measured".
    static func figure(_ value: Double, _ row: MetricComparison) -> String {
        row.measured ? Units.format(value, row.metric) : "not measured"
    }

    /// Why a gate failed, in one line: the gating rows and budgets that failed.
    public static func failureSummary(_ report: ComparisonReport) -> String {
        var reasons = report.rows.filter(\.fails).map {
            "\($0.scenario) \($0.metric.rawValue).\($0.statistic.rawValue) \($0.change.isFinite ? String(format: "%+.1f%%", $0.change * 100) : "new")"
        }
        reasons += report.budgets.filter { !$0.holds }.map { "\($0.scenario) \($0.limit) over budget" }
        return reasons.isEmpty ? "nothing failed" : reasons.joined(separator: "; ")
    }

    public func budgets(_ checks: [BudgetCheck]) -> String {
        guard !checks.isEmpty else { return "no budgets apply" }
        var lines = [bold("budgets")]
        for check in checks {
            let status = check.holds ? green("holds") : red("EXCEEDED")
            lines.append(
                "  " + TextReport.pad(UntrustedText.terminal(check.scenario), 30) + TextReport.pad(UntrustedText.terminal(check.limit), 34)
                    + TextReport.lpad(Units.format(check.value, check.metric), 12) + " <= "
                    + TextReport.pad(Units.format(check.maximum, check.metric), 12) + status
                    + (check.basis.isEmpty ? "" : "  (\(check.basis))"))
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

    /// `text` followed by spaces to `width` columns (at least one space), for aligned columns.
    public static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    /// Spaces, then `text`, to `width` columns: right-aligned numbers.
    public static func lpad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
