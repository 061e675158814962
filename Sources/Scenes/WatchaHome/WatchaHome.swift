import FrameGrid
import Layout
import Workloads

// SKELETON: replaced by the real scene.
public final class WatchaHome: Scene {
    public static let name = "watcha-home"
    public static let summary = "(being built)"
    public static let scripts: [Script] = CommonScripts.scrolling
    public static let tabCount = 0
    private let host: ViewHost<Text>

    public init(settings: WorkloadSettings) throws {
        host = ViewHost(size: settings.size) { Text("watcha-home") }
    }

    public var size: Size { host.size }
    public var needsFrame: Bool { host.needsFrame }
    public func apply(_ input: SceneInput) {
        if case .resize(let size) = input { host.size = size }
    }
    public func render(into grid: inout Grid) { host.render(into: &grid) }
    public func redraw(into grid: inout Grid) { host.redrawLast(into: &grid) }
}
