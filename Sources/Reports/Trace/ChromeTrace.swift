import Harness

/// A run as a trace in the Chrome JSON trace format (`{"traceEvents": [...]}`),
/// which ui.perfetto.dev and chrome://tracing open; the events are values
/// (`TraceEvent`) written by `JSONEncoder` (`TraceWriter`).
///
/// Per scenario one process; per backend one track (thread) with a slice per
/// frame and its phases nested inside (update, layout, diff, encode, write;
/// the ncurses lane has update, layout, transfer, render on its own track);
/// counters per frame (bytes, dirty cells, allocations, scroll moves);
/// instant markers for late frames on the lane's track and for script
/// events on a track of their own.
///
/// The time axis is each lane's measured frames laid end to end from 0: the
/// report keeps every frame's phase times, not the clock between frames
/// (warm-up frames, the other lane's turns). The phases of a frame add up to
/// the frame exactly (they share clock reads), so they nest exactly.
///
/// Bounded: a lane with more than `maximumFrames` measured frames is cut into
/// windows of `stride = ceil(frames / maximumFrames)` consecutive frames and
/// only the slowest frame of each window is drawn (at its own place on the
/// axis, with its phases and counters); late-frame and script markers are
/// capped at `maximumMarkers` per lane (the late frames that overran most are
/// kept). The rule and each lane's figures are in `otherData`.
/// - Complexity: O(frames) time; output O(min(frames, maximumFrames)).
public enum ChromeTrace {
    public struct Options: Sendable {
        /// Frames per lane drawn in full before windows keep only their slowest.
        public var maximumFrames = 10_000
        /// Late-frame markers and script markers kept per lane.
        public var maximumMarkers = 10_000
        public init() {}
    }

    /// The trace of `document`.
    /// - Parameters:
    ///   - markers: script events per scenario name (`ScriptEvents.markers`).
    ///   - views: the costliest view of each frame, per report key (`--profile-views`).
    public static func render(
        _ document: RunDocument, markers: [String: [TraceMarker]] = [:],
        views: [String: [Int: FrameViewCost]] = [:], options: Options = Options()
    ) throws -> [UInt8] {
        try render(
            document.scenarios, commit: document.git.commit, created: document.created, markers: markers, views: views,
            options: options)
    }

    /// The trace of `scenarios` made outside a run document (live mode, a recording).
    public static func render(
        _ scenarios: [ScenarioReport], commit: String?, created: String, markers: [String: [TraceMarker]] = [:],
        views: [String: [Int: FrameViewCost]] = [:], options: Options = Options()
    ) throws -> [UInt8] {
        var writer = TraceWriter()
        var lanes: [TraceSummary.Lane] = []
        var names: [String] = []
        for report in scenarios where !names.contains(report.name) { names.append(report.name) }
        for (index, name) in names.enumerated() {
            let pid = index + 1
            writer.metadata("process_name", pid: pid, tid: 0, name: name)
            writer.metadata("process_sort_index", pid: pid, tid: 0, sortIndex: pid)
            let reports = scenarios.filter { $0.name == name }
            for report in reports {
                let tid = report.backend == .ncurses ? 2 : 1
                writer.metadata("thread_name", pid: pid, tid: tid, name: "\(report.backend) frames")
                writer.metadata("thread_sort_index", pid: pid, tid: tid, sortIndex: tid)
                var lane = TraceLane(report, pid: pid, tid: tid, views: views[report.key] ?? [:], options: options)
                lanes.append(lane.draw(into: &writer))
                writer.flush()
            }
            if let first = reports.first, let events = markers[name], !events.isEmpty {
                writer.metadata("thread_name", pid: pid, tid: 3, name: "script events")
                writer.metadata("thread_sort_index", pid: pid, tid: 3, sortIndex: 3)
                scriptMarkers(events, on: first, pid: pid, limit: options.maximumMarkers, into: &writer)
                writer.flush()
            }
        }
        return try writer.finish(
            TraceSummary(
                schemaVersion: RunDocument.schemaVersion, commit: commit ?? "unknown", created: created,
                timeline: timeline, decimation: decimation(options), lanes: lanes))
    }

    static let timeline =
        "each lane's measured frames laid end to end from 0 (warm-up frames and the other lane's turns are not on the axis)"

    static func decimation(_ options: Options) -> String {
        "lanes over \(options.maximumFrames) measured frames keep the slowest frame of each window of "
            + "ceil(frames/\(options.maximumFrames)) consecutive frames; late-frame markers keep the "
            + "\(options.maximumMarkers) largest overruns per lane, script markers the first \(options.maximumMarkers)"
    }

    /// Script events at the start of their frame, in each run (runs replay the script).
    private static func scriptMarkers(
        _ markers: [TraceMarker], on report: ScenarioReport, pid: Int, limit: Int, into writer: inout TraceWriter
    ) {
        var written = 0
        var start = 0
        for run in report.runs {
            guard let times = run.frames[.frameTime] else { continue }
            var starts = [start]
            starts.reserveCapacity(times.count + 1)
            for time in times { starts.append(starts.last! + max(0, time)) }
            for marker in markers {
                let index = marker.frame - report.settings.warmUpFrames
                guard index >= 0, index < times.count, written < limit else { continue }
                writer.instant(marker.name, pid: pid, tid: 3, at: starts[index], args: TraceArguments(frame: marker.frame))
                written += 1
            }
            start = starts.last!
        }
    }
}
