import Scenes
import Workloads

/// Makes workloads for the harness, turning a workload's own errors (a feed
/// file that cannot be read, an unknown script) into usage errors that name
/// the problem.
enum WorkloadFactory {
    /// Registers the seed scenes with the catalog (once).
    static func prepare() { SceneCatalog.register() }

    static func make(_ name: String, settings: WorkloadSettings) throws -> Workload {
        prepare()
        do {
            guard let workload = try WorkloadCatalog.make(name, settings: settings) else {
                throw UsageError("unknown scenario '\(name)' (known: \(WorkloadCatalog.names.joined(separator: ", ")))")
            }
            return workload
        } catch let error as MappedLineFile.OpenError {
            throw UsageError(error.description)
        } catch let error as WorkloadError {
            throw UsageError(error.description)
        }
    }

    /// The catalog entry called `name`, or a usage error listing the known ones.
    static func entry(_ name: String) throws -> WorkloadEntry {
        prepare()
        guard let entry = WorkloadCatalog.entries.first(where: { $0.name == name }) else {
            throw UsageError("unknown scenario '\(name)' (known: \(WorkloadCatalog.names.joined(separator: ", ")))")
        }
        return entry
    }

    /// Checks that scenario `name` has a script called `script`.
    static func checkScript(_ script: String, for name: String) throws {
        let entry = try entry(name)
        guard entry.scripts.contains(script) else {
            throw UsageError(
                "--script '\(script)' is unknown for \(name) (known: \(entry.scripts.joined(separator: ", ")))")
        }
    }
}
