import FrameGrid
import Foundation
import JSONText
import TerminalOutput
import Workloads

/// Records a run for replay by independent terminal emulators: every byte a
/// renderer emitted (`stream.bin`) and the screen each frame should leave
/// (`frames.jsonl`). See docs/commands.md, "Recordings", for the format.
public enum Recording {
    public struct Options {
        public var settings: RunSettings
        public var directory: URL
        /// Include each frame's non-default style runs.
        public var includesStyles = false
        /// Replace an existing recording in `directory`.
        public var replacesExisting = false

        public init(settings: RunSettings, directory: URL) {
            self.settings = settings
            self.directory = directory
        }
    }

    /// What a recording made: the stream's size, and each frame's phases
    /// timed as a run times them (for `record --trace`). Every frame is in
    /// `frames`: a recording has no warm-up.
    public struct Outcome {
        public var bytes: Int
        public var frames: RunSamples
    }

    /// Refuses benchmarks with more measured frames than a run keeps one by
    /// one (`FrameSamples.exactFrameLimit`) for an output that needs every
    /// frame (`option`: a recording, `--trace`, `--profile-views`), naming
    /// the option, the benchmark and the limit.
    public static func checkEveryFrameFits(_ benchmarks: [RunSettings], option: String) throws {
        let limit = FrameSamples.exactFrameLimit
        for settings in benchmarks where settings.frames - settings.warmUpFrames > limit {
            throw UsageError(
                "\(option) needs every frame, and \(settings.name) measures \(settings.frames - settings.warmUpFrames) (--frames \(settings.frames)): more than the \(limit) a run keeps one by one; give --frames \(limit + settings.warmUpFrames) or fewer, or leave \(option) out (a run's statistics need no limit)")
        }
    }

    /// Writes the recording; returns its size and its frames' timings.
    /// Refuses more frames than `FrameSamples.exactFrameLimit`: the stream
    /// and every frame's screen are kept until the end.
    public static func recordFrames(_ options: Options) throws -> Outcome {
        let settings = options.settings
        var whole = settings
        whole.warmUpFrames = 0  // a recording has no warm-up
        try checkEveryFrameFits([whole], option: "record")
        let workload = try settings.makeWorkload()
        guard settings.backend != .both else { throw UsageError("record takes one --backend: framebench or ncurses") }
        var files = try RecordingFiles(
            directory: options.directory.path, option: "--out", replacing: options.replacesExisting)
        let capabilities: TerminalCapabilities
        do { capabilities = try TerminalCapabilities.load(term: settings.term) } catch { throw UsageError("\(error)") }
        files.header(cols: settings.size.cols, rows: settings.size.rows, term: settings.term)
        let stream: [UInt8]
        let samples: FrameSamples
        if settings.backend == .ncurses {
            let reference = try NcursesRenderer(term: settings.term, size: settings.size)
            defer { reference.close() }
            let stage = NcursesStage(reference: reference, discardsPastLimit: false)
            let pipeline = FramePipeline(workload: workload, stage: stage, size: settings.size)
            samples = try record(pipeline, frames: settings.frames, into: &files) { grid in
                (reference.bytesWritten, grid.lines, nil)
            }
            stream = reference.writtenBytes()
        } else {
            let ours = try recordOurs(options, workload: workload, capabilities: capabilities, into: &files)
            stream = ours.stream
            samples = ours.samples
        }
        try files.commit(stream: stream)
        let metrics = BackendResult.metrics(of: settings.backend).filter { $0.kind == .timing || $0.kind == .output }
        return Outcome(bytes: stream.count, frames: samples.record(of: metrics))
    }

    /// Our lane's frames into a captured stream: each frame's rows as the
    /// terminal shows them (the encoder's colour depth), and their styles
    /// when asked.
    private static func recordOurs(
        _ options: Options, workload: Workload, capabilities: TerminalCapabilities, into files: inout RecordingFiles
    ) throws -> (stream: [UInt8], samples: FrameSamples) {
        let settings = options.settings
        let depth = settings.encoderOptions.colorDepth ?? ColorDepth.detect(capabilities, colorTerm: nil)
        var encoderOptions = settings.encoderOptions
        encoderOptions.colorDepth = depth
        let renderer = TerminalRenderer(capabilities: capabilities, options: encoderOptions)
        let capture = CaptureSink()
        try renderer.begin(to: capture)
        let stage = TerminalRendererStage(renderer: renderer, sink: capture, workload: workload)
        let pipeline = FramePipeline(workload: workload, stage: stage, size: settings.size)
        let attributes = options.includesStyles ? capabilities.displayableAttributes : nil
        let samples = try record(pipeline, frames: settings.frames, into: &files) { grid in
            let lines = (0..<grid.rows).map { trimmed(renderer.encoder.displayedLine(grid, row: $0)) }
            let styles = attributes.map { shown in
                (0..<grid.rows).map { styleRuns(grid, row: $0, depth: depth, attributes: shown) }
            }
            return (capture.bytes.count, lines, styles)
        }
        return (capture.bytes, samples)
    }

    /// Runs every frame through `pipeline` with the lanes' probe, so each is
    /// timed as a run times it, and writes its line from `describe` (where
    /// the stream ends, its rows, their styles), outside the clock.
    private static func record<Stage: RenderStage>(
        _ pipeline: FramePipeline<Stage>, frames: Int, into files: inout RecordingFiles,
        describe: (Grid) -> (end: Int, lines: [String], styles: [String]?)
    ) throws -> FrameSamples {
        var samples = FrameSamples()
        samples.reserve(frames)
        for index in 0..<frames {
            var marks = PhaseMarks()
            try pipeline.frame(index, &marks)
            pipeline.stage.record(marks, into: &samples)
            let shown = pipeline.shownFrame
            let frame = describe(shown)
            files.frame(
                index, end: frame.end, cols: shown.cols, rows: shown.rows, lines: frame.lines, styles: frame.styles)
        }
        return samples
    }

    private static func trimmed(_ line: String) -> String {
        var text = line
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Runs of cells with the same non-default style on one row, as JSON.
    /// Colours are reduced to `depth` and attributes to those the terminal
    /// can show (`attributes`), as a terminal would show the cells.
    static func styleRuns(_ grid: Grid, row: Int, depth: ColorDepth, attributes shown: Attributes) -> String {
        var runs: [String] = []
        var x = 0
        while x < grid.cols {
            var style = grid[x, row].style
            style.foreground = depth.reduce(style.foreground)
            style.background = depth.reduce(style.background)
            style.attributes = style.attributes.intersection(shown)
            var end = x + 1
            while end < grid.cols {
                var other = grid[end, row].style
                other.foreground = depth.reduce(other.foreground)
                other.background = depth.reduce(other.background)
                other.attributes = other.attributes.intersection(shown)
                if other != style { break }
                end += 1
            }
            if style != .plain {
                let attributes = Attributes.named.filter { style.attributes.contains($0.0) }.map { JSONString.quote($0.1) }
                runs.append(
                    "{\"x\": \(x), \"n\": \(end - x), \"fg\": \(colorJSON(style.foreground)), \"bg\": \(colorJSON(style.background)), \"attrs\": [\(attributes.joined(separator: ", "))]}"
                )
            }
            x = end
        }
        return "[" + runs.joined(separator: ", ") + "]"
    }

    private static func colorJSON(_ color: Color) -> String {
        switch color.kind {
        case .default: return "\"default\""
        case .palette(let index): return String(index)
        case .rgb: return JSONString.quote(color.description)
        }
    }
}
