/// A mistake in how `framebench` was called or in what it was given: the
/// message names the argument or file at fault. Exit code 2.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ message: String) { description = message }
}
