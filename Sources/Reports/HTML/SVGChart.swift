import Harness

/// The charts of the HTML report, each a self-contained inline `<svg>`:
/// nothing is fetched, no script runs. Long runs are drawn one column per
/// pixel-wide bucket of frames, each column showing its slowest frame (the
/// rule the trace uses), so a chart's size does not grow with the run.
/// Times are drawn on a `LogAxis` and labelled by `HTMLText.duration`.
/// This file holds the drawing primitives; each chart is an extension
/// (`SVGChart+Timeline`, `+Distribution`, `+Comparison`).
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

    /// The two sides of a comparison (Okabe-Ito blue and vermillion: told
    /// apart with any colour vision, and unlike every phase colour, so a
    /// screenshot's pixels say which side was drawn).
    static let baselineColor = "#0072b2"
    static let candidateColor = "#d55e00"

    /// Average advance of a character of the page's sans-serif at `size`
    /// px, a little generous so estimated widths err towards wrapping.
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.58 }

    /// `title` cut into lines that fit `width` pixels at `size` px: at the
    /// " · " separators first, then at spaces; a word longer than a line is
    /// cut (its whole text stays in the chart's tooltip).
    static func wrap(_ title: String, width: Double, size: Double = 11) -> [String] {
        let most = max(8, Int(width / (size * 0.58)))
        var lines: [String] = []
        var current = ""
        for word in title.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if candidate.count <= most { current = candidate; continue }
            if !current.isEmpty { lines.append(current) }
            current = word.count <= most ? word : String(word.prefix(most - 1)) + "…"
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    /// Tick labels and faint grid lines of a time axis running along x (at
    /// `y`, labels below) or along y (at `x`, labels left of it).
    static func timeTicks(_ axis: LogAxis, horizontalAt y: Double? = nil, verticalAt x: Double? = nil, across: Double) -> String {
        var svg = ""
        // Room for a label every 55 px along x (labels are up to "500 µs" wide), every 16 px along y.
        let most = max(2, Int(abs(axis.length) / (y != nil ? 55 : 16)))
        for tick in axis.ticks(most: most) {
            let at = axis.position(tick)
            if let y {
                svg += line(at, y, at, y - across, "#eeeeee") + line(at, y, at, y + 3, "#999")
                svg += text(at, y + 13, HTMLText.duration(tick, digits: 1), anchor: "middle", size: 9, color: "#555")
            } else if let x {
                svg += line(x, at, x + across, at, "#eeeeee") + line(x - 3, at, x, at, "#999")
                svg += text(x - 5, at + 3, HTMLText.duration(tick, digits: 1), anchor: "end", size: 9, color: "#555")
            }
        }
        return svg
    }

    /// Frame indices `0..<count` cut into at most `columns` consecutive buckets.
    static func buckets(_ count: Int, columns: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let columns = min(count, columns)
        return (0..<columns).map { count * $0 / columns..<count * ($0 + 1) / columns }
    }

    static func open(_ width: Int, _ height: Int, title: String) -> String {
        "<svg role=\"img\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\"><title>\(HTMLText.escape(title))</title>"
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>"
    }

    static func text(_ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Int = 11, color: String = "#333") -> String {
        "<text x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" font-size=\"\(size)\" fill=\"\(color)\" "
            + "text-anchor=\"\(anchor)\">\(HTMLText.escape(content))</text>"
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ fill: String, title: String? = nil) -> String {
        let body = "x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" width=\"\(HTMLText.number(width))\" "
            + "height=\"\(HTMLText.number(height))\" fill=\"\(fill)\""
        guard let title else { return "<rect \(body)/>" }
        return "<rect \(body)><title>\(HTMLText.escape(title))</title></rect>"
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ stroke: String, dash: Bool = false, width: Double = 1) -> String {
        "<line x1=\"\(HTMLText.number(x1))\" y1=\"\(HTMLText.number(y1))\" x2=\"\(HTMLText.number(x2))\" "
            + "y2=\"\(HTMLText.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(HTMLText.number(width))\""
            + (dash ? " stroke-dasharray=\"4 3\"/>" : "/>")
    }

    /// The measured frames' positions of script events (each run replays the script).
    static func markerPositions(_ markers: [TraceMarker], in report: ScenarioReport) -> [(index: Int, name: String)] {
        var positions: [(Int, String)] = []
        var offset = 0
        for run in report.runs {
            let count = run.frames[.frameTime]?.count ?? 0
            for marker in markers {
                let index = marker.frame - report.settings.warmUpFrames
                if index >= 0 && index < count { positions.append((offset + index, marker.name)) }
            }
            offset += count
        }
        return positions
    }
}
