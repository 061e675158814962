import Harness

extension SVGChart {
    /// Share of `values` in each of `count` equal steps of `axis` (log-spaced
    /// bins); values off the axis fall in its end bins.
    static func bins(_ values: ChartFrames, on axis: LogAxis, count: Int) -> [Double] {
        var bins = Array(repeating: 0.0, count: count)
        guard !values.isEmpty else { return bins }
        for (value, frames) in values.weighted {
            let fraction = (axis.position(value) - axis.start) / axis.length
            bins[min(count - 1, max(0, Int(fraction * Double(count))))] += Double(frames)
        }
        return bins.map { $0 / Double(values.count) }
    }

    /// A phase's distribution over frames: 30 bins on a log time axis from
    /// its fastest frame to its slowest (nothing cut off), the median marked.
    /// A summarized run's bins are filled from its distribution's buckets.
    static func histogram(_ values: ChartFrames, title: String, color: String, width: Int = 325, height: Int = 150) -> String {
        var svg = open(width, height, title: title)
        let left = 36.0, bottom = 30.0, top = 18.0
        let plotWidth = Double(width) - left - 10, plotHeight = Double(height) - top - bottom
        svg += text(left, 12, title, size: 11)
        guard !values.isEmpty else { return svg + text(left, top + 20, "no frames") + "</svg>" }
        let axis = LogAxis(covering: values.extent, start: left, length: plotWidth)
        let binCount = 30
        let shares = bins(values, on: axis, count: binCount)
        let tallest = shares.max() ?? 1
        let binWidth = plotWidth / Double(binCount)
        let floor = top + plotHeight
        svg += timeTicks(axis, horizontalAt: floor, across: plotHeight)
        for (index, share) in shares.enumerated() where share > 0 {
            let barHeight = max(1, share / tallest * plotHeight)
            let low = axis.value(atFraction: Double(index) / Double(binCount)), high = axis.value(atFraction: Double(index + 1) / Double(binCount))
            svg += rect(left + Double(index) * binWidth, floor - barHeight, max(1, binWidth - 1), barHeight, color,
                title: "\(Int((share * Double(values.count)).rounded())) frames from \(HTMLText.duration(low)) to \(HTMLText.duration(high))")
        }
        let median = values.quantile(0.5)
        svg += line(axis.position(median), top, axis.position(median), floor, "#222", dash: true)
        svg += line(left, floor, left + plotWidth, floor, "#999")
        svg += text(left + plotWidth, 12, "p50 \(HTMLText.duration(median)) · max \(HTMLText.duration(values.maximum))", anchor: "end", size: 9, color: "#222")
        svg += text(left - 3, top + 8, "\(Int((tallest * 100).rounded()))%", anchor: "end", size: 9)
        return svg + "</svg>"
    }

    /// A count over the run (bytes, dirty cells): each column the largest of its frames, script events ticked.
    static func series(
        _ values: [Double], title: String, unit: String, color: String, markers: [(index: Int, name: String)],
        width: Int = 660, height: Int = 150
    ) -> String {
        series([SeriesLine(name: nil, values: values, color: color)], title: title, unit: unit, markers: markers, width: width, height: height)
    }

    /// One line of a series chart: a run's counts in its colour, named (in
    /// a key above the plot) when the chart compares runs.
    struct SeriesLine {
        var name: String?
        var values: [Double]
        var color: String
        /// Drawn wide and pale under the others: two runs of one scene often
        /// write the same bytes, and a line of the same width would be hidden.
        var underneath = false
    }

    /// Counts over the run on one scale (a comparison's baseline and
    /// candidate), each line over the whole width; script events at their
    /// frames in the last line's run. A line with no counts is left out.
    static func series(
        _ lines: [SeriesLine], title: String, unit: String, markers: [(index: Int, name: String)], width: Int = 660, height: Int = 150
    ) -> String {
        var svg = open(width, height, title: title)
        let left = 56.0, bottom = 20.0, top = 18.0
        let plotWidth = Double(width) - left - 8, plotHeight = Double(height) - top - bottom
        svg += text(left, 12, title, size: 11)
        let drawn = lines.filter { !$0.values.isEmpty }
        guard let last = drawn.last else { return svg + text(left, top + 20, "not measured") + "</svg>" }
        // The key, right of the title: a swatch and a name per line.
        for (number, keyed) in drawn.enumerated() {
            guard let name = keyed.name else { continue }
            let x = left + plotWidth - Double(drawn.count - number) * 80
            svg += rect(x, 4, 10, 10, keyed.color) + text(x + 14, 13, name, size: 10)
        }
        let yMax = max(drawn.map { $0.values.max()! }.max()!, 1)
        for event in markers {
            let x = left + (Double(event.index) + 0.5) / Double(last.values.count) * plotWidth
            svg += "<g><title>\(HTMLText.escape(event.name))</title>" + line(x, top, x, top + plotHeight, "#bbbbbb", dash: true) + "</g>"
        }
        for drawnLine in drawn {
            let buckets = buckets(drawnLine.values.count, columns: Int(plotWidth))
            var points: [String] = []
            for (column, bucket) in buckets.enumerated() {
                let value = bucket.map { drawnLine.values[$0] }.max()!
                let x = left + (Double(column) + 0.5) * plotWidth / Double(buckets.count)
                points.append("\(HTMLText.number(x)),\(HTMLText.number(top + plotHeight - value / yMax * plotHeight))")
            }
            let stroke = drawnLine.underneath ? "stroke-width=\"3\" stroke-opacity=\"0.45\"" : "stroke-width=\"1.2\""
            svg += "<polyline fill=\"none\" stroke=\"\(drawnLine.color)\" \(stroke) points=\"\(points.joined(separator: " "))\"/>"
        }
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight, "#999")
        svg += text(left - 3, top + 8, "\(Int(yMax)) \(unit)", anchor: "end", size: 9)
        svg += text(left - 3, top + plotHeight, "0", anchor: "end", size: 9)
        return svg + "</svg>"
    }
}
