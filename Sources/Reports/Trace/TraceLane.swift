import Harness

/// One backend's measured frames on its track of a trace: each drawn frame
/// as a slice with its phases nested in it and its counters, then the late
/// frames' markers (see `ChromeTrace` for the bound on both).
struct TraceLane {
    private typealias LateFrame = (overrun: Int, start: Int, frame: Int, time: Int)

    private static let counters: [(metric: Metric, name: String)] = [
        (.bytes, "bytes"), (.dirtyCells, "dirty cells"), (.allocations, "allocations"), (.scrollOperations, "scroll moves"),
    ]

    private let report: ScenarioReport
    private let pid: Int
    private let tid: Int
    private let views: [Int: FrameViewCost]
    private let options: ChromeTrace.Options
    private let phases: [FramePhase]
    private var late: [LateFrame] = []

    init(_ report: ScenarioReport, pid: Int, tid: Int, views: [Int: FrameViewCost], options: ChromeTrace.Options) {
        self.report = report
        self.pid = pid
        self.tid = tid
        self.views = views
        self.options = options
        phases = FramePhase.steps(of: report.backend.lane)
    }

    /// Draws the lane; returns its figures for `otherData`.
    mutating func draw(into writer: inout TraceWriter) -> TraceSummary.Lane {
        let total = report.runs.reduce(0) { $0 + ($1.frames[.frameTime]?.count ?? 0) }
        let stride = max(1, (total + options.maximumFrames - 1) / options.maximumFrames)
        let budget = Int(report.frameBudgetNanoseconds)
        var kept = 0
        var start = 0
        for (runIndex, run) in report.runs.enumerated() {
            guard let times = run.frames[.frameTime] else { continue }
            let starts = times.reduce(into: [start]) { $0.append($0.last! + max(0, $1)) }
            start = starts.last!
            var window = 0
            while window < times.count {
                let end = min(times.count, window + stride)
                let slowest = (window..<end).max { times[$0] < times[$1] }!
                window = end
                kept += 1
                drawFrame(slowest, of: run, runNumber: runIndex + 1, at: starts[slowest], into: &writer)
            }
            for (index, time) in times.enumerated() where time > budget {
                late.append((time - budget, starts[index], report.settings.warmUpFrames + index, time))
            }
        }
        let markers = drawLateMarkers(into: &writer)
        return TraceSummary.Lane(
            scenario: report.name, backend: report.backend.rawValue, frames: total, framesInTrace: kept, stride: stride,
            lateFrames: late.count, lateMarkers: markers)
    }

    /// Frame `index` of `run` at `at`: its slice, its phases laid end to end inside it, its counters.
    private func drawFrame(_ index: Int, of run: RunSamples, runNumber: Int, at: Int, into writer: inout TraceWriter) {
        let frameNumber = report.settings.warmUpFrames + index
        let duration = max(0, run.frames[.frameTime]![index])
        writer.slice(
            "frame", pid: pid, tid: tid, start: at, duration: duration,
            args: TraceArguments(frame: frameNumber, run: runNumber))
        var phaseStart = at
        for phase in phases {
            guard let times = run.frames[Metric.time(of: phase)], index < times.count else { continue }
            // Clamped so a phase never leaves its frame, whatever a file says.
            let length = min(max(0, times[index]), at + duration - phaseStart)
            var args = TraceArguments()
            if let allocations = run.frames[Metric.allocations(of: phase).count], index < allocations.count {
                args.allocations = allocations[index]
            }
            if phase == .layout, let view = views[frameNumber] {
                args.topView = view.path
                args.topViewSelfMilliseconds = TraceArguments.milliseconds(view.nanoseconds)
                args.topViewAllocations = view.allocations
            }
            writer.slice(phase.rawValue, pid: pid, tid: tid, start: phaseStart, duration: length, args: args)
            phaseStart += length
        }
        let suffix = report.backend == .ncurses ? " (ncurses)" : ""
        for counter in Self.counters {
            guard let values = run.frames[counter.metric], index < values.count else { continue }
            writer.counter(counter.name + suffix, pid: pid, at: at, value: values[index])
        }
    }

    /// The late frames' markers, at most `maximumMarkers` (those that overran most); returns how many.
    private func drawLateMarkers(into writer: inout TraceWriter) -> Int {
        var marked = late
        if marked.count > options.maximumMarkers {
            marked = Array(marked.sorted { $0.overrun > $1.overrun }.prefix(options.maximumMarkers))
            marked.sort { $0.start < $1.start }
        }
        for mark in marked {
            let args = TraceArguments(
                frame: mark.frame, frameMilliseconds: TraceArguments.milliseconds(mark.time),
                overBudgetMilliseconds: TraceArguments.milliseconds(mark.overrun))
            writer.instant("late frame", pid: pid, tid: tid, at: mark.start, args: args)
        }
        return marked.count
    }
}
