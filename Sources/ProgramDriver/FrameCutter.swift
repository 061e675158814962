/// Cuts a program's output into frames, as a terminal user would see them,
/// and ties each frame to the input it answers.
///
/// A frame starts with the first byte after the previous frame ended and
/// ends at whichever comes first:
/// - a DEC 2026 synchronized-update end (`ESC[?2026l`) closing a begin
///   (`ESC[?2026h`): the program said the frame is complete; bytes it
///   wrote before the begin marker belong to the same frame;
/// - quiescence: no byte for `gap` while not inside a synchronized update
///   (the frame completed at its last byte, not at the end of the gap);
/// - a synchronized update left open with no byte for `syncLimit` (`limit`);
/// - the runner cutting it (the next input was sent, the run ended).
///
/// Bytes that follow a sync end (a cursor hide, a title) before any new
/// input, a new begin marker or a quiet gap belong to the frame that
/// closed: they extend its `lastByteTime` and bytes, they open no frame.
///
/// Attribution, by arrival times only (never by when the harness got to
/// the bytes): a frame answers the earliest input sent before its first
/// byte that has no frame yet and was sent less than `answerWindow` ago
/// (role `first`). With none, a frame within the window of the latest
/// input is a `later` frame of it; frames before any input are `startup`;
/// the rest (a timer redraw long after the last key, any frame after a
/// `noframe` input) are `unattributed` and never timed. In closed loop (one input at a time) this is "every
/// frame until the next input answers it"; in open loop it is "the
/// earliest unanswered input".
///
/// Times are nanoseconds on one monotonic clock; the cutter never reads
/// the clock, so tests drive it with made-up times.
public struct FrameCutter {
    /// How a frame's end was found.
    public enum Cut: String, Codable, Sendable {
        case synchronizedUpdate = "sync"
        case quiescence
        /// The program exited (or the run ended) with the frame open.
        case endOfRun = "end"
        /// The harness sent the next input with the frame still open.
        case nextInput = "next_input"
        /// A synchronized update that was never closed, cut after `syncLimit` of quiet.
        case limit

        /// The name the frame log uses (FRAMELOG contract).
        public var logName: String {
            switch self {
            case .synchronizedUpdate: return "sync_end"
            case .quiescence: return "gap"
            case .endOfRun: return "exit"
            case .nextInput: return "next_input"
            case .limit: return "limit"
            }
        }
    }

    /// What a frame is to the inputs.
    public enum Role: String, Codable, Sendable {
        case startup, first, later, unattributed
    }

    /// An input as the cutter knows it.
    public struct Input: Sendable {
        public var index: Int
        public var time: UInt64
        public var expectsFrame: Bool
        /// Frames attributed to it: its first, and the last so far.
        public var firstFrame: Int?
        public var lastFrame: Int?
        public var frames = 0
    }

    public let gap: UInt64
    public let answerWindow: UInt64
    public let syncLimit: UInt64
    public private(set) var frames: [ProgramFrame] = []
    public private(set) var inputs: [Input] = []
    /// Whether the program has closed a synchronized update yet.
    public private(set) var usesSynchronizedUpdates = false
    /// Every byte fed, when the cutter captures text (recordings replay it).
    public private(set) var stream: [UInt8] = []
    private let screen: TerminalScreen?
    private let capturesText: Bool
    private var pending: ProgramFrame?
    private var insideSync = false
    /// The frame a sync end closed, while bytes after it still belong to it.
    private var trailing: Int?
    /// How much of `ESC [ ? 2 0 2 6` has matched, across reads.
    private var markerProgress = 0
    private var lastByteTime: UInt64 = 0
    /// Inputs before this one are answered or past their window.
    private var firstOpenInput = 0
    private static let markerPrefix: [UInt8] = Array("\u{1B}[?2026".utf8)

    /// - Parameters:
    ///   - gap: nanoseconds of silence that end a frame outside a synchronized update.
    ///   - answerWindow: how long after an input a frame may begin and still answer it.
    ///   - syncLimit: silence that cuts a synchronized update never closed (default: the window).
    ///   - screen: the emulator the bytes go through (nil: no damage figures).
    ///   - capturesText: keep each frame's screen text (for recordings).
    public init(
        gap: UInt64, answerWindow: UInt64 = 1_000_000_000, syncLimit: UInt64? = nil, screen: TerminalScreen?,
        capturesText: Bool = false
    ) {
        self.gap = gap
        self.answerWindow = answerWindow
        self.syncLimit = syncLimit ?? answerWindow
        self.screen = screen
        self.capturesText = capturesText
    }

    /// An input (key, resize) was sent at `time`; inputs come in time order.
    public mutating func input(index: Int, at time: UInt64, expectsFrame: Bool = true) {
        inputs.append(Input(index: index, time: time, expectsFrame: expectsFrame))
    }

    /// Whether a frame has bytes and has not ended yet.
    public var hasOpenFrame: Bool { pending != nil }
    /// When the open frame's first byte arrived.
    public var openFrameStart: UInt64? { pending?.firstByteTime }
    /// Whether the open frame is inside a synchronized update.
    public var isInsideSynchronizedUpdate: Bool { insideSync }
    /// When the last byte arrived (0: none yet).
    public var lastByte: UInt64 { lastByteTime }

    /// When the open frame will end by itself if nothing more arrives
    /// (quiescence, or the limit of an open synchronized update).
    public var quiescenceDeadline: UInt64? {
        guard pending != nil else { return nil }
        return lastByteTime + (insideSync ? syncLimit : gap)
    }

    /// Bytes from one read, at `time`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, at time: UInt64) {
        guard !bytes.isEmpty else { return }
        tick(at: time)
        if let closed = trailing, trailingEnds(closed, at: time) { trailing = nil }
        if pending != nil { pending!.readCalls += 1 }
        lastByteTime = time
        var segmentStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if markerProgress == Self.markerPrefix.count {
                markerProgress = 0
                if byte == UInt8(ascii: "h") {
                    if trailing != nil {
                        // A new update begins: what came before it still belongs to the closed frame.
                        let markerStart = max(segmentStart, index - Self.markerPrefix.count)
                        append(UnsafeRawBufferPointer(rebasing: bytes[segmentStart..<markerStart]), at: time)
                        trailing = nil
                        segmentStart = markerStart
                    }
                    insideSync = true
                } else if byte == UInt8(ascii: "l") && insideSync {
                    insideSync = false
                    usesSynchronizedUpdates = true
                    append(UnsafeRawBufferPointer(rebasing: bytes[segmentStart...index]), at: time)
                    segmentStart = index + 1
                    close(.synchronizedUpdate)
                    trailing = frames.count - 1
                    continue
                }
            }
            if byte == Self.markerPrefix[markerProgress] {
                markerProgress += 1
            } else {
                markerProgress = byte == Self.markerPrefix[0] ? 1 : 0
            }
        }
        if segmentStart < bytes.count {
            append(UnsafeRawBufferPointer(rebasing: bytes[segmentStart...]), at: time)
        }
    }

    public mutating func feed(_ bytes: [UInt8], at time: UInt64) {
        bytes.withUnsafeBytes { feed($0, at: time) }
    }

    /// Ends the open frame if its deadline has passed by `time` (every read
    /// up to `time` must have been fed); returns whether it did.
    @discardableResult
    public mutating func tick(at time: UInt64) -> Bool {
        if let closed = trailing, time >= frames[closed].lastByteTime + gap { trailing = nil }
        guard let deadline = quiescenceDeadline, time >= deadline else { return false }
        if insideSync {
            insideSync = false
            close(.limit)
        } else {
            close(.quiescence)
        }
        return true
    }

    /// Ends the open frame with `cut` (the next input, the end of the run).
    public mutating func cut(_ cut: Cut) {
        if pending != nil { close(cut) }
        insideSync = false
        trailing = nil
    }

    /// Ends the open frame, whatever state it is in (the run is over).
    public mutating func finish() {
        if pending != nil { close(insideSync ? .endOfRun : .quiescence) }
        insideSync = false
        trailing = nil
    }

    /// Whether bytes at `time` no longer extend the frame a sync end closed:
    /// an input was sent since it closed, or a quiet gap passed.
    private func trailingEnds(_ closed: Int, at time: UInt64) -> Bool {
        if time >= frames[closed].lastByteTime + gap { return true }
        let completed = frames[closed].completeTime
        return inputs.last(where: { $0.time < time }).map { $0.time > completed } ?? false
    }

    /// Adds bytes of one read to the open frame (opening one if none is,
    /// the read then counting for it too), or to the closed frame they trail.
    private mutating func append(_ segment: UnsafeRawBufferPointer, at time: UInt64) {
        guard !segment.isEmpty else { return }
        if capturesText { stream += segment }
        screen?.write(segment)
        if let closed = trailing {
            frames[closed].bytes += segment.count
            frames[closed].trailingBytes += segment.count
            if frames[closed].lastByteTime != time { frames[closed].readCalls += 1 }
            frames[closed].lastByteTime = time
            if let screen {
                let more = screen.endFrame()
                frames[closed].damage = frames[closed].damage.map { $0.adding(more) } ?? more
                if capturesText {
                    frames[closed].lines = screen.lines()
                    frames[closed].streamEnd = stream.count
                }
            }
            return
        }
        if pending == nil { open(at: time) }
        pending!.bytes += segment.count
        pending!.completeTime = time
        pending!.lastByteTime = time
    }

    private mutating func open(at time: UInt64) {
        while firstOpenInput < inputs.count {
            let input = inputs[firstOpenInput]
            guard input.firstFrame != nil || (input.time < time && time - input.time >= answerWindow) else { break }
            firstOpenInput += 1
        }
        var answered: Int?
        var role = Role.unattributed
        var index = firstOpenInput
        while index < inputs.count && inputs[index].time < time {
            if inputs[index].expectsFrame && inputs[index].firstFrame == nil && time - inputs[index].time < answerWindow {
                answered = index
                role = .first
                break
            }
            index += 1
        }
        if answered == nil {
            if let latest = inputs.lastIndex(where: { $0.time < time }) {
                if inputs[latest].expectsFrame && time - inputs[latest].time < answerWindow {
                    answered = latest
                    role = .later
                }
            } else {
                role = .startup
            }
        }
        let input = answered.map { inputs[$0] }
        pending = ProgramFrame(
            index: frames.count, input: input?.index, inputTime: input?.time, firstByteTime: time, completeTime: time,
            readCalls: 1)
        pending!.role = role
        if let answered {
            if inputs[answered].firstFrame == nil { inputs[answered].firstFrame = frames.count }
            inputs[answered].lastFrame = frames.count
            inputs[answered].frames += 1
        }
    }

    private mutating func close(_ cut: Cut) {
        guard var frame = pending else { return }
        frame.cut = cut
        if let screen {
            frame.damage = screen.endFrame()
            if capturesText {
                frame.lines = screen.lines()
                frame.size = (screen.cols, screen.rows)
                frame.streamEnd = stream.count
            }
        }
        frames.append(frame)
        pending = nil
    }
}

extension TerminalScreen.Damage {
    /// Two damages of one frame (a frame and the bytes that trailed its sync
    /// end): cells and scrolls add, rows are at most the screen's.
    func adding(_ other: Self) -> Self {
        var sum = self
        sum.cells += other.cells
        sum.rows = max(rows, other.rows)
        sum.scrolls += other.scrolls
        sum.isFullRepaint = isFullRepaint || other.isFullRepaint
        return sum
    }
}

/// One frame of a program's output.
public struct ProgramFrame: Sendable {
    public var index: Int
    /// The input the frame answers (index among inputs sent); nil for
    /// start-up and unattributed frames.
    public var input: Int?
    public var inputTime: UInt64?
    public var role: FrameCutter.Role = .startup
    public var firstByteTime: UInt64
    /// The read that completed the frame (its sync end, or its last byte).
    public var completeTime: UInt64
    /// The read holding its last byte (after `completeTime` when bytes
    /// trailed its sync end).
    public var lastByteTime: UInt64
    public var bytes = 0
    /// Bytes that came after its sync end (counted in `bytes`).
    public var trailingBytes = 0
    /// Reads that returned the frame's bytes: the program's writes, as
    /// coalesced by the pty (a read can hold several writes).
    public var readCalls = 0
    public var cut: FrameCutter.Cut = .endOfRun
    public var damage: TerminalScreen.Damage?
    /// The screen after the frame, its size and where the frame ends in the
    /// cutter's stream, when the cutter captures text.
    public var lines: [String]?
    public var size: (cols: Int, rows: Int)?
    public var streamEnd: Int?

    public init(
        index: Int, input: Int?, inputTime: UInt64?, firstByteTime: UInt64, completeTime: UInt64, readCalls: Int = 0
    ) {
        self.index = index
        self.input = input
        self.inputTime = inputTime
        self.firstByteTime = firstByteTime
        self.completeTime = completeTime
        self.lastByteTime = completeTime
        self.readCalls = readCalls
        self.role = input == nil ? .startup : .first
    }

    /// Input to the frame's first byte, ns (nil for frames answering no input).
    public var inputToFirstByte: UInt64? { inputTime.map { firstByteTime &- $0 } }
    /// Input to the frame's completion, ns.
    public var inputToComplete: UInt64? { inputTime.map { completeTime &- $0 } }
}
