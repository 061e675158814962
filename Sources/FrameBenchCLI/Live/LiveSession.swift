import Harness
import FrameGrid
import Foundation
import SceneKit
import TerminalOutput
import Workloads

#if canImport(Glibc)
import Glibc
#endif

/// `framebench live`: a scenario in the user's terminal, driven by keys and
/// the mouse wheel, with a HUD of live figures.
public final class LiveSession {
    public struct Options {
        public var workload: String
        public var workloadSettings: WorkloadSettings
        public var term: String
        /// Play the script for this many frames, then exit and print a summary.
        public var autoplayFrames: Int?
        public var showsHUD = true
        public var framesPerSecond = Double(RunDefaults.liveFramesPerSecond)

        public init(workload: String, workloadSettings: WorkloadSettings, term: String) {
            self.workload = workload
            self.workloadSettings = workloadSettings
            self.term = term
        }
    }

    /// Figures of an autoplayed session.
    public struct Summary {
        public var renderNanoseconds: [Double] = []
        public var writeNanoseconds: [Double] = []
        public var bytes: [Double] = []
        public var allocations: [Double] = []
        /// Drawing the frame (the scene's update and layout, and the HUD), and the render split, ns (for `--trace`).
        public var layoutNanoseconds: [Double] = []
        public var diffNanoseconds: [Double] = []
        public var dirtyCells: [Double] = []
    }

    private var options: Options
    private let renderer: TerminalRenderer
    private let sink = FileDescriptorSink(descriptor: STDOUT_FILENO)
    /// The frames: what `LiveFrames` draws, through the lanes' pipeline.
    private lazy var pipeline: FramePipeline<TerminalRendererStage> = {
        let frames = LiveFrames(session: self)
        let stage = TerminalRendererStage(renderer: self.renderer, sink: DrainedOutput(), workload: frames)
        return FramePipeline(workload: frames, stage: stage, size: self.options.workloadSettings.size)
    }()
    fileprivate var workload: Workload
    /// The workload as a scene with state, keys and a script (nil: frames by number).
    fileprivate var scene: ScriptedWorkload?
    /// The frame number shown (workloads without scenes).
    fileprivate var position = 0
    /// The next frame of the script to play (scenes).
    fileprivate var scriptFrame = 0
    fileprivate var playing: Bool
    fileprivate var showsHUD: Bool
    fileprivate var recent = RecentFrames()
    private var summary = Summary()
    fileprivate var note = ""
    private var grid: Grid { pipeline.grid }

    public init(_ options: Options) throws {
        self.options = options
        let workload = try LiveSession.makeWorkload(options)
        self.workload = workload
        scene = workload as? ScriptedWorkload
        let capabilities: TerminalCapabilities
        do { capabilities = try TerminalCapabilities.load(term: options.term) } catch { throw UsageError("\(error)") }
        renderer = TerminalRenderer(capabilities: capabilities, options: EncoderOptions(synchronizedOutput: true))
        playing = options.autoplayFrames != nil
        showsHUD = options.showsHUD
    }

    private static func makeWorkload(_ options: Options) throws -> Workload {
        let workload = try WorkloadFactory.make(options.workload, settings: options.workloadSettings)
        guard !workload.drawsIncrementally else {
            throw UsageError("\(options.workload) draws each frame from the one before, so it cannot be scrolled live")
        }
        return workload
    }

    /// What `RawTerminal.restore` writes: attributes, scroll region and
    /// synchronized output reset, cursor shown, mouse off, main screen back.
    private func restoreSequence() -> [UInt8] {
        let encoder = renderer.encoder
        encoder.startFrame()
        encoder.encodeSessionEnd(rows: grid.rows, alternateScreen: true)
        return Array("\u{1B}[?1006l\u{1B}[?1000l".utf8) + encoder.output
    }

    /// Runs until `q`, Ctrl-C or the end of autoplay.
    public func run() throws -> Summary {
        try RawTerminal.enter(restoreSequence: restoreSequence())
        defer { RawTerminal.restore() }
        try enterScreen()
        var parser = KeyParser()
        var needsFrame = true
        var played = 0
        let interval = 1_000_000_000 / options.framesPerSecond
        var nextTick = Double(MonotonicClock.now())
        var buffer = [UInt8](repeating: 0, count: 256)
        var lastInput = MonotonicClock.now()
        while true {
            if try takeTerminalSignals() { needsFrame = true }
            // Frames come at the frame rate while the script plays or an
            // animation runs; otherwise only when an input or resize asks.
            let moving = playing || scene?.needsFrame == true
            if !moving { nextTick = max(nextTick, Double(MonotonicClock.now()) + interval) }
            var wait = moving ? max(0, (nextTick - Double(MonotonicClock.now())) / 1_000_000) : 100
            if parser.isWaiting { wait = min(wait, Double(KeyParser.escapeTimeoutNanoseconds) / 1_000_000) }
            let inputs = readInputs(&parser, waitingMilliseconds: wait, buffer: &buffer, lastInput: &lastInput)
            for input in inputs {
                if handle(input) == false { return summary }
                needsFrame = true
            }
            if moving && Double(MonotonicClock.now()) >= nextTick {
                nextTick += interval
                needsFrame = true
                if playing {
                    playScriptFrame()
                    played += 1
                    if let limit = options.autoplayFrames, played >= limit {
                        try drawFrame()
                        return summary
                    }
                }
            }
            if needsFrame {
                try drawFrame()
                needsFrame = false
            }
        }
    }

    /// Stops, continues and resizes the terminal asked for since the last
    /// look; true when the screen must be drawn again.
    private func takeTerminalSignals() throws -> Bool {
        var redraw = false
        if RawTerminal.takeStopRequest() { RawTerminal.suspend() }
        if RawTerminal.takeContinued() {
            // Back from Ctrl-Z or a stop: the shell had the terminal; take it again and repaint.
            RawTerminal.resume()
            try enterScreen()
            if let size = RawTerminal.size(), size != (grid.cols, grid.rows) {
                resize(to: Size(cols: size.cols, rows: size.rows))
            }
            redraw = true
        }
        if RawTerminal.takeResize(), let size = RawTerminal.size() {
            resize(to: Size(cols: size.cols, rows: size.rows))
            redraw = true
        }
        return redraw
    }

    /// The keys and wheel events that arrive within `wait` ms, or a lone
    /// escape once it has waited long enough to be one.
    private func readInputs(
        _ parser: inout KeyParser, waitingMilliseconds wait: Double, buffer: inout [UInt8], lastInput: inout UInt64
    ) -> [LiveInput] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Int32(wait.rounded(.up))) > 0 {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, 256) }
            guard count > 0 else { return [] }
            lastInput = MonotonicClock.now()
            return parser.feed(Array(buffer[0..<count]))
        }
        if parser.isWaiting && MonotonicClock.now() - lastInput >= KeyParser.escapeTimeoutNanoseconds {
            return parser.flush()
        }
        return []
    }

    /// The alternate screen and mouse reporting, and a full repaint next frame.
    private func enterScreen() throws {
        renderer.encoder.startFrame()
        renderer.encoder.encodeSessionStart(alternateScreen: true)
        try sink.write(renderer.encoder.output + Array("\u{1B}[?1000h\u{1B}[?1006h".utf8))
        renderer.invalidate()
    }

    /// Applies one input; false means quit.
    private func handle(_ input: LiveInput) -> Bool {
        switch input {
        case .quit: return false
        case .suspend: RawTerminal.suspend()  // returns once continued; the loop then repaints
        case .escape: note = ""  // nothing to leave; it only must not swallow the next key
        case .togglePlay: playing.toggle()
        case .toggleHUD: showsHUD.toggle()
        default:
            if let scene { apply(input, to: scene) } else { move(input) }
        }
        return true
    }

    /// A key for a scene: scrolling, tabs and filters, its button.
    private func apply(_ input: LiveInput, to scene: ScriptedWorkload) {
        switch input {
        case .scroll(let rows): scene.apply(.scroll(rows))
        case .page(let pages): scene.apply(.page(pages))
        case .home: scene.apply(.top)
        case .end: scene.apply(.bottom)
        case .action: scene.apply(.action)
        case .tab(let index):
            if index < scene.tabCount {
                scene.apply(.selectTab(index))
            } else {
                note = scene.tabCount == 0
                    ? "\(options.workload) has no tabs or filters" : "\(options.workload) has \(scene.tabCount) tabs"
            }
        case .nextTab:
            if scene.tabCount > 0 { scene.apply(.nextTab) } else { note = "\(options.workload) has no tabs or filters" }
        case .quit, .togglePlay, .toggleHUD, .suspend, .escape: break
        }
    }

    /// A key for a workload drawn by frame number: the number is the scroll position.
    private func move(_ input: LiveInput) {
        let page = max(1, grid.rows - 2)
        switch input {
        case .scroll(let rows): position = max(0, position + rows)
        case .page(let pages): position = max(0, position + pages * page)
        case .home: position = 0
        case .end: position = max(0, options.workloadSettings.feedItems - page)
        case .tab, .nextTab, .action: note = "\(options.workload) has no tabs or filters"
        case .quit, .togglePlay, .toggleHUD, .suspend, .escape: break
        }
    }

    /// One frame of the script: its inputs go to the scene (except resizes:
    /// the real terminal decides the size here); other workloads move a row.
    private func playScriptFrame() {
        guard let scene else {
            position += 1
            return
        }
        for input in scene.timeline.inputs(at: scriptFrame) {
            if case .resize = input { continue }
            scene.apply(input)
        }
        scriptFrame += 1
    }

    private func resize(to size: Size) {
        options.workloadSettings.size = size
        if let scene {
            scene.apply(.resize(size))
        } else if let made = try? LiveSession.makeWorkload(options) {
            workload = made
        }
        pipeline.restart(size: size)
    }

    /// One frame through the pipeline, its figures into the HUD and the summary.
    private func drawFrame() throws {
        var marks = PhaseMarks()
        try pipeline.frame(position, &marks)
        let stage = pipeline.stage
        let allocations = marks.allocated(2, 4).allocations
        recent.add(render: Double(marks.nanoseconds(2, 4)), bytes: stage.frameBytes, allocations: Int(allocations))
        summary.renderNanoseconds.append(Double(marks.nanoseconds(2, 4)))
        summary.writeNanoseconds.append(Double(marks.nanoseconds(4, 5)))
        summary.bytes.append(Double(stage.frameBytes))
        summary.allocations.append(Double(allocations))
        summary.layoutNanoseconds.append(Double(marks.nanoseconds(0, 2)))
        summary.diffNanoseconds.append(Double(marks.nanoseconds(2, 3)))
        summary.dirtyCells.append(Double(stage.lastDiff?.changedCells ?? 0))
    }
}

/// What live mode draws, as a workload for the pipeline: the scene's
/// current state (or the workload's frame at the scroll position), with
/// the HUD over it. The frame number the pipeline passes is the session's.
private final class LiveFrames: Workload {
    static let name = "live"
    /// The HUD is drawn over every frame, so the grid is redrawn in full
    /// each time and the renderer swaps grids.
    let drawsIncrementally = false
    /// The session owns the pipeline that owns this.
    private unowned let session: LiveSession

    init(session: LiveSession) { self.session = session }

    var size: Size { session.workload.size }

    func update(frame index: Int) throws {
        guard session.scene == nil else { return }
        try session.workload.update(frame: index)
    }

    func draw(frame index: Int, into grid: inout Grid) {
        if let scene = session.scene {
            scene.renderNext(into: &grid)
        } else {
            session.workload.draw(frame: index, into: &grid)
        }
        guard session.showsHUD else { return }
        let position = session.scene == nil
            ? "row \(session.position)" : "script \(session.scriptFrame)\(session.playing ? " ▶" : "")"
        HUD.draw(into: &grid, recent: session.recent, note: session.note, position: position)
    }
}

/// Standard output, drained after each write: a live frame's write phase
/// lasts until the terminal has taken its bytes.
private final class DrainedOutput: FrameSink {
    private let output = FileDescriptorSink(descriptor: STDOUT_FILENO)

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try output.write(bytes)
        tcdrain(STDOUT_FILENO)
    }
}
