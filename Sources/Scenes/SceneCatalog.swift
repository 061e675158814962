import SceneKit
import Workloads

/// The seed screens, as catalog entries `framebench` runs by name.
public enum SceneCatalog {
    public static let entries: [WorkloadEntry] = [
        WorkloadEntry(scene: ProfileFeed.self),
        WorkloadEntry(scene: WatchaHome.self),
        WorkloadEntry(scene: SafariReader.self),
    ]
}
