import Workloads

/// The screens `framebench` runs by name, registered with the workload catalog.
public enum SceneCatalog {
    public static let entries: [WorkloadEntry] = [
        entry(ProfileFeed.self),
        entry(WatchaHome.self),
        entry(SafariReader.self),
    ]

    /// Adds the scenes to `WorkloadCatalog` (once; later calls do nothing).
    public static func register() { _ = registered }

    private static let registered: Void = WorkloadCatalog.register(entries)

    static func entry<S: Scene>(_ type: S.Type) -> WorkloadEntry {
        WorkloadEntry(name: S.name, summary: S.summary, scripts: S.scriptNames) { try SceneWorkload<S>(settings: $0) }
    }
}
