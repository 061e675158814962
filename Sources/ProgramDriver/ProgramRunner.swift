import CPseudoTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program on a pseudo-terminal, types its key script and cuts what
/// it writes into frames through a terminal emulator (`TerminalScreen`).
///
/// Reading is apart from emulating: an `OutputReader` thread reads the pty
/// and stamps each read as it returns; this loop feeds the stamped reads to
/// the `FrameCutter` (and so libvterm), writes the emulator's replies back,
/// sends the inputs and decides when each input's answer has settled.
///
/// Closed loop (a key without `every`): the key is sent, its frames are
/// collected until they settle (no frame open and `quiescenceGap` of
/// quiet) or its answer window passes with no frame (counted unanswered),
/// then a seeded random spacing (`ProgramSettings.spacing`) passes before
/// the next key. Open loop (`every`): keys go on schedule; at the end the
/// harness waits for the backlog to be answered or to pass its window.
///
/// The harness never hangs on a program: every wait has a deadline
/// (`ProgramSettings.timeout`, the start-up wait, the answer window),
/// output is capped (`byteLimit`), and the reader is stopped, the child
/// reaped and the pty closed on every path, errors included.
public enum ProgramRunner {
    /// Runs `settings.command` with `settings.script`.
    public static func run(_ settings: ProgramSettings) throws(ProgramError) -> ProgramRun {
        guard KeyScript.parseSize("\(settings.cols)x\(settings.rows)") != nil else {
            throw .badSize(cols: settings.cols, rows: settings.rows)
        }
        guard settings.quiescenceGap > 0 else { throw .badSetting("the quiescence gap must be more than 0 ms") }
        guard settings.spacing.upperBound <= 3_600_000_000_000 else {
            throw .badSetting("the spacing must be at most 3600 s")
        }
        let environment = PseudoTerminalChild.environment(term: settings.term, extra: settings.environment)
        let start = monotonicNanoseconds()
        let child = try PseudoTerminalChild(
            command: settings.command, cols: settings.cols, rows: settings.rows, environment: environment)
        let reader: OutputReader
        do { reader = try OutputReader(master: child.master) } catch {
            child.terminate()
            throw error
        }
        var session = Session(settings: settings, child: child, reader: reader, start: start)
        defer {
            reader.stop()
            child.terminate()
        }
        let outcome = session.play()
        reader.stop()
        session.cutter.finish()
        child.terminate()
        let usage = child.usage
        let cpu =
            UInt64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000_000
            + UInt64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1_000
        var inputs = session.sentInputs
        for (index, input) in session.cutter.inputs.enumerated() where index < inputs.count {
            inputs[index].firstFrame = input.firstFrame
            inputs[index].lastFrame = input.lastFrame
            inputs[index].frames = input.frames
        }
        let frames = session.cutter.frames
        var run = ProgramRun(
            settings: settings, frames: frames, outcome: outcome, exit: child.exit, inputs: session.inputCount,
            timeToFirstFrame: frames.first { $0.role == .startup }.map { $0.completeTime - start },
            peakResidentBytes: Int(usage.ru_maxrss) * 1024, cpuNanoseconds: cpu,
            usesSynchronizedUpdates: session.cutter.usesSynchronizedUpdates)
        run.stream = session.cutter.stream
        run.sentInputs = inputs
        run.notes = session.notes
        let unattributed = frames.filter { $0.role == .unattributed }.count
        if unattributed > 0 {
            run.notes.append(
                "\(unattributed) frames began outside every input's answer window or after a 'noframe' input "
                    + "(timer redraws?): counted, not timed")
        }
        run.wakeups = session.wakeups
        run.maxBacklog = RunDoubts.maxBacklog(inputs, frames: frames, window: settings.effectiveAnswerWindow)
        run.doubts = RunDoubts.of(run, readerFellBehind: session.readerFellBehind, unsettled: session.unsettled)
        return run
    }
}

/// One run in progress: the pty, its reader, the emulator, the cutter and the input queue.
private struct Session {
    let settings: ProgramSettings
    let child: PseudoTerminalChild
    let reader: OutputReader
    let screen: TerminalScreen
    let start: UInt64
    var cutter: FrameCutter
    var sentInputs: [ProgramInput] = []
    var inputCount: Int { sentInputs.count }
    var totalBytes = 0
    /// Bytes waiting for the program to read its input.
    var pendingInput: [UInt8] = []
    var closed = false
    var readerFellBehind = false
    /// Inputs whose frames were still coming when their window ended.
    var unsettled: [Int] = []
    var notes: [String] = []
    /// When the first input that expects a frame was sent after the last byte (hang detection).
    var silentSince: (time: UInt64, input: Int)?
    var spacing: SeededSpacing
    let answerWindow: UInt64
    /// Stamped reads taken from the reader and not fed yet, and the time they were taken.
    var backlog: [OutputChunk] = []
    var backlogIndex = 0
    var backlogTime: UInt64 = 0
    var endedAfterBacklog = false
    /// The time the last `process` fed reads up to.
    var lastNow: UInt64 = 0
    /// Turns of the pump loop (`ProgramRun.wakeups`).
    var wakeups = 0

    init(settings: ProgramSettings, child: PseudoTerminalChild, reader: OutputReader, start: UInt64) {
        self.settings = settings
        self.child = child
        self.reader = reader
        self.start = start
        answerWindow = settings.effectiveAnswerWindow
        screen = TerminalScreen(cols: settings.cols, rows: settings.rows)
        cutter = FrameCutter(
            gap: settings.quiescenceGap, answerWindow: answerWindow, screen: screen,
            capturesText: settings.capturesText)
        spacing = SeededSpacing(range: settings.spacing, seed: settings.seed)
    }

    /// Why pumping stopped early.
    enum Stop: Error {
        case ended(ProgramOutcome)
    }

    mutating func play() -> ProgramOutcome {
        do {
            try startUp()
            for (stepIndex, step) in settings.script.steps.enumerated() {
                if reachedFrameLimit { break }
                let info = settings.script.info[stepIndex]
                let words = settings.script.text(ofStep: stepIndex)
                switch step {
                case .wait(let duration):
                    try pump(until: monotonicNanoseconds() + duration.nanoseconds)
                case .resize(let cols, let rows):
                    try process()
                    do { try child.resize(cols: cols, rows: rows) } catch {
                        return .exitedEarly(status: child.exit ?? .status(-1))
                    }
                    screen.resize(cols: cols, rows: rows)
                    let index = sendInput([], line: info.line, step: words, expectsFrame: info.expectsFrame)
                    try awaitAnswer(of: index)
                case .key(let key, let count, let interval):
                    let bytes = screen.encode(key)
                    if let interval {
                        for repeatIndex in 0..<count {
                            if reachedFrameLimit { break }
                            let sentAt = sendInput(
                                bytes, line: info.line, step: words, expectsFrame: info.expectsFrame, openLoop: true)
                            if repeatIndex + 1 < count {
                                try pump(until: sentInputs[sentAt].sentTime + interval.nanoseconds)
                            }
                        }
                        try awaitBacklog()
                    } else {
                        for _ in 0..<count {
                            if reachedFrameLimit { break }
                            let index = sendInput(bytes, line: info.line, step: words, expectsFrame: info.expectsFrame)
                            try awaitAnswer(of: index)
                        }
                    }
                }
            }
            return .completed
        } catch Stop.ended(let outcome) {
            // A program that exits on the script's last key (`q`) completed it.
            if case .exitedEarly = outcome, inputCount == settings.script.inputCount { return .completed }
            return outcome
        } catch {
            return .completed
        }
    }

    /// Start-up: until the program's first frame(s) settle, or the start-up
    /// wait ends; a program that draws nothing is then measured from its first key.
    mutating func startUp() throws(Stop) {
        let limit = settings.effectiveStartTimeout
        let deadline = start + limit
        try pump(until: deadline, floodLimit: limit) { session, now in
            !session.cutter.frames.isEmpty && session.isSettled(at: now)
        }
        let now = readerFellBehind ? monotonicNanoseconds() : lastNow
        if let open = cutter.openFrameStart, !cutter.isInsideSynchronizedUpdate,
            now < cutter.lastByte + settings.quiescenceGap, now >= open + limit / 2
        {
            throw .ended(.flooded(bytes: totalBytes, reason: "the output did not go quiet for \(limit / 1_000_000) ms"))
        }
        if totalBytes == 0 {
            notes.append("no start-up output within \(limit / 1_000_000) ms: measured from the first key")
        } else if cutter.hasOpenFrame {
            cutter.cut(.nextInput)
            notes.append("start-up was still drawing after \(limit / 1_000_000) ms")
        }
    }

    var reachedFrameLimit: Bool {
        guard let limit = settings.frameLimit else { return false }
        return cutter.inputs.reduce(0) { $0 + $1.frames } >= limit
    }

    /// Whether no frame is open and the quiet gap has passed since the last byte.
    func isSettled(at now: UInt64) -> Bool {
        !cutter.hasOpenFrame && now >= cutter.lastByte + settings.quiescenceGap
    }

    /// Sends an input's bytes (queued if the program is not reading); returns its index.
    @discardableResult
    mutating func sendInput(
        _ bytes: [UInt8], line: Int, step: String, expectsFrame: Bool, openLoop: Bool = false
    ) -> Int {
        let index = sentInputs.count
        if cutter.hasOpenFrame && !openLoop {
            // Closed loop: the previous answer gave up waiting with a frame open.
            cutter.cut(.nextInput)
        }
        let time = monotonicNanoseconds()
        cutter.input(index: index, at: time, expectsFrame: expectsFrame)
        sentInputs.append(
            ProgramInput(
                index: index, line: line, step: step, sentTime: time, expectsFrame: expectsFrame, openLoop: openLoop))
        if expectsFrame && silentSince == nil { silentSince = (time, index) }
        pendingInput += bytes
        flushInput()
        return index
    }

    mutating func flushInput() {
        while !pendingInput.isEmpty && !closed {
            let written = pendingInput.withUnsafeBytes { Glibc.write(child.master, $0.baseAddress, $0.count) }
            if written > 0 {
                pendingInput.removeFirst(written)
            } else {
                return  // EAGAIN (the program is not reading) or the pty is gone: retried on the next wake
            }
        }
    }

    /// Closed loop: collects input `index`'s frames until they settle, or
    /// its window passes; then the spacing before the next input.
    mutating func awaitAnswer(of index: Int) throws(Stop) {
        let sent = sentInputs[index].sentTime
        let windowEnd = sent + answerWindow
        try pump(until: windowEnd, floodLimit: settings.timeout) { session, now in
            let input = session.cutter.inputs[index]
            if input.firstFrame != nil { return session.isSettled(at: now) }
            return false
        }
        if cutter.inputs[index].firstFrame != nil && !isSettled(at: monotonicNanoseconds()) {
            // Frames still coming at the window's end: let the open one finish (bounded), then move on.
            try pump(until: monotonicNanoseconds() + settings.timeout, floodLimit: settings.timeout) { session, _ in
                !session.cutter.hasOpenFrame
            }
            unsettled.append(index)
        }
        try pump(until: monotonicNanoseconds() + spacing.next())
        if !isSettled(at: lastNow) {
            // A frame began during the spacing (a pause inside the answer): let it settle before the next input.
            try pump(until: monotonicNanoseconds() + settings.timeout, floodLimit: settings.timeout) { session, now in
                session.isSettled(at: now)
            }
        }
    }

    /// Open loop, after the last scheduled key: until every input is
    /// answered (or past its window) and the frames settle.
    mutating func awaitBacklog() throws(Stop) {
        guard let last = sentInputs.last else { return }
        try pump(until: last.sentTime + answerWindow, floodLimit: settings.timeout) { session, now in
            session.cutter.inputs.allSatisfy { $0.firstFrame != nil || !$0.expectsFrame } && session.isSettled(at: now)
        }
        if cutter.hasOpenFrame {
            try pump(until: monotonicNanoseconds() + settings.timeout, floodLimit: settings.timeout) { session, _ in
                !session.cutter.hasOpenFrame
            }
            unsettled.append(last.index)
        }
    }

    /// Reads stamped output until `deadline` or `done`, answering the
    /// emulator's replies; a frame whose bytes keep coming past
    /// `floodLimit` is a flood, no byte for the timeout while an input
    /// waits is a hang, the pty closing is the program's exit.
    mutating func pump(
        until deadline: UInt64, floodLimit: UInt64? = nil, done: (Session, UInt64) -> Bool = { _, _ in false }
    ) throws(Stop) {
        while true {
            let now = try process()
            if done(self, now) { return }
            // Behind a flood (the reader's queue filled), judge it on the clock, not on the reads' times.
            let clock = readerFellBehind ? monotonicNanoseconds() : now
            if let start = cutter.openFrameStart, clock >= start + (floodLimit ?? settings.timeout),
                !cutter.isInsideSynchronizedUpdate || now < cutter.lastByte + settings.quiescenceGap
            {
                let limit = (floodLimit ?? settings.timeout) / 1_000_000
                throw .ended(.flooded(bytes: totalBytes, reason: "the output did not go quiet for \(limit) ms"))
            }
            if let silent = silentSince, now >= silent.time + settings.timeout {
                throw .ended(.hung(input: silent.input, timeoutMilliseconds: Int(settings.timeout / 1_000_000)))
            }
            if closed {
                cutter.cut(.endOfRun)
                let reaped = monotonicNanoseconds() + 1_000_000_000
                while !child.poll() && monotonicNanoseconds() < reaped { usleep(1_000) }
                throw .ended(.exitedEarly(status: child.exit ?? .status(-1)))
            }
            if clock >= deadline { return }
            // The next moment something is due; only future moments count, so this loop never spins.
            var wake = deadline
            if let quiet = cutter.quiescenceDeadline, quiet > now { wake = min(wake, quiet) }
            let settle = cutter.lastByte + settings.quiescenceGap  // when the frames settle
            if !cutter.hasOpenFrame && settle > now { wake = min(wake, settle) }
            if let silent = silentSince, silent.time + settings.timeout > now {
                wake = min(wake, silent.time + settings.timeout)
            }
            if let start = cutter.openFrameStart, start + (floodLimit ?? settings.timeout) > now {
                wake = min(wake, start + (floodLimit ?? settings.timeout))
            }
            if !pendingInput.isEmpty { wake = min(wake, now + 1_000_000) }
            var revents: Int16 = 0
            wakeups += 1
            if backlogIndex < backlog.count { continue }
            if wake > now { _ = framebench_poll_one(reader.wakeDescriptor, Int16(POLLIN), &revents, wake - now) }
            if !pendingInput.isEmpty { flushInput() }
        }
    }

    /// Feeds what the reader has stamped (at most `feedBudget` bytes a
    /// call, so deadlines are checked while a flood is worked through),
    /// answers replies, cuts frames whose gap has passed; returns the time
    /// every fed read is older than (the clock, once caught up).
    @discardableResult
    mutating func process() throws(Stop) -> UInt64 {
        if backlogIndex >= backlog.count {
            let taken = reader.take()
            backlog = taken.chunks
            backlogIndex = 0
            backlogTime = taken.now
            if taken.fellBehind { readerFellBehind = true }
            if taken.ended { endedAfterBacklog = true }
        }
        var fed = 0
        while backlogIndex < backlog.count && fed < Self.feedBudget {
            let chunk = backlog[backlogIndex]
            backlogIndex += 1
            fed += chunk.bytes.count
            totalBytes += chunk.bytes.count
            cutter.feed(chunk.bytes, at: chunk.time)
            let replies = screen.takeReplies()
            if !replies.isEmpty {
                pendingInput += replies
                flushInput()
            }
            if totalBytes > settings.byteLimit {
                throw .ended(.flooded(bytes: totalBytes, reason: "more than \(settings.byteLimit) bytes of output"))
            }
        }
        if let silent = silentSince, cutter.lastByte > silent.time { silentSince = nil }
        let now = backlogIndex < backlog.count ? backlog[backlogIndex].time : backlogTime
        cutter.tick(at: now)
        if backlogIndex >= backlog.count && endedAfterBacklog { closed = true }
        lastNow = now
        return now
    }

    /// Bytes fed to the emulator between two looks at the deadlines.
    static let feedBudget = 256 << 10
}

extension Duration {
    public var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
