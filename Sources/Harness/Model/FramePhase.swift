/// The parts of a frame: the steps each lane runs, and the spans over them
/// that metrics are also taken for. The one vocabulary for phases: metric
/// names, instruction markers (`markerSymbol(lane:)`) and the injected
/// regression all use it, Codable as the names results files hold.
public enum FramePhase: String, CaseIterable, Codable, Sendable {
    /// The whole frame.
    case frame
    /// The render stage: diff + encode in our lane; in the ncurses lane its
    /// own step, `wnoutrefresh` + `doupdate` (which also writes).
    case render
    case update, layout, transfer, diff, encode, write

    /// The steps each lane runs, in order; the render stage and the frame
    /// are spans over them.
    public static func steps(of backend: Backend) -> [FramePhase] {
        backend == .ncurses ? [.update, .layout, .transfer, .render] : [.update, .layout, .diff, .encode, .write]
    }
}
