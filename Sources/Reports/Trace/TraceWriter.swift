import Foundation

/// Collects a trace's events and encodes them as one JSON document.
///
/// Events of one lane are held back until `flush`, which appends them in
/// time order (ties in the order given, so a frame precedes its first
/// phase): each track's timestamps are monotonic in the file.
struct TraceWriter {
    private var events: [TraceEvent] = []
    private var pending: [(at: Int, order: Int, event: TraceEvent)] = []

    /// Appends the held-back events in time order.
    mutating func flush() {
        events += pending.sorted { ($0.at, $0.order) < ($1.at, $1.order) }.map(\.event)
        pending = []
    }

    private mutating func hold(_ event: TraceEvent, at: Int) {
        pending.append((at, pending.count, event))
    }

    mutating func metadata(_ kind: String, pid: Int, tid: Int, name: String) {
        events.append(TraceEvent(ph: .metadata, name: kind, pid: pid, tid: tid, args: TraceArguments(name: name)))
    }

    mutating func metadata(_ kind: String, pid: Int, tid: Int, sortIndex: Int) {
        events.append(TraceEvent(ph: .metadata, name: kind, pid: pid, tid: tid, args: TraceArguments(sortIndex: sortIndex)))
    }

    mutating func slice(_ name: String, pid: Int, tid: Int, start: Int, duration: Int, args: TraceArguments) {
        let event = TraceEvent(
            ph: .slice, name: name, cat: "frame", pid: pid, tid: tid, ts: TraceEvent.microseconds(start),
            dur: TraceEvent.microseconds(duration), args: args)
        hold(event, at: start)
    }

    mutating func counter(_ name: String, pid: Int, at: Int, value: Int) {
        let event = TraceEvent(
            ph: .counter, name: name, pid: pid, tid: 0, ts: TraceEvent.microseconds(at), args: TraceArguments(value: value))
        hold(event, at: at)
    }

    mutating func instant(_ name: String, pid: Int, tid: Int, at: Int, args: TraceArguments) {
        let event = TraceEvent(
            ph: .instant, s: "t", name: name, cat: "marker", pid: pid, tid: tid, ts: TraceEvent.microseconds(at), args: args)
        hold(event, at: at)
    }

    /// The whole trace, ending in a newline.
    /// - Throws: `EncodingError` only for a number JSON cannot hold (none
    ///   here: every time is a whole count of nanoseconds).
    mutating func finish(_ summary: TraceSummary) throws -> [UInt8] {
        flush()
        let encoder = JSONEncoder()
        // Sorted: the encoder's own key order follows the process's hash seed (the same run, another file).
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(TraceFile(traceEvents: events, otherData: summary))) + [UInt8(ascii: "\n")]
    }
}
