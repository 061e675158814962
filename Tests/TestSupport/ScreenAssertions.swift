import FrameGrid
import SceneKit
import Workloads
import XCTest

/// Plays scenes for tests: frames drawn through `SceneWorkload`, as the harness draws them.
public final class ScenePlayer<S: Scene> {
    public let workload: SceneWorkload<S>
    public private(set) var grid: Grid
    public private(set) var frame = -1

    public init(size: Size, script: String = "default", seed: UInt64 = 1, feedItems: Int = 10_000_000, feedFile: String? = nil) throws {
        workload = try SceneWorkload<S>(
            settings: WorkloadSettings(size: size, seed: seed, feedItems: feedItems, feedFile: feedFile, script: script))
        grid = Grid(size: size)
    }

    /// Draws frames up to `index` and returns its rows (trailing spaces trimmed).
    @discardableResult
    public func lines(at index: Int) -> [String] {
        precondition(index > frame, "frames only go forward")
        while frame < index {
            frame += 1
            // A test's scene never loses its input, so it always reaches the frame.
            try! workload.update(frame: frame)
            workload.draw(frame: frame, into: &grid)
        }
        return grid.lines
    }
}

/// Drives a scene directly by inputs (no script): what live mode does.
public final class SceneDriver<S: Scene> {
    public let scene: S
    public private(set) var grid: Grid

    public init(size: Size, seed: UInt64 = 1, feedItems: Int = 10_000_000) throws {
        scene = try S(settings: WorkloadSettings(size: size, seed: seed, feedItems: feedItems))
        grid = Grid(size: size)
    }

    /// Applies `inputs`, then draws `frames` frames; returns the last one's rows.
    @discardableResult
    public func step(_ inputs: SceneInput..., frames: Int = 1) -> [String] {
        for input in inputs { scene.apply(input) }
        for _ in 0..<max(1, frames) {
            if grid.size != scene.size { grid = Grid(size: scene.size) }
            scene.render(into: &grid)
        }
        return grid.lines
    }
}

/// Compares screens row by row, printing both in full when they differ:
/// the one `assertScreen` of the layout, scene and example tests.
public func assertScreen(
    _ actual: [String], _ expected: [String], _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    var expected = expected
    while expected.count < actual.count { expected.append("") }
    if actual != expected {
        let shown = actual.map { "|\($0)|" }.joined(separator: "\n")
        let wanted = expected.map { "|\($0)|" }.joined(separator: "\n")
        XCTFail("screen differs \(message)\n--- actual\n\(shown)\n--- expected\n\(wanted)", file: file, line: line)
    }
}
