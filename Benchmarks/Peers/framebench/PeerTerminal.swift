#if canImport(Glibc)
import Glibc
#endif

/// The pseudo-terminal the peer runs on: raw input (no echo, no line
/// editing, no signals from keys: `q` is the way out, as for the other
/// peers), no output post-processing (the encoder places every byte), the
/// size, and resizes as a readable descriptor.
///
/// A resize arrives as SIGWINCH; its handler writes a byte to a pipe that
/// the main loop polls beside standard input. A flag checked before `poll`
/// could be set just after the check, and the peer would then sleep through
/// the resize until the next key (the driver waits for the resize's frame).
enum PeerTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var resizeWriteEnd: Int32 = -1
    /// Read when it polls readable: a resize came since the last `takeResize`.
    nonisolated(unsafe) private(set) static var resizeReadEnd: Int32 = -1

    /// The terminal's size, columns and rows.
    static func size() -> (cols: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Raw mode and the resize pipe.
    static func enter() throws(Failure) {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw Failure(description: "needs a terminal on standard input and output (run it through framebench program)")
        }
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw Failure(description: "cannot read the terminal's settings") }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            throw Failure(description: "cannot switch the terminal to raw mode")
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(description: "cannot make the resize pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)  // a full pipe must not block the handler
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (resizeReadEnd, resizeWriteEnd) = (ends[0], ends[1])
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(PeerTerminal.resizeWriteEnd, &byte, 1)  // async-signal-safe; a full pipe already says "resized"
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGWINCH, &action, nil)
    }

    /// Whether a resize came since the last call (empties the pipe).
    static func takeResize() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 64)
        var any = false
        while read(resizeReadEnd, &bytes, bytes.count) > 0 { any = true }
        return any
    }

    /// The line discipline as it was.
    static func restore() {
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }
}
