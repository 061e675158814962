import Foundation
import Harness
import Reports

/// `live --trace FILE`: the session's frames as a Chrome/Perfetto trace
/// (`ChromeTrace`), every frame drawn, none left out as warm-up. Live frames
/// time drawing (the scene's update and layout and the HUD) as one `layout`
/// phase, then diff, encode and write (which includes waiting for the
/// terminal to drain); the allocation counter covers the render stage. The
/// axis is the frames end to end: the waits between frames (the frame rate,
/// the keyboard) are not on it.
enum LiveTrace {
    static func render(_ summary: LiveSession.Summary, options: LiveSession.Options) throws -> [UInt8] {
        let count = summary.renderNanoseconds.count
        func column(_ values: [Double]) -> [Int] { values.prefix(count).map { Int($0) } }
        let layout = column(summary.layoutNanoseconds)
        let diff = column(summary.diffNanoseconds)
        let render = column(summary.renderNanoseconds)
        let write = column(summary.writeNanoseconds)
        let encode = zip(render, diff).map { $0 - $1 }
        let frame = (0..<count).map { layout[$0] + render[$0] + write[$0] }
        let frames: [Metric: [Int]] = [
            .frameTime: frame, .updateTime: Array(repeating: 0, count: count), .layoutTime: layout, .diffTime: diff,
            .encodeTime: encode, .writeTime: write, .renderTime: render, .bytes: column(summary.bytes),
            .dirtyCells: column(summary.dirtyCells), .allocations: column(summary.allocations),
        ]
        let size = options.workloadSettings.size
        let settings = ScenarioSettings(
            scenario: options.workload, script: options.workloadSettings.script, frames: count, cols: size.cols,
            rows: size.rows, feedItems: options.workloadSettings.feedItems, seed: options.workloadSettings.seed,
            term: options.term, warmUpFrames: 0, synchronizedOutput: true)
        let budget = 1_000_000_000 / options.framesPerSecond
        let times = frame.map(Double.init)
        let report = ScenarioReport(
            name: "\(options.workload) live", backend: .framebench, stage: "diff+encode",
            settings: settings, metrics: [:], histogram: Histogram(values: times),
            budget: FrameBudget.evaluate(frameTimes: times, budget: budget), frameBudgetNanoseconds: budget,
            runs: [RunSamples(frames: frames)], peakResidentBytes: 0)
        return try ChromeTrace.render([report], commit: nil, created: ISO8601DateFormatter().string(from: Date()))
    }
}
