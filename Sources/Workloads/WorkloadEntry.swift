/// A workload `framebench` can run by name: how to make it, and one line
/// saying what it draws (shown by `framebench list`).
public struct WorkloadEntry: Sendable {
    public let name: String
    public let summary: String
    /// The scripts `--script` accepts ("default" first).
    public let scripts: [String]
    public let make: @Sendable (WorkloadSettings) throws -> Workload

    public init(
        name: String, summary: String, scripts: [String] = ["default"],
        make: @escaping @Sendable (WorkloadSettings) throws -> Workload
    ) {
        self.name = name
        self.summary = summary
        self.scripts = scripts
        self.make = make
    }
}
