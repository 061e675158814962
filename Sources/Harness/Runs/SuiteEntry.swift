/// One entry of a suite as it runs: a scene drawn by our renderer (and the
/// ncurses lane), or a terminal program driven on a pty.
public enum SuiteEntry: Sendable {
    case scene(RunSettings)
    case program(ProgramBenchmark)

    public var name: String {
        switch self {
        case .scene(let settings): return settings.name
        case .program(let program): return program.name
        }
    }

    public var repeats: Int {
        switch self {
        case .scene(let settings): return settings.repeats
        case .program(let program): return program.repeats
        }
    }
}
