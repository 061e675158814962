/// What measured a scenario, as results files name it (`"backend"`): one of
/// framebench's two lanes, or a program driven through a pseudo-terminal
/// (`framebench program`). A name that is none of these is refused as the
/// file is read.
public enum ResultBackend: String, CaseIterable, Codable, Sendable {
    case framebench, ncurses, program

    /// The figures of one lane of a run.
    public init(_ lane: Backend) {
        precondition(lane != .both, "a result belongs to one lane")
        self = lane == .ncurses ? .ncurses : .framebench
    }

    /// The lane whose phases and metrics the figures have: a program's
    /// frames are whole frames, timed as framebench's lane times its own.
    public var lane: Backend { self == .ncurses ? .ncurses : .framebench }
}
