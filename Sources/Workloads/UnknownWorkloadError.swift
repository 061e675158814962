/// A name asked for that no workload in the catalog has.
public struct UnknownWorkloadError: Error, CustomStringConvertible, Equatable {
    public let name: String
    public let known: [String]
    public init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }
    public var description: String {
        "unknown scenario '\(name)'\(Suggestion.clause(for: name, in: known)) (known: \(known.joined(separator: ", ")))"
    }
}
