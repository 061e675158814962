/// Workloads by name: what a run, a suite file or a command line can ask
/// for. The measurement library takes one from its caller (`RunSettings.catalog`);
/// `framebench` composes its own from the built-in workloads, the seed
/// scenes and `Benchmarks/Scenes`, and another package adds its scenes the same way.
public struct WorkloadCatalog: Sendable {
    public let entries: [WorkloadEntry]

    /// A catalog of `entries`; two entries with one name are a programmer error.
    public init(_ entries: [WorkloadEntry]) {
        var seen = Set<String>()
        for entry in entries {
            precondition(seen.insert(entry.name).inserted, "workload \(entry.name) is in the catalog twice")
        }
        self.entries = entries
    }

    /// The reference workloads that need nothing beyond this module.
    public static let builtIn = WorkloadCatalog(builtInEntries)

    public static let builtInEntries: [WorkloadEntry] = [
        WorkloadEntry(
            name: PlainFeed.name,
            summary: "one row per frame over a generated feed of styled rows, fixed header and footer",
            // One new row a frame: its median frame should be far under ncurses' output stage.
            tailTargets: TailTargets(p50RatioToNcursesOutput: 0.25)
        ) { try PlainFeed(settings: $0) },
        WorkloadEntry(
            name: RandomEdits.name,
            summary: "seeded random edits, scrolls and style changes (a correctness workload)"
        ) { RandomEdits(settings: $0) },
        WorkloadEntry(
            name: FullChurn.name,
            summary: "every cell changes every frame: the worst case"
        ) { FullChurn(settings: $0) },
        WorkloadEntry(
            name: HostileFeed.name,
            summary: "escape sequences, controls, invalid UTF-8, bidi overrides, ZWJ chains and zalgo as feed content"
        ) { HostileFeed(settings: $0) },
    ]

    /// This catalog with `more` after its own entries.
    public func adding(_ more: [WorkloadEntry]) -> WorkloadCatalog { WorkloadCatalog(entries + more) }

    public var names: [String] { entries.map(\.name) }

    /// The entry called `name`.
    /// - Throws: `UnknownWorkloadError` listing the known names.
    public func entry(_ name: String) throws -> WorkloadEntry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw UnknownWorkloadError(name: name, known: names)
        }
        return entry
    }

    /// A new workload called `name` with `settings`.
    /// - Throws: `UnknownWorkloadError`, or the workload's own error when its
    ///   settings cannot be honoured (a feed file that cannot be read, an unknown script).
    public func make(_ name: String, settings: WorkloadSettings) throws -> Workload {
        try entry(name).make(settings)
    }

    /// Checks that workload `name` has a script called `script`.
    /// - Throws: `UnknownWorkloadError`, or `WorkloadError` naming the known scripts.
    public func checkScript(_ script: String, for name: String) throws {
        let entry = try entry(name)
        guard entry.scripts.contains(script) else {
            throw WorkloadError("--script '\(script)' is unknown for \(name) (known: \(entry.scripts.joined(separator: ", ")))")
        }
    }
}
