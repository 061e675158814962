import Harness
import BenchmarkScenes
import Scenes
import Workloads

/// The scenarios the command line runs by name. framebench's own are
/// composed here and nowhere else: the built-in reference workloads, the seed
/// scenes, and the benchmarks of your own under `Benchmarks/Scenes`; a
/// package's executable replaces them with its catalog (`FrameBenchCLI.main`).
/// The measurement library is handed this catalog (`RunSettings.catalog`);
/// it knows no scene itself.
enum WorkloadFactory {
    static let framebenchCatalog = WorkloadCatalog.builtIn.adding(SceneCatalog.entries + BenchmarkScenes.all)

    /// Set once, before any command runs, by `FrameBenchCLI.main`.
    nonisolated(unsafe) static var catalog = framebenchCatalog

    /// A new workload called `name`; see `WorkloadCatalog.make`.
    static func make(_ name: String, settings: WorkloadSettings) throws -> Workload {
        try catalog.make(name, settings: settings)
    }

    /// The catalog entry called `name`, or `UnknownWorkloadError` listing the known ones.
    static func entry(_ name: String) throws -> WorkloadEntry { try catalog.entry(name) }

    /// Checks that scenario `name` has a script called `script`.
    static func checkScript(_ script: String, for name: String) throws { try catalog.checkScript(script, for: name) }
}
