import FrameGrid
import Workloads

/// An example benchmark scene, small on purpose: a stock ticker. Its view
/// is `draw` (a title bar and one row per symbol), its feed is the generated
/// symbol list (from the seed, sized by `--feed`), and its script is what
/// changes from frame to frame (a few prices tick, the list scrolls by one
/// symbol every 30 frames).
///
/// To add your own: copy this file, rename the type and `name`, register it
/// in `Registry.swift`, and add `{"name": ..., "scenario": "<name>", ...}`
/// to a suite in `Benchmarks/suites.json`.
final class TickerExample: Workload {
    static let name = "example-ticker"
    static let summary = "example user scene: prices that tick in place, a list that scrolls every 30 frames"

    let size: Size
    let drawsIncrementally = false
    private let seed: UInt64
    private let symbols: Int

    init(settings: WorkloadSettings) {
        size = settings.size
        seed = settings.seed
        symbols = max(1, min(settings.feedItems, 100_000))
    }

    func draw(frame index: Int, into grid: inout Grid) {
        grid.clear()
        let title = Style(foreground: .black, background: .palette(214), attributes: .bold)
        grid.fill(Rect(x: 0, y: 0, width: size.cols, height: 1), style: title)
        grid.write(" TICKER  \(symbols) symbols ", x: 0, y: 0, style: title)
        let first = index / 30
        for row in 1..<size.rows {
            let symbol = (first + row) % symbols
            var random = SeededRandom(seed: seed, index: symbol)
            let name = String(UnicodeScalar(UInt8(65 + random.below(26)))) + String(UnicodeScalar(UInt8(65 + random.below(26))))
                + String(UnicodeScalar(UInt8(65 + random.below(26))))
            // The script: every frame a few symbols' prices move.
            var tick = SeededRandom(seed: seed &+ UInt64(index), index: symbol)
            let moved = tick.below(8) == 0
            let price = 100 + random.below(900) + (moved ? tick.below(5) : 0)
            let style = moved ? Style(foreground: tick.below(2) == 0 ? .green : .red, attributes: .bold) : .plain
            grid.write(name, x: 1, y: row, style: Style(attributes: .bold))
            grid.write(String(price), x: 8, y: row, style: style)
        }
    }
}
