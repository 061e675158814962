/// A moment worth a marker on a trace's or a report's time axis: a script
/// event (a filter switch, a jump, a resize...) at the start of the frame it
/// happened in.
public struct TraceMarker: Equatable, Sendable {
    /// The frame's number in the run (warm-up frames included).
    public var frame: Int
    /// What happened, in words: "jump", "filter switch to 2", "resize 150x38".
    public var name: String

    public init(frame: Int, name: String) {
        self.frame = frame
        self.name = name
    }
}
