import Workloads

/// Makes workloads for the harness, turning a workload's own errors (a feed
/// file that cannot be read) into usage errors that name the problem.
enum WorkloadFactory {
    static func make(_ name: String, settings: WorkloadSettings) throws -> Workload? {
        do {
            return try WorkloadCatalog.make(name, settings: settings)
        } catch let error as MappedLineFile.OpenError {
            throw UsageError(error.description)
        }
    }
}
