/// A workload cannot be made with the settings given (an unknown script, a
/// feed that cannot be read); the message names what is wrong.
public struct WorkloadError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
