/// A mistake in what the harness was given (an argument, a file, a name):
/// the message names the thing at fault. The library only throws it; the
/// `framebench` executable reports it and exits 2 (`ExitCode.usage`).
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// The kinds of mistake a caller acts on; any other is `.other`.
    public enum Reason: Sendable, Equatable {
        case other
        /// An output that exists and may not be replaced without `--force`.
        case outputExists
    }

    public let description: String
    public let reason: Reason

    public init(_ message: String, reason: Reason = .other) {
        description = message
        self.reason = reason
    }
}
