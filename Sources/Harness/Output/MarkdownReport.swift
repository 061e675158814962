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
        lines.append("| scenario | backend | frame p50 | p90 | p99 | max | bytes/frame | allocs/frame | dirty cells/frame |")
        lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for scenario in document.scenarios {
            let time = scenario.metrics[Metric.frameTime.rawValue]
            let cell = { (metric: Metric) in scenario.metrics[metric.rawValue].map { TextReport.format($0.mean) } ?? "-" }
            lines.append(
                "| \(UntrustedText.markdown(scenario.name)) | \(UntrustedText.markdown(scenario.backend)) | \(time.map { TextReport.duration($0.p50) } ?? "-") | \(time.map { TextReport.duration($0.p90) } ?? "-") | \(time.map { TextReport.duration($0.p99) } ?? "-") | \(time.map { TextReport.duration($0.max) } ?? "-") | \(cell(.bytes)) | \(cell(.allocations)) | \(cell(.dirtyCells)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func comparison(_ report: ComparisonReport, baselineName: String) -> String {
        var lines = ["## framebench compared with \(UntrustedText.markdown(baselineName))", ""]
        if !report.machinesMatch {
            lines.append("> Baseline from another machine or build: timings are not comparable and do not gate.")
            lines.append("")
        }
        lines.append("| scenario | metric | baseline | now | change | verdict |")
        lines.append("|---|---|---:|---:|---:|---|")
        for row in report.rows {
            let value = { (x: Double) in row.metric.isTiming ? TextReport.duration(x) : TextReport.format(x) }
            let change = row.change.isFinite ? TextReport.format(row.change * 100, digits: 1) + "%" : "new"
            let verdict = row.verdict == .worse ? "**worse**" : row.verdict.rawValue
            lines.append("| \(UntrustedText.markdown(row.scenario)) | \(row.metric.rawValue).\(row.statistic) | \(value(row.baseline)) | \(value(row.candidate)) | \(change) | \(verdict) \(row.evidence.isEmpty ? "" : "(\(UntrustedText.markdown(row.evidence)))") |")
        }
        if !report.budgets.isEmpty {
            lines += ["", "| scenario | budget | value | limit | |", "|---|---|---:|---:|---|"]
            for check in report.budgets {
                lines.append("| \(UntrustedText.markdown(check.scenario)) | \(UntrustedText.markdown(check.limit)) | \(TextReport.format(check.value)) | \(TextReport.format(check.maximum)) | \(check.holds ? "holds" : "**exceeded**") |")
            }
        }
        for key in report.onlyInBaseline { lines.append("- \(UntrustedText.markdown(key)): in the baseline only") }
        for key in report.onlyInCandidate { lines.append("- \(UntrustedText.markdown(key)): not in the baseline") }
        return lines.joined(separator: "\n")
    }
}

/// JUnit XML: one test case per budget and per compared metric, so CI
/// systems show each check.
public enum JUnitReport {
    public static func report(_ comparison: ComparisonReport) -> String {
        var cases: [String] = []
        var failures = 0
        for check in comparison.budgets {
            let name = escape("budget \(check.limit)")
            if check.holds {
                cases.append("    <testcase classname=\"\(escape(check.scenario))\" name=\"\(name)\"/>")
            } else {
                failures += 1
                cases.append("    <testcase classname=\"\(escape(check.scenario))\" name=\"\(name)\"><failure message=\"\(escape("\(TextReport.format(check.value)) exceeds \(TextReport.format(check.maximum))"))\"/></testcase>")
            }
        }
        for row in comparison.rows {
            let name = escape("regression \(row.metric.rawValue).\(row.statistic)")
            switch row.verdict {
            case .worse:
                failures += 1
                cases.append("    <testcase classname=\"\(escape(row.scenario))\" name=\"\(name)\"><failure message=\"\(escape("worse: \(TextReport.format(row.baseline)) -> \(TextReport.format(row.candidate)) (\(row.evidence))"))\"/></testcase>")
            case .notComparable:
                cases.append("    <testcase classname=\"\(escape(row.scenario))\" name=\"\(name)\"><skipped message=\"\(escape(row.evidence))\"/></testcase>")
            default:
                cases.append("    <testcase classname=\"\(escape(row.scenario))\" name=\"\(name)\"/>")
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="framebench" tests="\(cases.count)" failures="\(failures)">
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
