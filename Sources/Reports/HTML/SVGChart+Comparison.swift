import Foundation
import Harness

extension SVGChart {
    /// The figures a box plot draws.
    struct Spread {
        let min, p25, p50, p75, p90, p99, max: Double

        init?(_ values: ChartFrames) {
            guard !values.isEmpty else { return nil }
            min = values.minimum
            p25 = values.quantile(0.25)
            p50 = values.quantile(0.5)
            p75 = values.quantile(0.75)
            p90 = values.quantile(0.9)
            p99 = values.quantile(0.99)
            max = values.maximum
        }

        /// The figures each side's caption shows, in its order.
        var labelled: [Double] { [min, p50, p90, p99, max] }
    }

    /// Baseline and candidate of one time on one log axis of their own (so
    /// a +30% change of a 7.6 µs phase is a visible shift even when a 4.5 ms
    /// spike sets the far end): the two distributions overlaid, then a box
    /// plot per side (box p25 to p75, the median a bold tick, whiskers from
    /// the fastest frame to p99, the slowest a dot), then labels with the
    /// digits that tell the two sides apart. A side that kept a distribution
    /// (a run past `FrameSamples.exactFrameLimit`) is drawn from its buckets.
    static func distributions(
        baseline: [Double], candidate: [Double], title: String, highlighted: Bool, width: Int = 660
    ) -> String {
        distributions(baseline: .frames(baseline), candidate: .frames(candidate), title: title, highlighted: highlighted, width: width)
    }

    static func distributions(
        baseline: ChartFrames, candidate: ChartFrames, title: String, highlighted: Bool, width: Int = 660
    ) -> String {
        let titleLines = wrap(title, width: Double(width) - 16)
        let titleHeight = Double(titleLines.count) * 14 + 6
        let left = 80.0, right = 16.0
        let plotWidth = Double(width) - left - right
        let densityTop = titleHeight + 4, densityHeight = 60.0
        let boxTop = densityTop + densityHeight + 10, rowHeight = 34.0
        let axisY = boxTop + 2 * rowHeight + 2
        let height = Int(axisY + 20)
        var svg = open(width, height, title: title)
        svg += distributionTitle(titleLines, highlighted: highlighted, width: width, height: height)
        guard !baseline.isEmpty || !candidate.isEmpty else { return svg + text(8, titleHeight + 20, "no frames") + "</svg>" }
        let axis = LogAxis(covering: baseline.extent + candidate.extent, start: left, length: plotWidth)
        svg += timeTicks(axis, horizontalAt: axisY, across: axisY - densityTop)
        svg += line(left, axisY, left + plotWidth, axisY, "#999")
        let sides: [ComparedSide] = [("baseline", baseline, baselineColor), ("candidate", candidate, candidateColor)]
        svg += overlaidDensities(sides, on: axis, top: densityTop, height: densityHeight)
        svg += boxPlots(sides, on: axis, top: boxTop, rowHeight: rowHeight)
        return svg + "</svg>"
    }

    /// One side of a comparison chart: its name, its frames, its colour.
    typealias ComparedSide = (name: String, frames: ChartFrames, color: String)

    /// The title's lines; a chart whose phase moved gets a red frame and a red title.
    private static func distributionTitle(_ lines: [String], highlighted: Bool, width: Int, height: Int) -> String {
        var svg = ""
        if highlighted {
            svg += "<rect x=\"1\" y=\"1\" width=\"\(width - 2)\" height=\"\(height - 2)\" fill=\"#fdecea\" stroke=\"\(late)\" stroke-width=\"2\"/>"
        }
        for (number, titleLine) in lines.enumerated() {
            svg += text(8, 14 + Double(number) * 14, titleLine, size: 11, color: highlighted ? late : "#333")
        }
        return svg
    }

    /// Both sides' shares of frames in 48 bins along `axis`, overlaid as
    /// translucent areas above the box plots (`top`, `height` in pixels).
    private static func overlaidDensities(_ sides: [ComparedSide], on axis: LogAxis, top densityTop: Double, height densityHeight: Double)
        -> String
    {
        let left = axis.start, plotWidth = axis.length
        // Both densities scaled to the taller one: equal areas mean equal frame counts.
        let binCount = 48
        let densities = sides.map { bins($0.frames, on: axis, count: binCount) }
        let tallest = max(densities.flatMap { $0 }.max() ?? 1, 1e-9)
        let floor = densityTop + densityHeight
        var svg = text(8, densityTop + 12, "share of frames", size: 9, color: "#555")
        for (side, shares) in zip(sides, densities) where !side.frames.isEmpty {
            var points = ["\(HTMLText.number(left)),\(HTMLText.number(floor))"]
            for (index, share) in shares.enumerated() {
                let y = floor - share / tallest * densityHeight
                points.append("\(HTMLText.number(left + Double(index) * plotWidth / Double(binCount))),\(HTMLText.number(y))")
                points.append("\(HTMLText.number(left + Double(index + 1) * plotWidth / Double(binCount))),\(HTMLText.number(y))")
            }
            points.append("\(HTMLText.number(left + plotWidth)),\(HTMLText.number(floor))")
            // The outline leaves out the floor, so the side drawn last does not cover the other's.
            svg += "<g><title>\(side.name): \(side.frames.count) frames</title>"
                + "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(side.color)\" fill-opacity=\"0.22\"/>"
                + "<polyline points=\"\(points.dropFirst().dropLast().joined(separator: " "))\" fill=\"none\" "
                + "stroke=\"\(side.color)\" stroke-width=\"1.5\"/></g>"
        }
        return svg
    }

    /// A row per side from `top`: its name, its box plot on `axis`, and a
    /// caption of its figures (the candidate's with its median's change).
    private static func boxPlots(_ sides: [ComparedSide], on axis: LogAxis, top boxTop: Double, rowHeight: Double) -> String {
        let left = axis.start
        var svg = ""
        let spreads = sides.map { Spread($0.frames) }
        // Each statistic labelled for both sides at once, with the digits that tell the two apart.
        let statistics = (0..<5).map { statistic in HTMLText.durations(spreads.compactMap { $0?.labelled[statistic] })[...] }
        var labels = statistics
        for (row, (side, spread)) in zip(sides, spreads).enumerated() {
            let y = boxTop + Double(row) * rowHeight
            svg += text(8, y + 12, side.name, size: 11)
            guard let s = spread else { svg += text(left, y + 12, "no frames", size: 10); continue }
            let shown = labels.map { $0.first! }
            labels = labels.map { $0.dropFirst() }
            svg += line(axis.position(s.min), y + 8, axis.position(s.p99), y + 8, side.color, width: 1.5)
            svg += rect(axis.position(s.p25), y + 1, max(2, axis.position(s.p75) - axis.position(s.p25)), 14, side.color,
                title: "\(side.name): p25 \(HTMLText.duration(s.p25)), p50 \(shown[1]), p75 \(HTMLText.duration(s.p75)), p99 \(shown[3])")
            svg += line(axis.position(s.p50), y - 2, axis.position(s.p50), y + 18, "#000", width: 2.5)
            svg += "<circle cx=\"\(HTMLText.number(axis.position(s.max)))\" cy=\"\(HTMLText.number(y + 8))\" r=\"2.5\" fill=\"\(side.color)\"/>"
            var caption = "min \(shown[0]) · p50 \(shown[1]) · p90 \(shown[2]) · p99 \(shown[3]) · max \(shown[4])"
            if row == 1, let base = spreads[0], base.p50 > 0 {
                caption += String(format: " · p50 %+.1f%%", (s.p50 / base.p50 - 1) * 100)
            }
            svg += text(left, y + 29, caption, size: 9)
        }
        return svg
    }
}
