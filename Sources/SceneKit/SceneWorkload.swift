import FrameGrid
import Workloads

/// A scene the harness can drive: frame by frame from its script (runs,
/// recordings), or by inputs as they come (live mode).
public protocol ScriptedWorkload: Workload {
    /// The script the run was asked for, laid out frame by frame.
    var timeline: ScriptTimeline { get }
    /// Tabs or filters 1-5 and Tab select (0: none).
    var tabCount: Int { get }
    /// Whether the next frame would differ from the last (a change is
    /// waiting or an animation is running).
    var needsFrame: Bool { get }
    /// Applies an input now (live mode), outside the script.
    func apply(_ input: SceneInput)
    /// Draws the next frame of the scene's current state (live mode).
    func renderNext(into grid: inout Grid)
}

/// Runs a `Scene` as a `Workload`: frame n is the scene after the script's
/// inputs of frames 0...n, each frame rendered in turn (animations advance
/// one frame per frame).
///
/// Scenes have state, so frames must come in order: asking for the frame
/// just drawn draws it again (without advancing animations), a later frame
/// renders the frames between, and an earlier one starts the scene afresh
/// and plays it forward. The harness gives each backend its own instance.
public final class SceneWorkload<S: Scene>: ScriptedWorkload {
    public static var name: String { S.name }
    public let timeline: ScriptTimeline
    public let drawsIncrementally = false
    public var tabCount: Int { S.tabCount }
    private let settings: WorkloadSettings
    private var scene: S
    /// Frames 0..<next have been rendered.
    private var next = 0
    /// Whether the script's inputs of frame `next` have been applied.
    private var applied = false
    private var scratch: Grid?

    public init(settings: WorkloadSettings) throws {
        guard let script = S.script(named: settings.script) else {
            throw WorkloadError(
                "--script '\(settings.script)' is unknown for \(S.name) (known: \(S.scriptNames.joined(separator: ", ")))")
        }
        self.settings = settings
        timeline = ScriptTimeline(script, seed: settings.seed, size: settings.size)
        scene = try S(settings: settings)
        try SceneWorkload.warmRuntime(settings: settings, timeline: timeline)
    }

    /// Plays one cycle of the script (intro and loop, at most
    /// `warmUpFrameLimit` frames) on a throwaway instance of the scene, once
    /// per process for each scene, script and size.
    ///
    /// The first time a view type, node type or cast is met, the Swift
    /// runtime instantiates its metadata and caches the conformance, in
    /// pools and tables shared with everything the process did before; when
    /// a pool runs out (16 KB) or a table grows depends on that history.
    /// Left to the measured frames, a frame that first shows a screen
    /// allocates one to three times more or less in a `check` (which decodes
    /// JSON first) than in a plain `run`, or in a suite than alone. Met here
    /// first, those once-per-process costs leave the measured frames with
    /// counts that depend only on the scene and its script.
    private static func warmRuntime(settings: WorkloadSettings, timeline: ScriptTimeline) throws {
        let key = "\(S.name) \(timeline.script.name) \(settings.size.cols)x\(settings.size.rows)"
        guard !SceneRuntimeWarmUp.done.contains(key) else { return }
        SceneRuntimeWarmUp.done.insert(key)
        let scene = try S(settings: settings)
        var grid = Grid(size: scene.size)
        for index in 0..<min(timeline.cycleLength, SceneRuntimeWarmUp.frameLimit) {
            for input in timeline.inputs(at: index) { scene.apply(input) }
            if grid.size != scene.size { grid = Grid(size: scene.size) }
            scene.render(into: &grid)
        }
    }

    public var size: Size { scene.size }
    public var needsFrame: Bool { scene.needsFrame }

    /// The update phase: `prepare(frame:)`, whose error the harness reports.
    public func update(frame index: Int) throws {
        try prepare(frame: index)
    }

    /// Brings the scene to frame `index` (see the type's summary).
    /// - Throws: `SceneRestartError` when an earlier frame is asked for and
    ///   the scene cannot be made again (its feed file went away meanwhile).
    public func prepare(frame index: Int) throws {
        if index == next - 1 && !applied { return }  // the frame just drawn, drawn again
        if index < next {
            // An earlier frame: the same scene, played forward from the start.
            do {
                scene = try S(settings: settings)
            } catch {
                throw SceneRestartError(scene: S.name, frame: index, reason: error)
            }
            next = 0
            applied = false
        }
        while next < index {
            applyScript()
            var grid = scratch ?? Grid(size: scene.size)
            if grid.size != scene.size { grid = Grid(size: scene.size) }
            scene.render(into: &grid)
            scratch = grid
            next += 1
            applied = false
        }
        applyScript()
    }

    public func draw(frame index: Int, into grid: inout Grid) {
        // Callers update first (the harness times it apart), and then this
        // cannot restart the scene; a caller that skipped the update for an
        // earlier frame whose scene cannot start again is a programmer error.
        do {
            try prepare(frame: index)
        } catch {
            preconditionFailure("draw(frame: \(index)) without update(frame:) first: \(error)")
        }
        if grid.size != scene.size { grid = Grid(size: scene.size) }
        if index == next - 1 && !applied {
            scene.redraw(into: &grid)
            return
        }
        scene.render(into: &grid)
        next += 1
        applied = false
    }

    public func apply(_ input: SceneInput) { scene.apply(input) }

    public func renderNext(into grid: inout Grid) {
        if grid.size != scene.size { grid = Grid(size: scene.size) }
        scene.render(into: &grid)
    }

    private func applyScript() {
        guard !applied else { return }
        for input in timeline.inputs(at: next) { scene.apply(input) }
        applied = true
    }
}

/// A scene asked for an earlier frame could not be made again to replay
/// from its first frame; the reason is the scene's own error.
public struct SceneRestartError: Error, CustomStringConvertible {
    public let scene: String
    public let frame: Int
    public let reason: any Error

    public var description: String {
        "\(scene): cannot start the scene again to replay up to frame \(frame): \(reason)"
    }
}

/// Which scenes have warmed the runtime in this process (see `SceneWorkload.warmRuntime`).
enum SceneRuntimeWarmUp {
    // Workloads are made on the thread that drives them, one at a time.
    nonisolated(unsafe) static var done = Set<String>()
    /// Most frames played to warm up (a script's cycle is usually shorter).
    static let frameLimit = 4_000
}

extension Scene {
    /// The names `--script` accepts.
    public static var scriptNames: [String] { ["default"] + scripts.map(\.name) }
}
