/// The parts of a frame that metrics are taken for.
public enum FramePhase: String, CaseIterable, Codable, Sendable {
    /// The whole frame.
    case frame
    /// The render stage (diff + encode; transfer + doupdate for ncurses).
    case render
    case update, layout, transfer, diff, encode, write

    /// The phases each lane runs, in order; the render stage and the frame
    /// are spans over them.
    public static func steps(of backend: Backend) -> [FramePhase] {
        backend == .ncurses ? [.update, .layout, .transfer, .render] : [.update, .layout, .diff, .encode, .write]
    }
}
