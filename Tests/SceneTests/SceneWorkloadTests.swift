import FrameGrid
import SceneKit
import Workloads
import XCTest

/// A scene that can be made `successes` times, then fails as a scene whose feed file went away.
private final class OnceOnlyScene: Scene {
    nonisolated(unsafe) static var successes = 1
    static let name = "once-only"
    static let summary = "a scene that cannot be made twice"
    static let scripts = [Script("steady", "nothing happens", loop: [.idle(frames: 1)])]
    static let tabCount = 0

    let size: Size
    var needsFrame: Bool { false }
    private var frames = 0

    init(settings: WorkloadSettings) throws {
        guard Self.successes > 0 else { throw WorkloadError("--feed-file gone.txt: no such file") }
        Self.successes -= 1
        size = settings.size
    }

    func apply(_ input: SceneInput) {}
    func render(into grid: inout Grid) {
        grid.clear()
        grid.write("frame \(frames)", x: 0, y: 0)
        frames += 1
    }
    func redraw(into grid: inout Grid) {}
}

final class SceneWorkloadTests: XCTestCase {
    /// The first workload of a scene in a process also plays the script on a
    /// throwaway scene (the runtime's one-time costs, paid before measuring);
    /// make that one first, so `successes` counts the workload's own scenes.
    override func setUpWithError() throws {
        OnceOnlyScene.successes = 2
        _ = try SceneWorkload<OnceOnlyScene>(settings: WorkloadSettings(size: Size(cols: 10, rows: 2)))
    }

    func testAnEarlierFrameReplaysFromAFreshScene() throws {
        OnceOnlyScene.successes = 2
        let workload = try SceneWorkload<OnceOnlyScene>(settings: WorkloadSettings(size: Size(cols: 10, rows: 2)))
        var grid = Grid(cols: 10, rows: 2)
        for index in 0..<3 { workload.draw(frame: index, into: &grid) }
        XCTAssertEqual(grid.lines, ["frame 2", ""])
        try workload.prepare(frame: 1)
        workload.draw(frame: 1, into: &grid)
        XCTAssertEqual(grid.lines, ["frame 1", ""], "the fresh scene played forward to frame 1")
    }

    func testASceneThatCannotBeMadeAgainIsAnErrorNotTheOldScene() throws {
        OnceOnlyScene.successes = 1
        let workload = try SceneWorkload<OnceOnlyScene>(settings: WorkloadSettings(size: Size(cols: 10, rows: 2)))
        var grid = Grid(cols: 10, rows: 2)
        for index in 0..<3 { workload.draw(frame: index, into: &grid) }
        XCTAssertThrowsError(try workload.prepare(frame: 0)) { error in
            XCTAssertTrue(error is SceneRestartError, "\(type(of: error))")
            XCTAssertEqual(
                "\(error)",
                "once-only: cannot start the scene again to replay up to frame 0: --feed-file gone.txt: no such file")
        }
    }
}
