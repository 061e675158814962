import CPseudoTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program on a pseudo-terminal, types its key script and cuts what
/// it writes into frames through a terminal emulator (`TerminalScreen`).
///
/// The harness never hangs on a program: every wait has a deadline
/// (`ProgramSettings.timeout`, `startTimeout`), output is capped
/// (`byteLimit`), and the child is reaped and the pty closed on every path,
/// errors included.
public enum ProgramRunner {
    /// Runs `settings.command` with `settings.script`.
    public static func run(_ settings: ProgramSettings) throws(ProgramError) -> ProgramRun {
        guard KeyScript.parseSize("\(settings.cols)x\(settings.rows)") != nil else {
            throw .badSize(cols: settings.cols, rows: settings.rows)
        }
        guard settings.quiescenceGap > 0 else { throw .badSetting("the quiescence gap must be more than 0 ms") }
        let environment = PseudoTerminalChild.environment(term: settings.term, extra: settings.environment)
        let start = monotonicNanoseconds()
        let child = try PseudoTerminalChild(
            command: settings.command, cols: settings.cols, rows: settings.rows, environment: environment)
        var session = Session(settings: settings, child: child, start: start)
        defer { child.terminate() }
        let outcome = session.play()
        session.cutter.finish()
        child.terminate()
        let usage = child.usage
        let cpu =
            UInt64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000_000
            + UInt64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1_000
        var frames = session.cutter.frames
        if let limit = settings.frameLimit {
            var kept = 0
            frames = frames.prefix { frame in
                if frame.input != nil { kept += 1 }
                return kept <= limit
            }
        }
        var run = ProgramRun(
            settings: settings, frames: frames, outcome: outcome, exit: child.exit, inputs: session.inputs,
            timeToFirstFrame: session.cutter.frames.first.map { $0.completeTime - start },
            peakResidentBytes: Int(usage.ru_maxrss) * 1024, cpuNanoseconds: cpu,
            usesSynchronizedUpdates: session.cutter.usesSynchronizedUpdates)
        run.stream = session.cutter.stream
        return run
    }
}

/// One run in progress: the pty, the emulator, the cutter and the input queue.
private struct Session {
    let settings: ProgramSettings
    let child: PseudoTerminalChild
    let screen: TerminalScreen
    var cutter: FrameCutter
    var inputs = 0
    var totalBytes = 0
    /// Bytes waiting for the program to read its input.
    var pendingInput: [UInt8] = []
    var closed = false
    var readBuffer = [UInt8](repeating: 0, count: 1 << 16)

    init(settings: ProgramSettings, child: PseudoTerminalChild, start: UInt64) {
        self.settings = settings
        self.child = child
        screen = TerminalScreen(cols: settings.cols, rows: settings.rows)
        cutter = FrameCutter(gap: settings.quiescenceGap, screen: screen, capturesText: settings.capturesText)
    }

    /// Why pumping stopped early.
    enum Stop: Error {
        case ended(ProgramOutcome)
    }

    mutating func play() -> ProgramOutcome {
        do {
            // The start-up frame(s): wait until the program has drawn and gone quiet.
            try awaitFrame(after: 0, timeout: settings.startTimeout, input: nil)
            for step in settings.script.steps {
                if reachedFrameLimit { break }
                switch step {
                case .wait(let duration):
                    try pump(until: monotonicNanoseconds() + duration.nanoseconds)
                case .resize(let cols, let rows):
                    let before = cutter.frames.count
                    do { try child.resize(cols: cols, rows: rows) } catch {
                        return .exitedEarly(status: child.exit ?? .status(-1))
                    }
                    screen.resize(cols: cols, rows: rows)
                    sendInput([])
                    try awaitFrame(after: before, timeout: settings.timeout, input: inputs - 1)
                case .key(let key, let count, let interval):
                    for repeatIndex in 0..<count {
                        if reachedFrameLimit { break }
                        let before = cutter.frames.count
                        try checkRunning()
                        let sentAt = monotonicNanoseconds()
                        sendInput(screen.encode(key))
                        if let interval {
                            if repeatIndex + 1 < count { try pump(until: sentAt + interval.nanoseconds) }
                        } else {
                            try awaitFrame(after: before, timeout: settings.timeout, input: inputs - 1)
                        }
                    }
                    if interval != nil {
                        try awaitFrame(after: cutter.frames.count, timeout: settings.timeout, input: nil)
                    }
                }
            }
            // Let the last frame finish.
            try pump(until: monotonicNanoseconds() + settings.quiescenceGap)
            while cutter.hasOpenFrame {
                try pump(until: monotonicNanoseconds() + settings.quiescenceGap, stopAtFrame: true)
            }
            return .completed
        } catch Stop.ended(let outcome) {
            // A program that exits on the script's last key (`q`) completed it.
            if case .exitedEarly = outcome, inputs == settings.script.inputCount { return .completed }
            return outcome
        } catch {
            return .completed
        }
    }

    var reachedFrameLimit: Bool {
        guard let limit = settings.frameLimit else { return false }
        return cutter.frames.lazy.filter { $0.input != nil }.count >= limit
    }

    /// Sends an input's bytes (queued if the program is not reading) and notes the time.
    mutating func sendInput(_ bytes: [UInt8]) {
        cutter.input(index: inputs, at: monotonicNanoseconds())
        inputs += 1
        pendingInput += bytes
        flushInput()
    }

    mutating func flushInput() {
        while !pendingInput.isEmpty && !closed {
            let written = pendingInput.withUnsafeBytes { Glibc.write(child.master, $0.baseAddress, $0.count) }
            if written > 0 {
                pendingInput.removeFirst(written)
            } else {
                return  // EAGAIN (the program is not reading) or the pty is gone: poll decides
            }
        }
    }

    /// Pumps until a frame after `before` has completed, or the timeout:
    /// no byte at all within it is a hang (for an input), bytes that never
    /// stop are a flood.
    mutating func awaitFrame(after before: Int, timeout: UInt64, input: Int?) throws(Stop) {
        let deadline = monotonicNanoseconds() + timeout
        let bytesBefore = totalBytes
        try pump(until: deadline, stopAtFrame: true, framesBefore: before)
        if cutter.frames.count > before { return }
        if totalBytes == bytesBefore {
            throw .ended(.hung(input: input, timeoutMilliseconds: Int(timeout / 1_000_000)))
        }
        throw .ended(.flooded(bytes: totalBytes, reason: "the output did not go quiet for \(timeout / 1_000_000) ms"))
    }

    /// Reads output, feeds it to the cutter, answers the emulator's replies,
    /// until `deadline` (or a frame completes, with `stopAtFrame`).
    mutating func pump(until deadline: UInt64, stopAtFrame: Bool = false, framesBefore: Int? = nil) throws(Stop) {
        let before = framesBefore ?? cutter.frames.count
        while true {
            let now = monotonicNanoseconds()
            cutter.tick(at: now)
            if stopAtFrame && cutter.frames.count > before { return }
            if now >= deadline { return }
            if closed {
                cutter.finish()
                throw .ended(.exitedEarly(status: child.exit ?? .status(-1)))
            }
            var wake = deadline
            if let quiet = cutter.quiescenceDeadline { wake = min(wake, quiet) }
            var revents: Int16 = 0
            let events = Int16(POLLIN) | (pendingInput.isEmpty ? 0 : Int16(POLLOUT))
            let ready = framebench_poll_one(child.master, events, &revents, wake - now)
            if ready < 0 {
                if errno == EINTR { continue }
                closed = true
                continue
            }
            if ready == 0 {
                // Nothing to read: only now may an exit without end-of-file end the run (what it wrote is read).
                try checkRunning()
                continue
            }
            if revents & Int16(POLLOUT) != 0 { flushInput() }
            if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { try readAvailable() }
        }
    }

    /// Ends the run when the program exited although something it started
    /// still holds the pty (no end-of-file comes), or stopped itself: the
    /// bytes after that are the terminal's echo of our keys, not frames.
    func checkRunning() throws(Stop) {
        switch child.state() {
        case .running: return
        case .stopped(let signal): throw .ended(.stopped(signal: signal))
        case .exited(let status): throw .ended(.exitedEarly(status: status))
        }
    }

    /// Reads what is there; on EIO/EOF (every slave fd closed) reaps the child.
    mutating func readAvailable() throws(Stop) {
        let count = readBuffer.withUnsafeMutableBytes { Glibc.read(child.master, $0.baseAddress, $0.count) }
        let now = monotonicNanoseconds()
        if count > 0 {
            totalBytes += count
            readBuffer.withUnsafeBytes { cutter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count]), at: now) }
            let replies = screen.takeReplies()
            if !replies.isEmpty {
                pendingInput += replies
                flushInput()
            }
            if totalBytes > settings.byteLimit {
                throw .ended(.flooded(bytes: totalBytes, reason: "more than \(settings.byteLimit) bytes of output"))
            }
            return
        }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        // EIO: the program (and everything it started on the pty) is gone.
        closed = true
        let deadline = monotonicNanoseconds() + 1_000_000_000
        while !child.poll() && monotonicNanoseconds() < deadline { usleep(1_000) }
    }
}

extension Duration {
    public var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
