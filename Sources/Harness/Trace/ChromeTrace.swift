/// A run as a trace in the Chrome JSON trace format (`{"traceEvents": [...]}`),
/// which ui.perfetto.dev and chrome://tracing open.
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
/// capped at `maximumMarkers` per lane (the latest-overrunning late frames
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
    ) -> [UInt8] {
        render(
            document.scenarios, commit: document.git.commit, created: document.created, markers: markers, views: views,
            options: options)
    }

    /// The trace of `scenarios` made outside a run document (live mode).
    public static func render(
        _ scenarios: [ScenarioReport], commit: String?, created: String, markers: [String: [TraceMarker]] = [:],
        views: [String: [Int: FrameViewCost]] = [:], options: Options = Options()
    ) -> [UInt8] {
        var writer = TraceWriter()
        var lanes: [String] = []
        var names: [String] = []
        for report in scenarios where !names.contains(report.name) { names.append(report.name) }
        for (index, name) in names.enumerated() {
            let pid = index + 1
            writer.metadata("process_name", pid: pid, tid: 0, name: name)
            writer.metadata("process_sort_index", pid: pid, tid: 0, sortIndex: pid)
            let reports = scenarios.filter { $0.name == name }
            for report in reports {
                let tid = report.backend == "ncurses" ? 2 : 1
                writer.metadata("thread_name", pid: pid, tid: tid, name: "\(report.backend) frames")
                writer.metadata("thread_sort_index", pid: pid, tid: tid, sortIndex: tid)
                lanes.append(
                    lane(report, pid: pid, tid: tid, views: views[report.key] ?? [:], options: options, into: &writer))
                writer.flush()
            }
            if let first = reports.first, let events = markers[name], !events.isEmpty {
                writer.metadata("thread_name", pid: pid, tid: 3, name: "script events")
                writer.metadata("thread_sort_index", pid: pid, tid: 3, sortIndex: 3)
                scriptMarkers(events, on: first, pid: pid, limit: options.maximumMarkers, into: &writer)
                writer.flush()
            }
        }
        let rule =
            "lanes over \(options.maximumFrames) measured frames keep the slowest frame of each window of "
            + "ceil(frames/\(options.maximumFrames)) consecutive frames; late-frame markers keep the "
            + "\(options.maximumMarkers) largest overruns per lane, script markers the first \(options.maximumMarkers)"
        let timeline =
            "each lane's measured frames laid end to end from 0 (warm-up frames and the other lane's turns are not on the axis)"
        let other =
            "{\"generator\":\"framebench\",\"schema_version\":\(RunDocument.schemaVersion),"
            + "\"commit\":\(JSON.quote(commit ?? "unknown")),\"created\":\(JSON.quote(created)),"
            + "\"timeline\":\(JSON.quote(timeline)),\"decimation\":\(JSON.quote(rule)),\"lanes\":[\(lanes.joined(separator: ","))]}"
        return writer.finish(otherData: other)
    }

    /// One backend's frames; returns the lane's figures for `otherData`.
    private static func lane(
        _ report: ScenarioReport, pid: Int, tid: Int, views: [Int: FrameViewCost], options: Options,
        into writer: inout TraceWriter
    ) -> String {
        let phases = FramePhase.steps(of: report.backend == "ncurses" ? .ncurses : .framebench)
        let suffix = report.backend == "ncurses" ? " (ncurses)" : ""
        let counters: [(Metric, String)] = [
            (.bytes, "bytes"), (.dirtyCells, "dirty cells"), (.allocations, "allocations"),
            (.scrollOperations, "scroll moves"),
        ]
        let budget = Int(report.frameBudgetNanoseconds)
        let total = report.runs.reduce(0) { $0 + ($1.frames[Metric.frameTime.rawValue]?.count ?? 0) }
        let stride = max(1, (total + options.maximumFrames - 1) / options.maximumFrames)
        var late: [(overrun: Int, start: Int, frame: Int, time: Int)] = []
        var kept = 0
        var start = 0
        for (runIndex, run) in report.runs.enumerated() {
            guard let times = run.frames[Metric.frameTime.rawValue] else { continue }
            let phaseTimes = phases.map { run.frames[Metric.time(of: $0).rawValue] ?? [] }
            let phaseAllocations = phases.map { run.frames[Metric.allocations(of: $0).count.rawValue] ?? [] }
            let counterValues = counters.map { run.frames[$0.0.rawValue] ?? [] }
            let starts = times.reduce(into: [start]) { $0.append($0.last! + max(0, $1)) }
            start = starts.last!
            var window = 0
            while window < times.count {
                let end = min(times.count, window + stride)
                let slowest = (window..<end).max { times[$0] < times[$1] }!
                window = end
                let frameNumber = report.settings.warmUpFrames + slowest
                let at = starts[slowest]
                let duration = max(0, times[slowest])
                kept += 1
                writer.slice(
                    "frame", pid: pid, tid: tid, start: at, duration: duration,
                    args: "\"frame\":\(frameNumber),\"run\":\(runIndex + 1)")
                var phaseStart = at
                for (index, phase) in phases.enumerated() where slowest < phaseTimes[index].count {
                    // Clamped so a phase never leaves its frame, whatever a file says.
                    let length = min(max(0, phaseTimes[index][slowest]), at + duration - phaseStart)
                    var args = slowest < phaseAllocations[index].count
                        ? "\"allocations\":\(phaseAllocations[index][slowest])" : ""
                    if phase == .layout, let view = views[frameNumber] {
                        args += (args.isEmpty ? "" : ",") + view.traceArguments
                    }
                    writer.slice(phase.rawValue, pid: pid, tid: tid, start: phaseStart, duration: length, args: args)
                    phaseStart += length
                }
                for (index, counter) in counters.enumerated() where slowest < counterValues[index].count {
                    writer.counter(counter.1 + suffix, pid: pid, at: at, value: counterValues[index][slowest])
                }
            }
            for (index, time) in times.enumerated() where time > budget {
                late.append((time - budget, starts[index], report.settings.warmUpFrames + index, time))
            }
        }
        let lateFrames = late.count
        if late.count > options.maximumMarkers {
            late = Array(late.sorted { $0.overrun > $1.overrun }.prefix(options.maximumMarkers))
            late.sort { $0.start < $1.start }
        }
        for mark in late {
            writer.instant(
                "late frame", pid: pid, tid: tid, at: mark.start,
                args: "\"frame\":\(mark.frame),\"frame_ms\":\(milliseconds(mark.time)),\"over_budget_ms\":\(milliseconds(mark.overrun))")
        }
        return "{\"scenario\":\(JSON.quote(report.name)),\"backend\":\(JSON.quote(report.backend)),"
            + "\"frames\":\(total),\"frames_in_trace\":\(kept),\"stride\":\(stride),"
            + "\"late_frames\":\(lateFrames),\"late_markers\":\(late.count)}"
    }

    /// Script events at the start of their frame, in each run (runs replay the script).
    private static func scriptMarkers(
        _ markers: [TraceMarker], on report: ScenarioReport, pid: Int, limit: Int, into writer: inout TraceWriter
    ) {
        var written = 0
        var start = 0
        for run in report.runs {
            guard let times = run.frames[Metric.frameTime.rawValue] else { continue }
            var starts = [start]
            starts.reserveCapacity(times.count + 1)
            for time in times { starts.append(starts.last! + max(0, time)) }
            for marker in markers {
                let index = marker.frame - report.settings.warmUpFrames
                guard index >= 0, index < times.count, written < limit else { continue }
                writer.instant(marker.name, pid: pid, tid: 3, at: starts[index], args: "\"frame\":\(marker.frame)")
                written += 1
            }
            start = starts.last!
        }
    }

    static func milliseconds(_ nanoseconds: Int) -> String {
        let micro = nanoseconds / 1000
        return "\(micro / 1000).\(pad(micro % 1000))"
    }

    static func pad(_ value: Int) -> String {
        value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
    }
}

/// Appends trace events as JSON text; times are given in ns and written in
/// the format's microseconds with three decimals, so nesting stays exact.
///
/// Events of one lane are held back until `flush`, which writes them in
/// time order (ties in the order given, so a frame precedes its first
/// phase): each track's timestamps are monotonic in the file.
struct TraceWriter {
    private var text = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":["
    private var first = true
    private var pending: [(at: Int, order: Int, body: String)] = []

    private mutating func event(_ body: String, at: Int? = nil) {
        if let at {
            pending.append((at, pending.count, body))
            return
        }
        if !first { text += ",\n" }
        first = false
        text += "{" + body + "}"
    }

    /// Writes the held-back events in time order.
    mutating func flush() {
        let events = pending.sorted { ($0.at, $0.order) < ($1.at, $1.order) }
        pending = []
        for held in events { event(held.body) }
    }

    static func microseconds(_ nanoseconds: Int) -> String {
        "\(nanoseconds / 1000).\(ChromeTrace.pad(nanoseconds % 1000))"
    }

    mutating func metadata(_ kind: String, pid: Int, tid: Int, name: String) {
        event("\"ph\":\"M\",\"name\":\"\(kind)\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"name\":\(JSON.quote(name))}")
    }

    mutating func metadata(_ kind: String, pid: Int, tid: Int, sortIndex: Int) {
        event("\"ph\":\"M\",\"name\":\"\(kind)\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"sort_index\":\(sortIndex)}")
    }

    mutating func slice(_ name: String, pid: Int, tid: Int, start: Int, duration: Int, args: String) {
        event(
            "\"ph\":\"X\",\"name\":\(JSON.quote(name)),\"cat\":\"frame\",\"pid\":\(pid),\"tid\":\(tid),"
                + "\"ts\":\(Self.microseconds(start)),\"dur\":\(Self.microseconds(duration)),\"args\":{\(args)}",
            at: start)
    }

    mutating func counter(_ name: String, pid: Int, at: Int, value: Int) {
        event(
            "\"ph\":\"C\",\"name\":\(JSON.quote(name)),\"pid\":\(pid),\"tid\":0,\"ts\":\(Self.microseconds(at)),"
                + "\"args\":{\"value\":\(value)}", at: at)
    }

    mutating func instant(_ name: String, pid: Int, tid: Int, at: Int, args: String) {
        event(
            "\"ph\":\"i\",\"s\":\"t\",\"name\":\(JSON.quote(name)),\"cat\":\"marker\",\"pid\":\(pid),\"tid\":\(tid),"
                + "\"ts\":\(Self.microseconds(at)),\"args\":{\(args)}", at: at)
    }

    mutating func finish(otherData: String) -> [UInt8] {
        flush()
        return Array((text + "],\n\"otherData\":" + otherData + "}\n").utf8)
    }
}
