#if canImport(Glibc)
import Glibc
#endif

/// An error from writing to a file descriptor, with the system's reason.
public struct SinkError: Error, CustomStringConvertible {
    public let operation: String
    public let code: Int32
    public var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}
