import Foundation
import Harness
import Reports

/// `record --trace FILE`: the recorded frames as a Chrome/Perfetto trace
/// (`ChromeTrace`), timed as a run times them (update, layout, diff, encode,
/// write; for ncurses transfer and `doupdate`), with the script's events.
/// A recording has no warm-up, so every frame is on the trace, the first
/// (a full repaint) included; its bytes and dirty cells are the recording's own.
enum RecordTrace {
    static func render(_ outcome: Recording.Outcome, settings: RunSettings) throws -> [UInt8] {
        var scenario = ReportBuilder.scenarioSettings(settings)
        scenario.warmUpFrames = 0
        let times = outcome.frames[.frameTime]
        let lane: Backend = settings.backend == .ncurses ? .ncurses : .framebench
        let report = ScenarioReport(
            name: "\(settings.name) recorded", backend: ResultBackend(lane),
            stage: lane == .ncurses ? "wnoutrefresh+doupdate" : "diff+encode", settings: scenario, metrics: [:],
            histogram: Histogram(values: times),
            budget: FrameBudget.evaluate(frameTimes: times, budget: settings.frameBudgetNanoseconds),
            frameBudgetNanoseconds: settings.frameBudgetNanoseconds, runs: [outcome.frames], peakResidentBytes: 0)
        let markers = [report.name: ScriptEvents.markers(for: scenario)]
        return try ChromeTrace.render(
            [report], commit: GitState.current().commit, created: ISO8601DateFormatter().string(from: Date()),
            markers: markers)
    }
}
