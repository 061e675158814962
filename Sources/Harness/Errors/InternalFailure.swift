/// A failure that is neither the user's mistake nor a run's verdict: a child
/// process of ours crashed or answered in a way its parent cannot read, a
/// tool we run (valgrind, strip, swift-demangle) failed, or a scratch file of
/// our own could not be made. `framebench` exits 3 for it
/// (`ExitCode.internalFailure`), so a wrapper can tell "framebench broke"
/// from bad input (2) and a failed gate or run (1). The message names the
/// benchmark or file, as a `UsageError`'s does.
public struct InternalFailure: Error, CustomStringConvertible, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// A child of ours could not start, exited with a failure of its
        /// own, or was ended by a signal.
        case childFailed = "child failed"
        /// A child's answer was missing, unreadable or disagreed with what
        /// was measured (callgrind's frames against the child's count).
        case childProtocol = "child protocol"
        /// A tool we run failed or left no readable output.
        case tool
        /// A scratch folder or temporary file of our own could not be made.
        case scratch
    }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        description = message
    }
}

extension CallgrindError {
    /// This failure as `framebench` reports it, after `context`: a missing
    /// tool is the user's to install, and a child that exited 2 found its
    /// input bad (`UsageError`, as before); the rest are our child's or our
    /// tools' failures (`InternalFailure`).
    public func reported(_ context: String) -> Error {
        let message = "\(context): \(description)"
        switch self {
        case .valgrindMissing, .stripMissing, .childFailed(status: 2, stderrTail: _): return UsageError(message)
        case .childFailed: return InternalFailure(.childFailed, message)
        case .scratchUnwritable: return InternalFailure(.scratch, message)
        case .stripFailed, .outputMissing, .outputCorrupt, .executableUnreadable, .launchFailed, .keepOutputFailed:
            return InternalFailure(.tool, message)
        }
    }
}
