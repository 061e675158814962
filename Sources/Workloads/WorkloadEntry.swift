/// A workload `framebench` can run by name: how to make it, and one line
/// saying what it draws (shown by `framebench list`).
public struct WorkloadEntry: Sendable {
    public let name: String
    public let summary: String
    /// The scripts `--script` accepts ("default" first).
    public let scripts: [String]
    public let make: @Sendable (WorkloadSettings) throws -> Workload
    /// What its slowest frames should stay within (`framebench run` prints them against these).
    public var tailTargets: TailTargets

    public init(
        name: String, summary: String, scripts: [String] = ["default"], tailTargets: TailTargets = TailTargets(),
        make: @escaping @Sendable (WorkloadSettings) throws -> Workload
    ) {
        self.name = name
        self.summary = summary
        self.scripts = scripts
        self.tailTargets = tailTargets
        self.make = make
    }
}
