import FrameBenchCLI
import SceneKit
import Workloads

/// framebench's whole command line (run, compare, check, baseline, list,
/// profile, live, --help) over the built-in workloads and this package's scene:
/// `swift run -c release my-scene run inbox`.
@main
struct MyScene {
    static func main() {
        FrameBenchCLI.main(catalog: WorkloadCatalog.builtIn.adding([WorkloadEntry(scene: Inbox.self)]))
    }
}
