import Workloads

extension WorkloadEntry {
    /// The catalog entry that runs scene `S` by its name, with its scripts:
    /// how a scene joins a `WorkloadCatalog` (framebench's, or your own
    /// package's).
    public init<S: Scene>(scene: S.Type) {
        self.init(name: S.name, summary: S.summary, scripts: S.scriptNames) { try SceneWorkload<S>(settings: $0) }
    }
}
