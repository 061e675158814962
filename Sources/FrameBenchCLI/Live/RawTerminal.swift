#if canImport(Glibc)
import Harness
import Glibc
#endif

/// The user's terminal in live mode: raw input, the alternate screen, mouse
/// reporting, and a guaranteed way back.
///
/// `enter` saves the line discipline and switches to raw mode; `restore`
/// (also run from signal handlers for SIGINT, SIGTERM, SIGQUIT and crashes,
/// and at exit) puts back the attributes, scroll region, synchronized-output
/// mode, cursor, mouse mode, alternate screen and line discipline. The
/// restore bytes are prepared in advance so the handlers only call `write`
/// and `tcsetattr`, which are async-signal-safe.
///
/// Job control: SIGTSTP (`takeStopRequest`) and Ctrl-Z (a byte in raw mode)
/// make the session `suspend`: the terminal is restored, then the process
/// stops; on SIGCONT `takeContinued` tells the session to `resume` raw mode
/// and redraw everything. SIGQUIT
/// restores and exits: Swift's backtracer would otherwise print over the
/// alternate screen and wait at a prompt.
public enum RawTerminal {
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var restoreBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var restoreCount = 0
    nonisolated(unsafe) private static var active: sig_atomic_t = 0
    nonisolated(unsafe) private static var resized: sig_atomic_t = 0
    nonisolated(unsafe) private static var continued: sig_atomic_t = 0
    nonisolated(unsafe) private static var stopRequested: sig_atomic_t = 0
    nonisolated(unsafe) private static var raw = termios()

    /// The terminal's size in columns and rows, when input is a terminal.
    public static func size() -> (cols: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Switches to raw mode; `restoreSequence` is what gives the screen back.
    public static func enter(restoreSequence: [UInt8]) throws {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw UsageError("live mode needs a terminal on standard input and output")
        }
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw UsageError("cannot read the terminal's settings") }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreSequence.count)
        bytes.initialize(from: restoreSequence, count: restoreSequence.count)
        restoreBytes = bytes
        restoreCount = restoreSequence.count
        raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutablePointer(to: &raw.c_cc) { pointer in
            pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 0
            }
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw UsageError("cannot switch the terminal to raw mode") }
        active = 1
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { installHandler(signal, onTermination) }
        installHandler(SIGTSTP, onStop)
        installHandler(SIGCONT, onContinue)
        for signal in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { installHandler(signal, onCrash) }
        installHandler(SIGWINCH, onResize)
    }

    /// Gives the terminal back (idempotent).
    public static func restore() {
        guard active != 0 else { return }
        active = 0
        if let restoreBytes { _ = write(STDOUT_FILENO, restoreBytes, restoreCount) }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    /// Back to raw mode after a stop; the caller redraws the screen (session
    /// start, mouse mode, every cell). Also after a SIGSTOP, which restored
    /// nothing: the shell that took the terminal meanwhile put back its own
    /// line discipline.
    public static func resume() {
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        active = 1
    }

    /// Whether the process was continued (SIGCONT) since the last call.
    public static func takeContinued() -> Bool {
        defer { continued = 0 }
        return continued != 0
    }

    /// Whether a SIGTSTP arrived since the last call.
    public static func takeStopRequest() -> Bool {
        defer { stopRequested = 0 }
        return stopRequested != 0
    }

    /// Gives the terminal back and stops the process, as Ctrl-Z would
    /// outside raw mode; returns once continued (then `takeContinued` is
    /// true and the caller resumes and repaints).
    public static func suspend() {
        restore()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)  // not blocked here: the process stops before raise returns
        installHandler(SIGTSTP, onStop)
        continued = 1
    }

    /// Whether a SIGWINCH arrived since the last call.
    public static func takeResize() -> Bool {
        defer { resized = 0 }
        return resized != 0
    }

    private static func installHandler(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        let flags = [SIGWINCH, SIGTSTP, SIGCONT].contains(number) ? Int(SA_RESTART) : Int(SA_RESETHAND)
        action.sa_flags = Int32(truncatingIfNeeded: flags)
        sigaction(number, &action, nil)
    }

    private static let onTermination: @convention(c) (Int32) -> Void = { number in
        RawTerminal.restore()
        _exit(128 + number)
    }

    private static let onCrash: @convention(c) (Int32) -> Void = { number in
        RawTerminal.restore()
        raise(number)  // SA_RESETHAND put the default action back
    }

    /// A stop is only noted here: the session stops at its next turn
    /// (`takeStopRequest`), between frames. Restoring from the handler
    /// could land in the middle of a frame the pty had only partly taken,
    /// inside an escape sequence, and the terminal would stay on the
    /// alternate screen.
    private static let onStop: @convention(c) (Int32) -> Void = { _ in
        RawTerminal.stopRequested = 1
    }

    private static let onContinue: @convention(c) (Int32) -> Void = { _ in
        RawTerminal.continued = 1
    }

    private static let onResize: @convention(c) (Int32) -> Void = { _ in
        RawTerminal.resized = 1
    }
}
