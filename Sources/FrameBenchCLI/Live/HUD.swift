import Harness
import FrameGrid

/// The last frames' figures, for the HUD.
struct RecentFrames {
    private(set) var times: [Double] = []
    private(set) var lastBytes = 0
    private(set) var lastAllocations = 0
    static let capacity = 120

    mutating func add(render: Double, bytes: Int, allocations: Int) {
        if times.count == RecentFrames.capacity { times.removeFirst() }
        times.append(render)
        lastBytes = bytes
        lastAllocations = allocations
    }
}

/// A box in the top-right corner with live figures: render p50 and p99, a
/// sparkline of recent frame times, bytes and allocations of the last frame,
/// the backend and the scroll position.
enum HUD {
    static let width = 36
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func draw(into grid: inout Grid, recent: RecentFrames, note: String, position: String) {
        guard grid.cols >= width + 2, grid.rows >= 5 else { return }
        let x = grid.cols - width - 1
        let style = Style(foreground: .brightWhite, background: .palette(236))
        let area = Rect(x: x, y: 1, width: width, height: note.isEmpty ? 3 : 4)
        grid.fill(area, style: style)
        let summary = Summary(recent.times)
        grid.write(
            " framebench p50 \(Units.duration(summary.p50)) p99 \(Units.duration(summary.p99))", x: x, y: 1,
            style: style.with(.bold), clip: area)
        grid.write(" " + sparkline(recent.times.suffix(width - 2)), x: x, y: 2, style: style, clip: area)
        grid.write(
            " \(recent.lastBytes) B  \(recent.lastAllocations) allocs  \(position)", x: x, y: 3, style: style, clip: area)
        if !note.isEmpty { grid.write(" " + note, x: x, y: 4, style: style.with(.dim), clip: area) }
    }

    static func sparkline(_ values: ArraySlice<Double>) -> String {
        guard let low = values.min(), let high = values.max(), high > low else {
            return String(repeating: blocks[0], count: values.count)
        }
        return String(values.map { blocks[min(blocks.count - 1, Int(($0 - low) / (high - low) * Double(blocks.count)))] })
    }
}
