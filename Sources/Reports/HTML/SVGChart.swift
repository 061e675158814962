import Harness

/// The charts of the HTML report, each a self-contained inline `<svg>`:
/// nothing is fetched, no script runs. Long runs are drawn one column per
/// pixel-wide bucket of frames, each column showing its slowest frame (the
/// rule the trace uses), so a chart's size does not grow with the run.
enum SVGChart {
    /// Phase colours (a colour-blind-friendly palette), the same in every chart.
    static func color(_ phase: FramePhase) -> String {
        switch phase {
        case .update: return "#9c755f"
        case .layout: return "#4e79a7"
        case .diff: return "#f28e2b"
        case .encode: return "#59a14f"
        case .write: return "#76b7b2"
        case .transfer: return "#edc948"
        case .render: return "#b07aa1"
        case .frame: return "#555555"
        }
    }

    static let late = "#d62728"

    /// Frame indices `0..<count` cut into at most `columns` consecutive buckets.
    static func buckets(_ count: Int, columns: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let columns = min(count, columns)
        return (0..<columns).map { count * $0 / columns..<count * ($0 + 1) / columns }
    }

    private static func open(_ width: Int, _ height: Int, title: String) -> String {
        "<svg role=\"img\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\"><title>\(HTMLText.escape(title))</title>"
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>"
    }

    private static func text(_ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 11, color: String = "#333") -> String {
        "<text x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" font-size=\"\(size)\" fill=\"\(color)\" "
            + "text-anchor=\"\(anchor)\">\(HTMLText.escape(content))</text>"
    }

    private static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ fill: String, title: String? = nil) -> String {
        let body = "x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" width=\"\(HTMLText.number(width))\" "
            + "height=\"\(HTMLText.number(height))\" fill=\"\(fill)\""
        guard let title else { return "<rect \(body)/>" }
        return "<rect \(body)><title>\(HTMLText.escape(title))</title></rect>"
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ stroke: String, dash: Bool = false, width: Double = 1) -> String {
        "<line x1=\"\(HTMLText.number(x1))\" y1=\"\(HTMLText.number(y1))\" x2=\"\(HTMLText.number(x2))\" "
            + "y2=\"\(HTMLText.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(HTMLText.number(width))\""
            + (dash ? " stroke-dasharray=\"4 3\"/>" : "/>")
    }

    /// The measured frames' positions of script events (each run replays the script).
    static func markerPositions(_ markers: [TraceMarker], in report: ScenarioReport) -> [(index: Int, name: String)] {
        var positions: [(Int, String)] = []
        var offset = 0
        for run in report.runs {
            let count = run.frames[Metric.frameTime.rawValue]?.count ?? 0
            for marker in markers {
                let index = marker.frame - report.settings.warmUpFrames
                if index >= 0 && index < count { positions.append((offset + index, marker.name)) }
            }
            offset += count
        }
        return positions
    }

    /// Whole frames over time, each column stacked by phase, with the frame
    /// budget line, late frames marked above their column and script events
    /// as ticks on the time axis.
    static func timeline(_ report: ScenarioReport, markers: [TraceMarker], width: Int = 960, height: Int = 280) -> String {
        let frames = report.frames(.frameTime)
        let phases = FramePhase.steps(of: report.backend == "ncurses" ? .ncurses : .framebench)
        let phaseFrames = phases.map { report.frames(Metric.time(of: $0)) }
        let left = 64.0, right = 12.0, top = 22.0, bottom = 46.0
        let plotWidth = Double(width) - left - right, plotHeight = Double(height) - top - bottom
        var svg = open(width, height, title: "\(report.key): frame time by phase over the run")
        guard !frames.isEmpty else { return svg + text(left, top + 20, "no measured frames") + "</svg>" }
        let sorted = frames.sorted()
        let p999 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.999))]
        let budget = report.frameBudgetNanoseconds
        // Scaled to the slow tail, not the single slowest frame; taller columns are cut and marked.
        var top999 = p999 * 1.25
        if sorted.last! >= budget { top999 = max(top999, budget * 1.1) }
        let yMax = max(top999, 1)
        func y(_ value: Double) -> Double { top + plotHeight - min(value, yMax) / yMax * plotHeight }
        let buckets = buckets(frames.count, columns: Int(plotWidth))
        let columnWidth = plotWidth / Double(buckets.count)
        for (column, bucket) in buckets.enumerated() {
            let slowest = bucket.max { frames[$0] < frames[$1] }!
            let x = left + Double(column) * columnWidth
            var base = 0.0
            for (index, phase) in phases.enumerated() where slowest < phaseFrames[index].count {
                let value = phaseFrames[index][slowest]
                let y0 = y(base), y1 = y(base + value)
                if y0 - y1 >= 0.05 { svg += rect(x, y1, columnWidth, y0 - y1, color(phase)) }
                base += value
            }
            if frames[slowest] > yMax { svg += rect(x, top - 4, columnWidth, 4, "#000000") }
            if bucket.contains(where: { frames[$0] > budget }) {
                let frame = report.settings.warmUpFrames + slowest
                svg += rect(x, top - 12, max(columnWidth, 2), 6, late,
                    title: "late: frame \(frame), \(HTMLText.milliseconds(frames[slowest]))")
            }
        }
        // Axes and labels.
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight, "#999")
        svg += line(left, top, left, top + plotHeight, "#999")
        for fraction in [0.0, 0.5, 1.0] {
            svg += text(left - 4, y(yMax * fraction) + 4, HTMLText.milliseconds(yMax * fraction), anchor: "end", size: 10)
        }
        if budget <= yMax {
            svg += line(left, y(budget), left + plotWidth, y(budget), late, dash: true, width: 1.5)
            svg += text(left + plotWidth - 2, y(budget) - 3, "budget \(HTMLText.milliseconds(budget))", anchor: "end", size: 10, color: late)
        } else {
            svg += text(left + plotWidth - 2, top - 2, "budget \(HTMLText.milliseconds(budget)) is above the chart; no late frames",
                anchor: "end", size: 10, color: "#666")
        }
        let axis = top + plotHeight
        svg += text(left, axis + 14, "frame \(report.settings.warmUpFrames)", size: 10)
        svg += text(left + plotWidth, axis + 14, "\(frames.count) measured frames", anchor: "end", size: 10)
        svg += scriptTicks(markerPositions(markers, in: report), of: report, frames: frames.count,
            left: left, width: plotWidth, top: top, axis: axis)
        return svg + "</svg>"
    }

    /// Script events: a tick on the time axis each, named in its tooltip; the first few labelled.
    private static func scriptTicks(
        _ events: [(index: Int, name: String)], of report: ScenarioReport, frames: Int, left: Double, width plotWidth: Double,
        top: Double, axis: Double
    ) -> String {
        var svg = ""
        for (number, event) in events.enumerated() {
            let x = left + (Double(event.index) + 0.5) / Double(frames) * plotWidth
            svg += "<g><title>\(HTMLText.escape("\(event.name) (frame \(report.settings.warmUpFrames + event.index))"))</title>"
                + line(x, top, x, axis, "#7f7f7f", dash: true, width: 0.6)
                + "<path d=\"M\(HTMLText.number(x)) \(HTMLText.number(axis)) l-4 8 h8 z\" fill=\"#444\"/></g>"
            if number < 12 { svg += text(x + 2, axis + 30 + Double(number % 2) * 11, event.name, size: 9, color: "#444") }
        }
        return svg
    }

    /// A phase's distribution over frames: 30 bins up to its p99, the rest counted apart.
    static func histogram(_ values: [Double], title: String, color: String, width: Int = 300, height: Int = 140) -> String {
        var svg = open(width, height, title: title)
        let left = 36.0, bottom = 30.0, top = 18.0
        let plotWidth = Double(width) - left - 8, plotHeight = Double(height) - top - bottom
        svg += text(left, 12, title, size: 11)
        guard !values.isEmpty else { return svg + text(left, top + 20, "no frames") + "</svg>" }
        let sorted = values.sorted()
        let upper = max(sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))], sorted.first! + 1)
        let lower = sorted.first!
        let binCount = 30
        var bins = Array(repeating: 0, count: binCount)
        var beyond = 0
        for value in values {
            if value > upper { beyond += 1; continue }
            bins[min(binCount - 1, Int((value - lower) / (upper - lower) * Double(binCount)))] += 1
        }
        let tallest = Double(bins.max() ?? 1)
        let binWidth = plotWidth / Double(binCount)
        for (index, count) in bins.enumerated() where count > 0 {
            let barHeight = Double(count) / tallest * plotHeight
            svg += rect(left + Double(index) * binWidth, top + plotHeight - barHeight, max(1, binWidth - 1), barHeight, color,
                title: "\(count) frames")
        }
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight, "#999")
        svg += text(left, top + plotHeight + 12, HTMLText.milliseconds(lower), size: 9)
        svg += text(left + plotWidth, top + plotHeight + 12, HTMLText.milliseconds(upper) + " (p99)", anchor: "end", size: 9)
        svg += text(left - 3, top + 8, "\(Int(tallest))", anchor: "end", size: 9)
        if beyond > 0 { svg += text(left + plotWidth, top + plotHeight + 24, "\(beyond) beyond p99", anchor: "end", size: 9) }
        return svg + "</svg>"
    }

    /// A count over the run (bytes, dirty cells): each column the largest of its frames, script events ticked.
    static func series(
        _ values: [Double], title: String, unit: String, color: String, markers: [(index: Int, name: String)],
        width: Int = 470, height: Int = 150
    ) -> String {
        var svg = open(width, height, title: title)
        let left = 56.0, bottom = 20.0, top = 18.0
        let plotWidth = Double(width) - left - 8, plotHeight = Double(height) - top - bottom
        svg += text(left, 12, title, size: 11)
        guard !values.isEmpty else { return svg + text(left, top + 20, "not measured") + "</svg>" }
        let yMax = max(values.max()!, 1)
        let buckets = buckets(values.count, columns: Int(plotWidth))
        var points: [String] = []
        for (column, bucket) in buckets.enumerated() {
            let value = bucket.map { values[$0] }.max()!
            let x = left + (Double(column) + 0.5) * plotWidth / Double(buckets.count)
            points.append("\(HTMLText.number(x)),\(HTMLText.number(top + plotHeight - value / yMax * plotHeight))")
        }
        for event in markers {
            let x = left + (Double(event.index) + 0.5) / Double(values.count) * plotWidth
            svg += "<g><title>\(HTMLText.escape(event.name))</title>" + line(x, top, x, top + plotHeight, "#bbbbbb", dash: true) + "</g>"
        }
        svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.2\" points=\"\(points.joined(separator: " "))\"/>"
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight, "#999")
        svg += text(left - 3, top + 8, "\(Int(yMax)) \(unit)", anchor: "end", size: 9)
        svg += text(left - 3, top + plotHeight, "0", anchor: "end", size: 9)
        return svg + "</svg>"
    }

    /// Baseline and candidate distributions of one metric side by side, on one
    /// axis: a box from p50 to p90 with whiskers to p99 and min, each labelled.
    static func distributions(
        baseline: [Double], candidate: [Double], title: String, unit: String, highlighted: Bool,
        width: Int = 470, height: Int = 118
    ) -> String {
        var svg = open(width, height, title: title)
        if highlighted { svg += "<rect x=\"1\" y=\"1\" width=\"\(width - 2)\" height=\"\(height - 2)\" fill=\"#fdecea\" stroke=\"\(late)\" stroke-width=\"2\"/>" }
        svg += text(8, 14, title, size: 11, color: highlighted ? late : "#333")
        let left = 80.0, right = 14.0
        let plotWidth = Double(width) - left - right
        let all = baseline + candidate
        guard !all.isEmpty else { return svg + text(8, 40, "no frames") + "</svg>" }
        func summary(_ values: [Double]) -> (min: Double, p50: Double, p90: Double, p99: Double)? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
            return (sorted.first!, at(0.5), at(0.9), at(0.99))
        }
        let sides = [("baseline", summary(baseline), "#8c8c8c"), ("candidate", summary(candidate), highlighted ? late : "#4e79a7")]
        let xMax = max(sides.compactMap { $0.1?.p99 }.max() ?? 1, 1) * 1.08
        func x(_ value: Double) -> Double { left + value / xMax * plotWidth }
        func label(_ value: Double) -> String { unit == "ns" ? HTMLText.milliseconds(value) : "\(HTMLText.number(value))" }
        for (row, side) in sides.enumerated() {
            let y = 34.0 + Double(row) * 34
            svg += text(8, y + 12, side.0, size: 11)
            guard let s = side.1 else { svg += text(left, y + 12, "no frames", size: 10); continue }
            svg += line(x(s.min), y + 8, x(s.p99), y + 8, side.2)
            svg += rect(x(s.p50), y, max(1, x(s.p90) - x(s.p50)), 16, side.2, title: "p50 \(label(s.p50)), p90 \(label(s.p90)), p99 \(label(s.p99))")
            svg += line(x(s.p50), y - 2, x(s.p50), y + 18, "#000", width: 2)
            svg += text(left, y + 27, "min \(label(s.min)) · p50 \(label(s.p50)) · p99 \(label(s.p99))", size: 9)
        }
        svg += line(left, 104, left + plotWidth, 104, "#999")
        svg += text(left, 115, "0", size: 9)
        svg += text(left + plotWidth, 115, label(xMax), anchor: "end", size: 9)
        return svg + "</svg>"
    }
}
