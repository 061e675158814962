/// How a program run ended.
public enum ProgramOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The script ran to its end; the harness then hung up on the program.
    case completed
    /// The program exited (or was killed by a signal) before the script ended.
    case exitedEarly(status: ProgramExit)
    /// An input (nil: the start) got no byte in reply within the timeout.
    case hung(input: Int?, timeoutMilliseconds: Int)
    /// The output never went quiet for the timeout, or passed the byte limit.
    case flooded(bytes: Int, reason: String)
    /// The program stopped itself (SIGSTOP, SIGTSTP...) before the script
    /// ended: it read nothing more, and what followed was the terminal's echo.
    case stopped(signal: Int32)

    public var isCompleted: Bool { self == .completed }

    public var description: String {
        switch self {
        case .completed: return "completed"
        case .exitedEarly(let status): return "exited before the script ended (\(status))"
        case .hung(let input?, let timeout): return "hung: input \(input) got no output within \(timeout) ms"
        case .hung(nil, let timeout): return "hung: no output within \(timeout) ms of the start"
        case .flooded(let bytes, let reason): return "flooded: \(reason) (\(bytes) bytes)"
        case .stopped(let signal): return "stopped (signal \(signal)) before the script ended"
        }
    }
}

/// How the child ended.
public enum ProgramExit: Equatable, Sendable, CustomStringConvertible {
    case status(Int32)
    case signal(Int32)

    public var description: String {
        switch self {
        case .status(let code): return "exit status \(code)"
        case .signal(let number): return "signal \(number)"
        }
    }
}

/// Everything one run of a program measured.
public struct ProgramRun: Sendable {
    public var settings: ProgramSettings
    public var frames: [ProgramFrame]
    public var outcome: ProgramOutcome
    public var exit: ProgramExit?
    /// Inputs sent (keys and resizes).
    public var inputs: Int
    /// Start to the end of the first frame, ns (nil: no frame at all).
    public var timeToFirstFrame: UInt64?
    /// The child's peak resident set, bytes, and CPU time (user + system), ns, from wait4.
    public var peakResidentBytes: Int
    public var cpuNanoseconds: UInt64
    public var usesSynchronizedUpdates: Bool
    /// Every byte the program wrote, when the settings capture text.
    public var stream: [UInt8] = []

    /// Frames that answer an input (the start-up frames excluded).
    public var inputFrames: [ProgramFrame] { frames.filter { $0.input != nil } }

    /// Frames per input sent.
    public var framesPerInput: Double {
        inputs == 0 ? 0 : Double(inputFrames.count) / Double(inputs)
    }

    public var totalBytes: Int { frames.reduce(0) { $0 + $1.bytes } }
}
