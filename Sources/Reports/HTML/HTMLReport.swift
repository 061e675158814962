import Harness

/// A run, or a comparison of two, as one self-contained HTML page: inline
/// CSS and SVG only, nothing fetched and no script, so it reads the same
/// offline, in a CI artifact and in a mail. Every name in it is escaped.
/// Times are on log axes (they span decades) and labelled in the unit that
/// suits each value; every chart fits a 1400 px wide window.
///
/// Per scenario and backend: the frame-time timeline coloured by phase with
/// the median, the frame budget and late frames, script events on its time
/// axis; a histogram per phase; bytes and dirty cells over the run. For a
/// comparison (`compare`, `check` with a baseline): both runs' timelines on
/// one axis, both runs' bytes and dirty cells on one scale, and per timing
/// (the frame and each phase) both distributions
/// overlaid with a box plot each on that timing's own axis, with each row's
/// verdict and evidence, the phases that moved highlighted; and the budgets.
/// A run past `FrameSamples.exactFrameLimit` frames kept distributions, not
/// frames: its histograms and box plots come from their buckets, and a line
/// stands where its timeline and output series would be.
public enum HTMLReport {
    /// The page for one run.
    public static func run(_ document: RunDocument, markers: [String: [TraceMarker]] = [:]) -> [UInt8] {
        var page = header("FrameBench run", document)
        page += index(document.scenarios)
        for (number, report) in document.scenarios.enumerated() {
            page += section(report, baseline: nil, number: number, markers: markers[report.name] ?? [])
            page += "</section>"
        }
        return Array((page + "</body></html>\n").utf8)
    }

    /// The page for a comparison or a check: the candidate's charts with the
    /// baseline's distributions beside them (when there is a baseline), the
    /// verdicts and the budgets.
    public static func comparison(
        baseline: RunDocument?, candidate: RunDocument, report: ComparisonReport,
        markers: [String: [TraceMarker]] = [:]
    ) -> [UInt8] {
        var page = header(baseline == nil ? "FrameBench check" : "FrameBench comparison", candidate)
        let failing = report.failed
        page += "<p class=\"verdict \(failing ? "fail" : "pass")\">\(failing ? "FAILED" : "PASSED"): "
            + "\(report.rows.filter(\.fails).count) gating regressions, "
            + "\(report.budgets.filter { !$0.holds }.count) of \(report.budgets.count) budgets exceeded</p>"
        if let difference = report.machineDifference {
            page += "<p class=\"note\">Machines differ (\(HTMLText.escape(difference))): timings are not compared.</p>"
        }
        for (label, keys) in [("Only in the baseline", report.onlyInBaseline), ("Only in the candidate", report.onlyInCandidate)]
        where !keys.isEmpty {
            page += "<p class=\"note\">\(label): \(keys.map(HTMLText.escape).joined(separator: ", "))</p>"
        }
        page += index(candidate.scenarios)
        let baselines = Dictionary((baseline?.scenarios ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (number, current) in candidate.scenarios.enumerated() {
            page += section(current, baseline: baselines[current.key], number: number, markers: markers[current.name] ?? [])
            page += verdicts(current, baseline: baselines[current.key], report: report, number: number)
            page += "</section>"
        }
        return Array((page + "</body></html>\n").utf8)
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;background:#fafafa}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 6px;border-bottom:1px solid #ccc}
        h3{font-size:15px;margin:18px 0 6px}.meta,.note{color:#555}
        .grid{display:flex;flex-wrap:wrap;gap:8px}svg{background:#fff;border:1px solid #ddd;display:block}
        table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #ddd;padding:2px 8px;text-align:right}
        td:first-child,th:first-child{text-align:left}tr.worse td{background:#fdecea}tr.better td{background:#eaf5ea}
        .verdict{font-weight:bold;padding:6px 10px;display:inline-block}.pass{background:#eaf5ea}.fail{background:#fdecea;color:#a31515}
        .legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
        .moved{color:#a31515;font-weight:bold}.tail{padding:4px 8px}.grid svg{flex:none}
        """

    private static func header(_ title: String, _ document: RunDocument) -> String {
        let machine = document.machine
        let dirty = document.git.dirty == true ? " (dirty)" : ""
        let meta = "suite \(document.suite ?? "-") · commit \(document.git.commit ?? "unknown")\(dirty) · "
            + "\(document.created) · \(machine.cpu), \(machine.cores) cores, \(machine.build) build"
        let fullTitle = title + (document.suite.map { ": " + $0 } ?? "")
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<title>\(HTMLText.escape(fullTitle))</title>"
            + "<style>\(style)</style></head><body><h1>\(HTMLText.escape(title))</h1>"
            + "<p class=\"meta\">\(HTMLText.escape(meta))</p>"
    }

    /// Our lane's tail against the workload's targets, marked met or not (`TailVerdict`).
    private static func tailParagraph(_ tail: TailVerdict) -> String {
        "<p class=\"tail \(tail.allMet ? "pass" : "fail")\">" + HTMLText.escape(TailWords.sentence(tail)) + "</p>"
    }

    private static func index(_ scenarios: [ScenarioReport]) -> String {
        "<p>Scenarios: " + scenarios.enumerated().map { "<a href=\"#s\($0.offset)\">\(HTMLText.escape($0.element.key))</a>" }
            .joined(separator: " · ") + "</p>"
    }

    /// One scenario's charts: the section stays open for the comparison's rows.
    /// With a baseline, its timeline comes first on the candidate's axis, and
    /// the per-phase histograms give way to the comparison's overlaid ones.
    private static func section(_ report: ScenarioReport, baseline: ScenarioReport?, number: Int, markers: [TraceMarker]) -> String {
        let phases = FramePhase.steps(of: report.backend.lane)
        var html = "<section id=\"s\(number)\" class=\"scenario\"><h2>\(HTMLText.escape(report.key))</h2>"
        let summary = report.metrics[.frameTime]
        let settings = report.settings
        var meta = "\(settings.scenario), script \(settings.script), \(settings.cols)x\(settings.rows), "
            + "\(ChartFrames(report, .frameTime).count) measured frames"
        if let summary {
            meta += " · frame p50 \(HTMLText.duration(summary.p50)), p99 \(HTMLText.duration(summary.p99)), "
                + "max \(HTMLText.duration(summary.max)) · \(report.budget.framesOverBudget) late of budget "
                + HTMLText.duration(report.frameBudgetNanoseconds)
        }
        html += "<p class=\"meta\">\(HTMLText.escape(meta))</p>"
        if let tail = report.tail { html += tailParagraph(tail) }
        html += "<h3>Frame time by phase</h3>"
        // The legend and the reading note are the timeline's: left out when no side has one to draw.
        let timelines = [baseline, report].compactMap { $0 }.filter { !$0.isSummarized(.frameTime) }
        if !timelines.isEmpty {
            html += "<p class=\"legend\">" + phases.map { "<span><i style=\"background:\(SVGChart.color($0))\"></i>\($0.rawValue)</span>" }
                .joined() + "<span><i style=\"background:\(SVGChart.late)\"></i>late frame</span>"
                + "<span>▲ script event</span><span>- - median frame</span></p>"
                + "<p class=\"note\">Log time axis: each column is as tall as the slowest frame of its stretch of the run, "
                + "its colours dividing that height in proportion to the frame's phases.</p>"
        }
        if let baseline {
            let range = SVGChart.timelineRange([baseline, report])
            html += timeline(baseline, markers: markers, axis: range, side: ("baseline", SVGChart.baselineColor))
            html += timeline(report, markers: markers, axis: range, side: ("candidate", SVGChart.candidateColor))
        } else {
            html += timeline(report, markers: markers, axis: nil, side: nil)
            html += "<h3>Phases</h3><div class=\"grid\">"
            // With no timeline, the whole frame's histogram stands first among the phases'.
            for phase in (report.isSummarized(.frameTime) ? [.frame] : []) + phases {
                let metric = Metric.time(of: phase)
                html += SVGChart.histogram(ChartFrames(report, metric), title: metric.rawValue, color: SVGChart.color(phase))
            }
            html += "</div>"
        }
        html += "<h3>Output over the run</h3>"
        if report.isSummarized(.bytes) || report.isSummarized(.dirtyCells) {
            return html + summarizedNote(report, kept: "bytes and dirty cells per frame", instead: "series")
        }
        html += "<div class=\"grid\">"
        let events = SVGChart.markerPositions(markers, in: report)
        return html + outputSeries(report, baseline: baseline, markers: events) + "</div>"
    }

    /// Bytes and dirty cells per frame over the run; with a baseline, both
    /// runs on one scale in the comparison's colours, the baseline wide and
    /// pale under the candidate (a side that kept a distribution, not
    /// frames, has no line).
    private static func outputSeries(_ report: ScenarioReport, baseline: ScenarioReport?, markers events: [(index: Int, name: String)])
        -> String
    {
        guard let baseline else {
            return SVGChart.series(report.frames(.bytes), title: "bytes per frame", unit: "B", color: "#4e79a7", markers: events)
                + SVGChart.series(report.frames(.dirtyCells), title: "dirty cells per frame", unit: "cells", color: "#f28e2b", markers: events)
        }
        let charts: [(metric: Metric, title: String, unit: String)] = [
            (.bytes, "bytes per frame", "B"), (.dirtyCells, "dirty cells per frame", "cells"),
        ]
        return charts.map { chart in
            SVGChart.series(
                [
                    SVGChart.SeriesLine(
                        name: "baseline", values: baseline.frames(chart.metric), color: SVGChart.baselineColor, underneath: true),
                    SVGChart.SeriesLine(name: "candidate", values: report.frames(chart.metric), color: SVGChart.candidateColor),
                ], title: chart.title, unit: chart.unit, markers: events)
        }.joined()
    }

    /// A run's timeline, or, when its runs kept a distribution rather than
    /// frames, a line saying so: there are no frames in order to draw.
    private static func timeline(
        _ report: ScenarioReport, markers: [TraceMarker], axis: (lower: Double, upper: Double)?, side: (name: String, color: String)?
    ) -> String {
        guard report.isSummarized(.frameTime) else {
            return SVGChart.timeline(report, markers: markers, axis: axis, side: side)
        }
        return summarizedNote(report, kept: "frame times", instead: "timeline", side: side?.name)
    }

    /// The line that stands where a per-frame chart would: how many frames,
    /// past which limit, and that the charts below are drawn from buckets.
    private static func summarizedNote(_ report: ScenarioReport, kept: String, instead: String, side: String? = nil) -> String {
        let frames = report.summarizedFrames?.frames ?? ChartFrames(report, .frameTime).count
        let limit = report.summarizedFrames?.exactFrameLimit ?? FrameSamples.exactFrameLimit
        let error = report.summarizedFrames?.relativeError ?? FrameDistribution.relativeError
        let who = side.map { "The \($0) run" } ?? "This run"
        return "<p class=\"note summarized\">\(who) kept a distribution of its \(kept) past \(limit) frames "
            + "(\(frames) measured frames), not each frame: no \(instead) to draw. Its histograms and box plots are drawn "
            + "from the distribution's log buckets, percentiles within \(String(format: "%.2f", error * 100))% of the exact values.</p>"
    }

    /// Baseline against candidate: distributions side by side and every verdict.
    private static func verdicts(_ current: ScenarioReport, baseline: ScenarioReport?, report: ComparisonReport, number: Int) -> String {
        let rows = report.rows.filter { $0.scenario == current.key }
        let budgets = report.budgets.filter { $0.scenario == current.key }
        var html = ""
        if let baseline {
            let moved = report.movedPhases(of: current.key)
            html += "<h3 id=\"c\(number)\">Baseline against candidate</h3>"
            html += moved.isEmpty ? "<p>No phase moved for the worse.</p>"
                : "<p class=\"moved\">Moved: \(moved.map(HTMLText.escape).joined(separator: ", "))</p>"
            html += "<p class=\"legend\"><span><i style=\"background:\(SVGChart.baselineColor)\"></i>baseline</span>"
                + "<span><i style=\"background:\(SVGChart.candidateColor)\"></i>candidate</span>"
                + "<span>each timing on a log axis of its own; box p25 to p75, bold tick the median, whiskers min to p99, dot the max</span></p>"
            html += "<div class=\"grid\">"
            let phases = [FramePhase.frame] + FramePhase.steps(of: current.backend.lane)
            for phase in phases {
                let metric = Metric.time(of: phase)
                let row = rows.first { $0.metric == metric }
                // A phase moved when any of its figures (time, allocations, instructions) got worse.
                let movedRows = rows.filter { $0.metric.phase == phase && $0.verdict == .worse }
                var title = "\(metric.rawValue): \(row?.verdict.rawValue ?? "not compared")"
                if !movedRows.isEmpty {
                    title += " · moved: " + movedRows.map {
                        "\($0.metric.rawValue) \($0.change.isFinite ? String(format: "%+.1f%%", $0.change * 100) : "new")"
                    }.joined(separator: ", ")
                }
                html += SVGChart.distributions(
                    baseline: ChartFrames(baseline, metric), candidate: ChartFrames(current, metric), title: title,
                    highlighted: !movedRows.isEmpty)
            }
            html += "</div>"
        }
        if !rows.isEmpty {
            html += "<table><tr><th>metric</th><th>statistic</th><th>baseline</th><th>candidate</th><th>change</th>"
                + "<th>verdict</th><th>gates</th><th>evidence</th></tr>"
            for row in rows {
                let change = !row.measured ? "-" : row.change.isFinite ? String(format: "%+.1f%%", row.change * 100) : "new"
                func figure(_ value: Double) -> String { row.measured ? HTMLText.escape(Units.format(value, row.metric)) : "not measured" }
                html += "<tr class=\"\(row.verdict == .worse ? "worse" : row.verdict == .better ? "better" : "")\">"
                    + "<td>\(row.metric.rawValue)</td><td>\(row.statistic.rawValue)</td>"
                    + "<td>\(figure(row.baseline))</td>"
                    + "<td>\(figure(row.candidate))</td><td>\(change)</td>"
                    + "<td>\(row.verdict.rawValue)</td><td>\(row.gates ? "yes" : "no")</td>"
                    + "<td style=\"text-align:left\">\(HTMLText.escape(row.evidence))</td></tr>"
            }
            html += "</table>"
        }
        if !budgets.isEmpty {
            html += "<h3>Budgets</h3><table><tr><th>limit</th><th>value</th><th>maximum</th><th>holds</th></tr>"
            for budget in budgets {
                func shown(_ value: Double) -> String { Units.format(value, budget.metric) }
                html += "<tr class=\"\(budget.holds ? "" : "worse")\"><td>\(HTMLText.escape(budget.limit))</td>"
                    + "<td>\(HTMLText.escape(shown(budget.value)))</td>"
                    + "<td>\(HTMLText.escape(budget.basis + shown(budget.maximum)))</td><td>\(budget.holds ? "yes" : "no")</td></tr>"
            }
            html += "</table>"
        }
        return html
    }
}
