/// How a program run ended.
public enum ProgramOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The script ran to its end; the harness then hung up on the program.
    case completed
    /// The program exited (or was killed by a signal) before the script ended.
    case exitedEarly(status: ProgramExit)
    /// The program stopped answering at all: no byte for the timeout
    /// while input `input` (and any after it) waited for a frame.
    case hung(input: Int?, timeoutMilliseconds: Int)
    /// The output never went quiet for the timeout, or passed the byte limit.
    case flooded(bytes: Int, reason: String)
    /// The program stopped itself (SIGSTOP, SIGTSTP...) before the script
    /// ended; detecting it is `PseudoTerminalChild`'s (the case is here so
    /// every report and the frame log already name it).
    case stopped(signal: Int32)

    public var isCompleted: Bool { self == .completed }

    public var description: String {
        switch self {
        case .completed: return "completed"
        case .exitedEarly(let status): return "exited before the script ended (\(status))"
        case .hung(let input?, let timeout):
            return "hung: no output for \(timeout) ms after input \(input)"
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

/// One input the harness sent, and what answered it.
public struct ProgramInput: Sendable, Equatable {
    /// 0-based over every input sent after start-up (a repeated key is several).
    public var index: Int
    /// The key script line it came from, and its step in `oneLine` words.
    public var line: Int
    public var step: String
    /// Taken just before the write(2) of its bytes.
    public var sentTime: UInt64
    public var expectsFrame: Bool
    /// Sent on an `every` schedule (open loop), not after the previous answer.
    public var openLoop: Bool
    /// Its first and last frames (indices into `ProgramRun.frames`), and how many.
    public var firstFrame: Int?
    public var lastFrame: Int?
    public var frames = 0

    public init(index: Int, line: Int, step: String, sentTime: UInt64, expectsFrame: Bool, openLoop: Bool) {
        self.index = index
        self.line = line
        self.step = step
        self.sentTime = sentTime
        self.expectsFrame = expectsFrame
        self.openLoop = openLoop
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
    /// Start to the end of the first start-up frame, ns (nil: the program drew nothing before its first input).
    public var timeToFirstFrame: UInt64?
    /// The child's peak resident set, bytes, and CPU time (user + system), ns, from wait4.
    public var peakResidentBytes: Int
    public var cpuNanoseconds: UInt64
    public var usesSynchronizedUpdates: Bool
    /// Every byte the program wrote, when the settings capture text.
    public var stream: [UInt8] = []
    /// Every input sent, in order, with the frames that answered it.
    public var sentInputs: [ProgramInput] = []
    /// Why a figure of this run may be wrong, in words (empty: none);
    /// `--strict` fails on any.
    public var doubts: [String] = []
    /// What the run saw that changes no figure (start-up without output,
    /// timer redraws left unattributed), in words.
    public var notes: [String] = []
    /// Open loop: the most inputs sent and not yet answered, when an input was sent.
    public var maxBacklog = 0
    /// Turns of the harness's loop: it sleeps until something is due, so
    /// this stays near the number of reads and deadlines (a test bounds it;
    /// a loop that spun would steal the CPU the program needs).
    public var wakeups = 0

    /// Frames that answer an input (the start-up and unattributed frames excluded).
    public var inputFrames: [ProgramFrame] { frames.filter { $0.input != nil } }

    /// Inputs that expected a frame and got none within the answer window.
    public var unansweredInputs: [Int] {
        sentInputs.filter { $0.expectsFrame && $0.firstFrame == nil }.map(\.index)
    }

    /// Per answered input: input to its first frame complete and input to
    /// its last frame complete (settled), ns.
    public var answers: [(input: Int, firstComplete: UInt64, settled: UInt64)] {
        sentInputs.compactMap { input in
            guard let first = input.firstFrame, let last = input.lastFrame else { return nil }
            return (
                input.index, frames[first].completeTime &- input.sentTime, frames[last].completeTime &- input.sentTime
            )
        }
    }

    /// The first frame of each answered input, in input order.
    public var firstFrames: [ProgramFrame] { sentInputs.compactMap { $0.firstFrame.map { frames[$0] } } }

    /// Frames per input sent.
    public var framesPerInput: Double {
        inputs == 0 ? 0 : Double(inputFrames.count) / Double(inputs)
    }

    public var totalBytes: Int { frames.reduce(0) { $0 + $1.bytes } }
}
