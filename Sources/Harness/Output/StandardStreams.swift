#if canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error written with `write(2)`, every result
/// checked.
///
/// `print` buffers in stdio and drops the error when the buffer is flushed at
/// exit (results on a full disk vanished with exit 0), and
/// `FileHandle.standardError.write` traps when stderr is closed or full (a
/// usage error died of SIGILL). Here a failed write is a `WriteError`
/// for stdout, and for stderr a result the caller may ignore: there is nowhere
/// left to report it.
public enum StandardStreams {
    /// Writes `text` and a newline to standard output.
    public static func printLine(_ text: String) throws {
        try write(text + "\n", to: STDOUT_FILENO, name: "standard output")
    }

    /// Writes `text` and a newline to standard error; false when it could
    /// not be written (closed, full, a broken pipe).
    @discardableResult
    public static func printError(_ text: String) -> Bool {
        (try? write(text + "\n", to: STDERR_FILENO, name: "standard error")) != nil
    }

    /// Writes all of `text` to `descriptor`, retrying short writes and EINTR.
    public static func write(_ text: String, to descriptor: Int32, name: String) throws {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw WriteError("cannot write to \(name): \(String(cString: strerror(failure)))") }
    }

    /// Keeps write errors as errors instead of signals: a closed pipe
    /// (SIGPIPE) or `ulimit -f` (SIGXFSZ) would otherwise kill the process
    /// without a message and, for `--out`, before its temporary file is
    /// removed.
    public static func reportWriteErrorsInsteadOfSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }
}

/// Output could not be written (standard output, or an `--out` file on a
/// full disk): the results are lost, so the command fails with exit 1. A
/// mistake the user can fix before running (a missing folder, a file that
/// needs `--force`) is a `UsageError` instead.
public struct WriteError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
