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
                if scenario.unmeasured.contains(metric.rawValue) { return "not measured" }
                return scenario.value(metric, statistic).map { Units.format($0, metric) } ?? "-"
            }
            lines.append(
                "| \(UntrustedText.markdown(scenario.name)) | \(UntrustedText.markdown(scenario.backend)) | \(cell(.frameTime, .p50)) | \(cell(.frameTime, .p99)) | \(cell(.layoutTime, .p50)) | \(cell(.renderTime, .p50)) | \(cell(.instructions, .mean)) | \(cell(.bytes, .mean)) | \(cell(.allocations, .mean)) | \(cell(.dirtyCells, .mean)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func comparison(_ report: ComparisonReport, baselineName: String) -> String {
        var lines = ["## framebench compared with \(UntrustedText.markdown(baselineName))", ""]
        if let difference = report.machineDifference {
            lines.append("> Baseline from another machine or build (\(UntrustedText.markdown(difference))): timings do not compare.")
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
            let change = row.change.isFinite ? Units.number(row.change * 100, digits: 1) + "%" : "new"
            let verdict = row.verdict == .worse ? (row.gates ? "**worse**" : "worse (not gating)") : row.verdict.rawValue
            lines.append("| \(UntrustedText.markdown(row.scenario)) | \(row.metric.rawValue).\(row.statistic.rawValue) | \(Units.format(row.baseline, row.metric)) | \(Units.format(row.candidate, row.metric)) | \(change) | \(verdict) \(row.evidence.isEmpty ? "" : "(\(UntrustedText.markdown(row.evidence)))") |")
        }
        if !report.budgets.isEmpty {
            lines += ["", "| scenario | budget | value | limit | |", "|---|---|---:|---:|---|"]
            for check in report.budgets {
                let metric = Metric(rawValue: String(check.limit.prefix { $0 != "." })) ?? .bytes
                lines.append("| \(UntrustedText.markdown(check.scenario)) | \(UntrustedText.markdown(check.limit)) | \(Units.format(check.value, metric)) | \(Units.format(check.maximum, metric))\(check.basis.isEmpty ? "" : " (\(UntrustedText.markdown(check.basis)))") | \(check.holds ? "holds" : "**exceeded**") |")
            }
        }
        for key in report.onlyInBaseline { lines.append("- \(UntrustedText.markdown(key)): in the baseline only") }
        for key in report.onlyInCandidate { lines.append("- \(UntrustedText.markdown(key)): not in the baseline") }
        return lines.joined(separator: "\n")
    }
}

/// JUnit XML: one test case per scenario and metric (and budget). A case
/// fails if and only if its row fails the gate, so the CI system's count of
/// failures and framebench's exit code agree; changes that do not gate are
/// reported inside the case (`system-out`).
public enum JUnitReport {
    public static func report(_ comparison: ComparisonReport) -> String {
        var cases: [String] = []
        var failures = 0
        var skipped = 0
        for check in comparison.budgets {
            let name = escape("budget \(check.limit)")
            let detail = escape("\(Units.number(check.value)) against a limit of \(Units.number(check.maximum))\(check.basis.isEmpty ? "" : " (\(check.basis))")")
            if check.holds {
                cases.append("    <testcase classname=\"\(escape(check.scenario))\" name=\"\(name)\" time=\"0\"><system-out>\(detail)</system-out></testcase>")
            } else {
                failures += 1
                cases.append("    <testcase classname=\"\(escape(check.scenario))\" name=\"\(name)\" time=\"0\"><failure message=\"\(detail)\"/></testcase>")
            }
        }
        // One case per scenario and metric: its statistics go together.
        var order: [String] = []
        var groups: [String: [MetricComparison]] = [:]
        for row in comparison.rows {
            let key = "\(row.scenario)\u{0}\(row.metric.rawValue)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(row)
        }
        for key in order {
            let rows = groups[key]!
            let first = rows[0]
            let name = escape(first.metric.rawValue)
            let seconds = first.metric.isTiming ? String(format: "%.9f", first.candidate / 1e9) : "0"
            let lines = rows.map {
                "\($0.statistic.rawValue): \(Units.format($0.baseline, $0.metric)) -> \(Units.format($0.candidate, $0.metric)) \($0.verdict.rawValue)\($0.verdict == .worse && !$0.gates ? " (not gating)" : "") (\($0.evidence))"
            }
            let detail = escape(lines.joined(separator: "\n"))
            let open = "    <testcase classname=\"\(escape(first.scenario))\" name=\"\(name)\" time=\"\(seconds)\">"
            if let failing = rows.first(where: \.fails) {
                failures += 1
                cases.append(open + "<failure message=\"\(escape("worse: \(Units.format(failing.baseline, failing.metric)) -> \(Units.format(failing.candidate, failing.metric)) (\(failing.evidence))"))\"/><system-out>\(detail)</system-out></testcase>")
            } else if rows.allSatisfy({ $0.verdict == .notComparable }) {
                skipped += 1
                cases.append(open + "<skipped message=\"\(escape(first.evidence))\"/></testcase>")
            } else {
                cases.append(open + "<system-out>\(detail)</system-out></testcase>")
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="framebench" tests="\(cases.count)" failures="\(failures)" skipped="\(skipped)">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>
            """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x0A, ascii != 0x09 { continue }
                out.append(character)
            }
        }
        return out
    }
}
