import Harness

extension SVGChart {
    /// Whole frames over time on a log time axis: one column per bucket of
    /// frames, as tall as its slowest frame, its colours dividing that
    /// height in proportion to the frame's phases (on a log axis stacked
    /// phase heights would not add up, shares do). The median frame and the
    /// frame budget are lines; late frames are marked above their column;
    /// script events are ticks on the time axis.
    ///
    /// `axis` (the y range, in ns) is shared by the two timelines of a
    /// comparison so their heights compare; `side` names and colours the
    /// run when there are two.
    static func timeline(
        _ report: ScenarioReport, markers: [TraceMarker], axis range: (lower: Double, upper: Double)? = nil,
        side: (name: String, color: String)? = nil, width: Int = 1000, height: Int = 300
    ) -> String {
        let frames = report.frames(.frameTime)
        let phases = FramePhase.steps(of: report.backend.lane)
        let phaseFrames = phases.map { report.frames(Metric.time(of: $0)) }
        let left = 64.0, right = 84.0, top = side == nil ? 22.0 : 34.0, bottom = 58.0
        let plotWidth = Double(width) - left - right, plotHeight = Double(height) - top - bottom
        var svg = open(width, height, title: "\(report.key): frame time by phase over the run" + (side.map { " (\($0.name))" } ?? ""))
        if let side { svg += rect(left, 8, 10, 10, side.color) + text(left + 14, 17, "\(side.name): \(report.key)", size: 11) }
        guard !frames.isEmpty else { return svg + text(left, top + 20, "no measured frames") + "</svg>" }
        let budget = report.frameBudgetNanoseconds
        let sorted = frames.sorted()
        // The budget joins the axis only when frames come within a decade of it; otherwise it would squeeze them.
        let reachesBudget = sorted.last! * 10 >= budget
        let axis = range.map { LogAxis(lower: $0.lower, upper: $0.upper, start: top + plotHeight, length: -plotHeight) }
            ?? LogAxis(covering: frames + (reachesBudget ? [budget] : []), start: top + plotHeight, length: -plotHeight)
        svg += timeTicks(axis, verticalAt: left, across: plotWidth)
        let floor = top + plotHeight
        let plot: PlotArea = (left, top, plotWidth, floor)
        svg += phaseColumns(frames, phases: phases, phaseFrames: phaseFrames, budget: budget,
            firstFrame: report.settings.warmUpFrames, axis: axis, in: plot)
        svg += line(left, floor, left + plotWidth, floor, "#999") + line(left, top, left, floor, "#999")
        svg += medianAndBudget(median: sorted[sorted.count / 2], budget: budget, axis: axis, in: plot)
        svg += text(left - 5, top - 8, "log", anchor: "end", size: 9, color: "#555")
        svg += text(left, floor + 14, "frame \(report.settings.warmUpFrames)", size: 10)
        svg += text(left + plotWidth, floor + 14, "\(frames.count) measured frames", anchor: "end", size: 10)
        svg += scriptTicks(markerPositions(markers, in: report), of: report, frames: frames.count,
            left: left, width: plotWidth, top: top, axis: floor)
        return svg + "</svg>"
    }

    /// A timeline's plot in pixels: its left and top edges, its width, and
    /// its floor (the bottom edge, where frame numbers and script events go).
    typealias PlotArea = (left: Double, top: Double, width: Double, floor: Double)

    /// A column per bucket of frames, as tall as the bucket's slowest frame
    /// on `axis`, its colours dividing that height in proportion to that
    /// frame's phases; a late mark above a column that holds a late frame
    /// (named by its frame number, counted from `firstFrame`).
    private static func phaseColumns(
        _ frames: [Double], phases: [FramePhase], phaseFrames: [[Double]], budget: Double, firstFrame: Int, axis: LogAxis,
        in plot: PlotArea
    ) -> String {
        var svg = ""
        let buckets = buckets(frames.count, columns: Int(plot.width))
        let columnWidth = plot.width / Double(buckets.count)
        for (column, bucket) in buckets.enumerated() {
            let slowest = bucket.max { frames[$0] < frames[$1] }!
            let x = plot.left + Double(column) * columnWidth
            let height = plot.floor - axis.position(frames[slowest])
            let parts = phaseFrames.map { slowest < $0.count ? max($0[slowest], 0) : 0 }
            let sum = parts.reduce(0, +)
            var base = plot.floor
            for (index, phase) in phases.enumerated() where sum > 0 && parts[index] > 0 {
                let share = parts[index] / sum * height
                if share >= 0.05 { svg += rect(x, base - share, columnWidth, share, color(phase)) }
                base -= share
            }
            if bucket.contains(where: { frames[$0] > budget }) {
                let frame = firstFrame + slowest
                svg += rect(x, plot.top - 12, max(columnWidth, 2), 6, late, title: "late: frame \(frame), \(HTMLText.duration(frames[slowest]))")
            }
        }
        return svg
    }

    /// The median frame's dashed line and the frame budget's (or, when the
    /// budget is off the axis, a note saying so), each labelled.
    private static func medianAndBudget(median: Double, budget: Double, axis: LogAxis, in plot: PlotArea) -> String {
        let left = plot.left, top = plot.top, plotWidth = plot.width
        var svg = line(left, axis.position(median), left + plotWidth, axis.position(median), "#222", dash: true, width: 1)
        // The median's and the budget's labels go right of the plot, where no column can cover them.
        let medianY = axis.position(median), budgetY = axis.position(budget)
        let apart = abs(medianY - budgetY) >= 26
        svg += text(left + plotWidth + 4, medianY + (apart ? 3 : 9), "p50 \(HTMLText.duration(median))", size: 10, color: "#222")
        if budget <= axis.upper {
            svg += line(left, axis.position(budget), left + plotWidth, axis.position(budget), late, dash: true, width: 1.5)
            svg += text(left + plotWidth + 4, budgetY + (apart ? 3 : -3), "budget", size: 10, color: late)
            svg += text(left + plotWidth + 4, budgetY + (apart ? 14 : -14), HTMLText.duration(budget), size: 10, color: late)
        } else {
            svg += text(left + plotWidth - 2, top - 4, "budget \(HTMLText.duration(budget)) is above the chart; no late frames",
                anchor: "end", size: 10, color: "#666")
        }
        return svg
    }

    /// The y range two timelines share: both runs' frames, and the budget
    /// when either comes within a decade of it.
    static func timelineRange(_ reports: [ScenarioReport]) -> (lower: Double, upper: Double) {
        let frames = reports.flatMap { $0.frames(.frameTime) }
        let budget = reports.map(\.frameBudgetNanoseconds).max() ?? 0
        let reaches = (frames.max() ?? 0) * 10 >= budget
        let axis = LogAxis(covering: frames + (reaches ? [budget] : []), start: 0, length: 1)
        return (axis.lower, axis.upper)
    }

    /// Script events: a tick on the time axis each, named in its tooltip;
    /// labels on two staggered rows, a label left out where it would run
    /// into the one before it on its row (its tick and tooltip stay).
    static func scriptTicks(
        _ events: [(index: Int, name: String)], of report: ScenarioReport, frames: Int, left: Double, width plotWidth: Double,
        top: Double, axis: Double
    ) -> String {
        var svg = ""
        var rowEnds = [-Double.infinity, -Double.infinity]
        var unlabelled = 0
        for event in events {
            let x = left + (Double(event.index) + 0.5) / Double(frames) * plotWidth
            svg += "<g><title>\(HTMLText.escape("\(event.name) (frame \(report.settings.warmUpFrames + event.index))"))</title>"
                + line(x, top, x, axis, "#7f7f7f", dash: true, width: 0.6)
                + "<path d=\"M\(HTMLText.number(x)) \(HTMLText.number(axis)) l-4 8 h8 z\" fill=\"#444\"/></g>"
            let labelWidth = textWidth(event.name, size: 9)
            let end = min(x + 2 + labelWidth, left + plotWidth)
            let start = end - labelWidth
            if let row = rowEnds.firstIndex(where: { $0 + 6 <= start }) {
                svg += text(start, axis + 30 + Double(row) * 11, event.name, size: 9, color: "#444")
                rowEnds[row] = end
            } else {
                unlabelled += 1
            }
        }
        if unlabelled > 0 {
            svg += text(left, axis + 54, "\(unlabelled) more events (no room for a label): hover a tick for its name", size: 9, color: "#777")
        }
        return svg
    }
}
