import FrameBenchCLI
import FrameGrid
import Workloads

/// A package's own executable in miniature: framebench's command line over
/// the built-in workloads plus one scene framebench does not have. Tests run
/// it to show that its children (`--isolate`, callgrind) are this executable,
/// not framebench, and that help and errors use its name.
@main
struct CatalogFixture {
    static func main() {
        FrameBenchCLI.main(catalog: WorkloadCatalog.builtIn.adding([WorkloadEntry(name: Stripes.name, summary: Stripes.summary) {
            Stripes(settings: $0)
        }]))
    }
}

/// One band of colour that moves down a row each frame: a scene only this executable knows.
final class Stripes: Workload {
    static let name = "fixture-stripes"
    static let summary = "a band of colour moving down a row each frame (the catalog fixture's own scene)"

    let size: Size
    let drawsIncrementally = false

    init(settings: WorkloadSettings) { size = settings.size }

    func draw(frame index: Int, into grid: inout Grid) {
        grid.clear()
        let band = Style(foreground: .black, background: .palette(33))
        grid.fill(Rect(x: 0, y: index % size.rows, width: size.cols, height: 1), style: band)
        grid.write("frame \(index)", x: 1, y: index % size.rows, style: band)
    }
}
