/// The Chrome JSON trace format's types (`{"traceEvents": [...], "otherData": {...}}`),
/// written by `JSONEncoder` under the format's own field names.
///
/// Times are the format's microseconds, from whole nanoseconds: a `Double`
/// holds them exactly to the nanosecond (16 significant digits cover a
/// hundred days), so a frame's phases, which share its clock reads, nest in
/// it exactly.
struct TraceFile: Encodable {
    var displayTimeUnit = "ns"
    var traceEvents: [TraceEvent]
    var otherData: TraceSummary
}

/// One event: metadata (`M`), a complete slice (`X`), a counter (`C`) or an instant (`i`, scope `s`).
struct TraceEvent: Encodable {
    enum Phase: String, Encodable {
        case metadata = "M", slice = "X", counter = "C", instant = "i"
    }

    var ph: Phase
    /// An instant's scope: `t`, its thread's track.
    var s: String?
    var name: String
    var cat: String?
    var pid: Int
    var tid: Int
    var ts: Double?
    var dur: Double?
    var args: TraceArguments

    /// `nanoseconds` in the format's microseconds.
    static func microseconds(_ nanoseconds: Int) -> Double { Double(nanoseconds) / 1000 }
}

/// An event's `args`: each kind of event fills the fields it carries, the
/// others are left out of the file.
struct TraceArguments: Encodable {
    var name: String?
    var sortIndex: Int?
    var value: Int?
    var frame: Int?
    var run: Int?
    var allocations: Int?
    var topView: String?
    var topViewSelfMilliseconds: Double?
    var topViewAllocations: Int?
    var frameMilliseconds: Double?
    var overBudgetMilliseconds: Double?

    enum CodingKeys: String, CodingKey {
        case name, value, frame, run, allocations
        case sortIndex = "sort_index"
        case topView = "top_view"
        case topViewSelfMilliseconds = "top_view_self_ms"
        case topViewAllocations = "top_view_allocations"
        case frameMilliseconds = "frame_ms"
        case overBudgetMilliseconds = "over_budget_ms"
    }

    /// Milliseconds to the microsecond, cut rather than rounded (as the figures were always written).
    static func milliseconds(_ nanoseconds: Int) -> Double { Double(nanoseconds / 1000) / 1000 }
}

/// `otherData`: what made the trace and how each lane was cut down.
struct TraceSummary: Encodable {
    struct Lane: Encodable {
        var scenario, backend: String
        var frames, framesInTrace, stride, lateFrames, lateMarkers: Int

        enum CodingKeys: String, CodingKey {
            case scenario, backend, frames, stride
            case framesInTrace = "frames_in_trace"
            case lateFrames = "late_frames"
            case lateMarkers = "late_markers"
        }
    }

    var generator = "framebench"
    var schemaVersion: Int
    var commit, created, timeline, decimation: String
    var lanes: [Lane]

    enum CodingKeys: String, CodingKey {
        case generator, commit, created, timeline, decimation, lanes
        case schemaVersion = "schema_version"
    }
}
