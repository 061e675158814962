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

/// Draws `frames` frames of two copies of scene `S` (120x40, seed 1, a
/// million feed items), the second inside `reference` (which turns a switch
/// off around the drawing it is given), and returns where their screens
/// first differ (a row's text, or any cell's style or width), or nil.
/// `afterEach` sees each frame's index and the first copy's grid, which it
/// may replace (a swap with the frame shown before, as the harness does).
///
/// The reference copy runs all its frames first and the tested one after:
/// run side by side, the two would share what is kept process-wide (the
/// views lazy rows were last built from are kept by row index, so each
/// copy's view updates would evict the other's, and the tested copy would
/// update rows a copy running alone leaves alone).
public func firstDifference<S: Scene>(
    _ scene: S.Type, frames: Int, reference: (() -> Void) -> Void,
    afterEach: (Int, inout Grid) -> Void = { _, _ in }
) throws -> String? {
    let settings = WorkloadSettings(size: Size(cols: 120, rows: 40), seed: 1, feedItems: 1_000_000)
    let other = try SceneWorkload<S>(settings: settings)
    var expected = Grid(size: other.size)
    var expectedFrames: [Grid] = []
    expectedFrames.reserveCapacity(frames)
    for index in 0..<frames {
        var failure: Error?
        reference {
            do {
                try other.update(frame: index)
                if expected.size != other.size { expected = Grid(size: other.size) }
                other.draw(frame: index, into: &expected)
            } catch { failure = error }
        }
        if let failure { throw failure }
        expectedFrames.append(expected)
    }
    let tested = try SceneWorkload<S>(settings: settings)
    var grid = Grid(size: tested.size)
    for index in 0..<frames {
        try tested.update(frame: index)
        if grid.size != tested.size { grid = Grid(size: tested.size) }
        tested.draw(frame: index, into: &grid)
        let expected = expectedFrames[index]
        guard grid.size == expected.size else { return "frame \(index): size \(grid.size), expected \(expected.size)" }
        if let difference = firstDifferingRow(grid, expected) { return "frame \(index) \(difference)" }
        afterEach(index, &grid)
    }
    return nil
}

/// Where two grids of one size first differ: "row Y:" then that row of
/// each (a row's text, or any cell's style or width), or nil.
public func firstDifferingRow(_ grid: Grid, _ expected: Grid) -> String? {
    for y in 0..<grid.rows {
        let same =
            grid.line(y) == expected.line(y)
            && (0..<grid.cols).allSatisfy { grid[$0, y].style == expected[$0, y].style && grid[$0, y].width == expected[$0, y].width }
        if !same { return "row \(y):\n\(grid.line(y))\n\(expected.line(y))" }
    }
    return nil
}

/// Fails unless scene `S` shows, frame by frame, what it shows with a
/// process-wide switch off: `setSwitch(false)` runs before each reference
/// frame is drawn and `setSwitch(true)` after (see `firstDifference`).
public func assertSameFramesWithSwitchOff<S: Scene>(
    _ scene: S.Type, frames: Int, _ setSwitch: (Bool) -> Void, file: StaticString = #filePath, line: UInt = #line
) throws {
    let difference = try firstDifference(S.self, frames: frames) { draw in
        setSwitch(false)
        draw()
        setSwitch(true)
    }
    if let difference { XCTFail(difference, file: file, line: line) }
}
