/// A mistake in what the harness was given (an argument, a file, a name):
/// the message names the thing at fault. The library only throws it; the
/// `framebench` executable reports it and exits 2.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ message: String) { description = message }
}
