import Harness
/// Markdown for pull-request comments and CI job summaries. Names and fields
/// read from files pass through `UntrustedText.markdown`, so a `|` in a
/// benchmark name stays in its cell.
public enum MarkdownReport {
    public static func run(_ document: RunDocument) -> String {
        var lines = ["## framebench results", ""]
        lines.append(
            "Machine: "
                + UntrustedText.markdown(
                    "\(document.machine.cpu), \(document.machine.cores) cores, \(document.machine.os), Swift \(document.machine.swift) (\(document.machine.build)); commit \(document.git.commit.map { String($0.prefix(12)) } ?? "unknown")\(document.git.dirty == true ? " (dirty)" : "")"
                ))
        lines.append("")
        lines.append("Frame: the whole frame (update + layout + render stage + write). Render: diff+encode, or ncurses' wnoutrefresh+doupdate.")
        lines.append("")
        lines.append("| scenario | backend | frame p50 | frame p99 | layout p50 | render p50 | instructions/frame | bytes/frame | allocs/frame | dirty cells/frame |")
        lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for scenario in document.scenarios {
            func cell(_ metric: Metric, _ statistic: Statistic) -> String {
                if scenario.unmeasured.contains(metric) { return "not measured" }
                return scenario.value(metric, statistic).map { Units.format($0, metric) } ?? "-"
            }
            lines.append(
                "| \(UntrustedText.markdown(scenario.name)) | \(UntrustedText.markdown(scenario.backend.rawValue)) | \(cell(.frameTime, .p50)) | \(cell(.frameTime, .p99)) | \(cell(.layoutTime, .p50)) | \(cell(.renderTime, .p50)) | \(cell(.instructions, .mean)) | \(cell(.bytes, .mean)) | \(cell(.allocations, .mean)) | \(cell(.dirtyCells, .mean)) |"
            )
        }
        // Runs past the exact frame limit: their percentiles are read from a distribution (how close, the note says).
        let summarized = document.scenarios.compactMap { scenario in
            scenario.summarizedFrames.map { "> \(UntrustedText.markdown(scenario.key)): \(UntrustedText.markdown($0.text))" }
        }
        if !summarized.isEmpty { lines += [""] + summarized }
        lines += tailLines(document.scenarios)
        return lines.joined(separator: "\n")
    }

    /// Our lane's tails against their workloads' targets (`TailVerdict`), one item each.
    static func tailLines(_ scenarios: [ScenarioReport]) -> [String] {
        let items = scenarios.compactMap { scenario in
            scenario.tail.map { tail in
                "- \(UntrustedText.markdown(scenario.key)): " + UntrustedText.markdown(TailWords.sentence(tail))
            }
        }
        guard !items.isEmpty else { return [] }
        return ["", "Tail (frames neither resized nor preempted by the machine) against each workload's targets:", ""] + items
    }

    public static func comparison(_ report: ComparisonReport, baselineName: String) -> String {
        var lines = ["## framebench compared with \(UntrustedText.markdown(baselineName))", ""]
        if !report.machineDifferences.isEmpty {
            let differences = report.machineDifferences.joined(separator: ", ")
            lines.append("> Baseline from another machine or build (\(UntrustedText.markdown(differences))): timings do not compare.")
            lines.append("")
        }
        if !report.machineFieldsNotCompared.isEmpty {
            lines.append(
                "> One side does not record the machine's \(report.machineFieldsNotCompared.joined(separator: ", ")) (an older file): not compared.")
            lines.append("")
        }
        lines.append(report.failed ? "**Gate: failed** (\(UntrustedText.markdown(TextReport.failureSummary(report))))" : "Gate: passed")
        lines.append("")
        let moved = Set(report.rows.filter { $0.verdict == .worse }.map(\.scenario)).sorted()
        for scenario in moved {
            lines.append("- \(UntrustedText.markdown(scenario)) moved for the worse: \(UntrustedText.markdown(report.movedPhases(of: scenario).joined(separator: ", ")))")
        }
        if !moved.isEmpty { lines.append("") }
        lines.append("| scenario | metric | baseline | now | change | verdict |")
        lines.append("|---|---|---:|---:|---:|---|")
        for row in report.rows {
            let change = !row.measured ? "-" : row.change.isFinite ? Units.number(row.change * 100, digits: 1) + "%" : "new"
            let verdict = row.verdict == .worse ? (row.gates ? "**worse**" : "worse (not gating)") : row.verdict.rawValue
            lines.append("| \(UntrustedText.markdown(row.scenario)) | \(row.metric.rawValue).\(row.statistic.rawValue) | \(TextReport.figure(row.baseline, row)) | \(TextReport.figure(row.candidate, row)) | \(change) | \(verdict) \(row.evidence.isEmpty ? "" : "(\(UntrustedText.markdown(row.evidence)))") |")
        }
        if !report.budgets.isEmpty {
            lines += ["", "| scenario | budget | value | limit | |", "|---|---|---:|---:|---|"]
            for check in report.budgets {
                lines.append("| \(UntrustedText.markdown(check.scenario)) | \(UntrustedText.markdown(check.limit)) | \(Units.format(check.value, check.metric)) | \(Units.format(check.maximum, check.metric))\(check.basis.isEmpty ? "" : " (\(UntrustedText.markdown(check.basis)))") | \(check.holds ? "holds" : "**exceeded**") |")
            }
        }
        for key in report.onlyInBaseline { lines.append("- \(UntrustedText.markdown(key)): in the baseline only") }
        for key in report.onlyInCandidate { lines.append("- \(UntrustedText.markdown(key)): not in the baseline") }
        return lines.joined(separator: "\n")
    }
}
