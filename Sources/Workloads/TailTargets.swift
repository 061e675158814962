/// What a workload's slowest frames should stay within: issue 36's targets,
/// which `framebench run` prints its figures against (never asserted:
/// times are the machine's). The tail leaves out frames that resize the
/// terminal (a repaint at a new size, shown apart) and frames the machine
/// preempted (its wait, not our work).
public struct TailTargets: Sendable, Equatable, Codable {
    /// Whole frame, ns.
    public var p99: Double
    public var p999: Double
    public var max: Double
    /// Our whole frame's p50 over ncurses' output stage's p50
    /// (`wnoutrefresh` + `doupdate`), with `--backend both`.
    public var p50RatioToNcursesOutput: Double

    enum CodingKeys: String, CodingKey {
        case p99 = "p99_ns"
        case p999 = "p999_ns"
        case max = "max_ns"
        case p50RatioToNcursesOutput = "p50_ratio_to_ncurses_output"
    }

    public init(p99: Double = 250_000, p999: Double = 500_000, max: Double = 1_000_000, p50RatioToNcursesOutput: Double = 0.35) {
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.p50RatioToNcursesOutput = p50RatioToNcursesOutput
    }
}
