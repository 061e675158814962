/// Cuts a program's output into frames, as a terminal user would see them.
///
/// A frame starts with the first byte after the previous frame ended and
/// ends at whichever comes first:
/// - a DEC 2026 synchronized-update end (`ESC[?2026l`) closing a begin
///   (`ESC[?2026h`): the program said the frame is complete; bytes it
///   wrote before the begin marker belong to the same frame;
/// - quiescence: no byte for `gap` while not inside a synchronized update
///   (the frame completed at its last byte, not at the end of the gap);
/// - the end of the run.
///
/// Each frame belongs to the latest input sent before its first byte
/// (none for the frames the program draws on start). The cutter feeds the
/// bytes to the screen, split exactly at frame ends, so each frame's
/// damage is its own.
///
/// Times are nanoseconds on one monotonic clock; the cutter never reads
/// the clock, so tests drive it with made-up times.
public struct FrameCutter {
    /// How a frame's end was found.
    public enum Cut: String, Codable, Sendable {
        case synchronizedUpdate = "sync"
        case quiescence
        case endOfRun = "end"
    }

    public let gap: UInt64
    public private(set) var frames: [ProgramFrame] = []
    /// Whether the program has closed a synchronized update yet.
    public private(set) var usesSynchronizedUpdates = false
    /// Every byte fed, when the cutter captures text (recordings replay it).
    public private(set) var stream: [UInt8] = []
    private let screen: TerminalScreen?
    private let capturesText: Bool
    private var pending: ProgramFrame?
    private var insideSync = false
    /// How much of `ESC [ ? 2 0 2 6` has matched, across reads.
    private var markerProgress = 0
    private var lastInput: (index: Int, time: UInt64)?
    private var lastByteTime: UInt64 = 0
    private static let markerPrefix: [UInt8] = Array("\u{1B}[?2026".utf8)

    /// - Parameters:
    ///   - gap: nanoseconds of silence that end a frame outside a synchronized update.
    ///   - screen: the emulator the bytes go through (nil: no damage figures).
    ///   - capturesText: keep each frame's screen text (for recordings).
    public init(gap: UInt64, screen: TerminalScreen?, capturesText: Bool = false) {
        self.gap = gap
        self.screen = screen
        self.capturesText = capturesText
    }

    /// An input (key, resize) was sent at `time`.
    public mutating func input(index: Int, at time: UInt64) {
        lastInput = (index, time)
    }

    /// Whether a frame has bytes and has not ended yet.
    public var hasOpenFrame: Bool { pending != nil }

    /// When the open frame will end by quiescence, if nothing more arrives.
    public var quiescenceDeadline: UInt64? {
        guard pending != nil, !insideSync else { return nil }
        return lastByteTime + gap
    }

    /// Bytes from one read, at `time`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, at time: UInt64) {
        guard !bytes.isEmpty else { return }
        if let deadline = quiescenceDeadline, time >= deadline { close(.quiescence) }
        if pending != nil { pending!.readCalls += 1 }
        lastByteTime = time
        var segmentStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if markerProgress == Self.markerPrefix.count {
                markerProgress = 0
                if byte == UInt8(ascii: "h") {
                    insideSync = true
                } else if byte == UInt8(ascii: "l") && insideSync {
                    insideSync = false
                    usesSynchronizedUpdates = true
                    append(UnsafeRawBufferPointer(rebasing: bytes[segmentStart...index]), at: time)
                    segmentStart = index + 1
                    close(.synchronizedUpdate)
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

    /// Ends the open frame if the gap has passed by `time`; returns whether it did.
    @discardableResult
    public mutating func tick(at time: UInt64) -> Bool {
        guard let deadline = quiescenceDeadline, time >= deadline else { return false }
        close(.quiescence)
        return true
    }

    /// Ends the open frame, whatever state it is in (the run is over).
    public mutating func finish() {
        if pending != nil { close(insideSync ? .endOfRun : .quiescence) }
        insideSync = false
    }

    /// Adds bytes of one read to the open frame, opening one if none is
    /// (the read then counts for the new frame too).
    private mutating func append(_ segment: UnsafeRawBufferPointer, at time: UInt64) {
        if pending == nil {
            pending = ProgramFrame(
                index: frames.count, input: lastInput?.index, inputTime: lastInput?.time, firstByteTime: time,
                completeTime: time, readCalls: 1)
        }
        pending!.bytes += segment.count
        pending!.completeTime = time
        if capturesText { stream += segment }
        screen?.write(segment)
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

/// One frame of a program's output.
public struct ProgramFrame: Sendable {
    public var index: Int
    /// The input the frame answers (index among inputs sent), nil before the first.
    public var input: Int?
    public var inputTime: UInt64?
    public var firstByteTime: UInt64
    /// The read that completed the frame (its sync end, or its last byte).
    public var completeTime: UInt64
    public var bytes = 0
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

    /// Input to the frame's first byte, ns (nil for frames before any input).
    public var inputToFirstByte: UInt64? { inputTime.map { firstByteTime &- $0 } }
    /// Input to the frame's completion, ns.
    public var inputToComplete: UInt64? { inputTime.map { completeTime &- $0 } }
}
