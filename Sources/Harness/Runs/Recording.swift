import FrameGrid
import Foundation
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

    /// Writes the recording; returns the number of bytes in the stream.
    @discardableResult
    public static func record(_ options: Options) throws -> Int {
        try recordFrames(options).bytes
    }

    /// Writes the recording; returns its size and its frames' timings.
    public static func recordFrames(_ options: Options) throws -> Outcome {
        let settings = options.settings
        let workload = try settings.makeWorkload()
        guard settings.backend != .both else { throw UsageError("record takes one --backend: framebench or ncurses") }
        let streamURL = options.directory.appendingPathComponent("stream.bin")
        let framesURL = options.directory.appendingPathComponent("frames.jsonl")
        try prepareDirectory(options.directory, outputs: [streamURL, framesURL], replacing: options.replacesExisting)

        let capabilities: TerminalCapabilities
        do { capabilities = try TerminalCapabilities.load(term: settings.term) } catch { throw UsageError("\(error)") }
        let depth = settings.encoderOptions.colorDepth ?? ColorDepth.detect(capabilities, colorTerm: nil)
        var encoderOptions = settings.encoderOptions
        encoderOptions.colorDepth = depth
        let includesStyles = options.includesStyles
        var jsonl = "{\"cols\": \(settings.size.cols), \"rows\": \(settings.size.rows), \"term\": \(JSON.quote(settings.term))}\n"
        var grid = Grid(size: settings.size)
        var stream: [UInt8]
        // Timed as the lanes time a frame; the frame lines are built outside the clock.
        var samples = FrameSamples()

        switch settings.backend {
        case .framebench, .both:
            let renderer = TerminalRenderer(capabilities: capabilities, options: encoderOptions)
            let capture = CaptureSink()
            try renderer.begin(to: capture)
            for index in 0..<settings.frames {
                let start = MonotonicClock.now()
                try workload.update(frame: index)
                let updated = MonotonicClock.now()
                workload.draw(frame: index, into: &grid)
                let drawn = MonotonicClock.now()
                let diff = renderer.diff(grid)
                let diffed = MonotonicClock.now()
                renderer.encode(diff, grid)
                let encoded = MonotonicClock.now()
                try renderer.write(to: capture)
                renderer.commit(grid)
                let end = MonotonicClock.now()
                samples.recordTimes(start: start, updated: updated, drawn: drawn, diffed: diffed, encoded: encoded, end: end)
                samples.append(Double(renderer.encoder.output.count), to: .bytes)
                samples.append(Double(diff.changedCells), to: .dirtyCells)
                samples.append(Double(diff.rowsTouched), to: .dirtyRows)
                samples.append(Double(diff.scrolls.count), to: .scrollOperations)
                let lines = (0..<grid.rows).map { trimmed(renderer.encoder.displayedLine(grid, row: $0)) }
                jsonl += frameLine(
                    index, end: capture.bytes.count, grid, lines: lines, depth: depth,
                    styles: includesStyles ? capabilities.displayableAttributes : nil)
            }
            stream = capture.bytes
        case .ncurses:
            let reference = try NcursesRenderer(term: settings.term, size: settings.size)
            defer { reference.close() }
            for index in 0..<settings.frames {
                let before = reference.bytesWritten
                let start = MonotonicClock.now()
                try workload.update(frame: index)
                let updated = MonotonicClock.now()
                workload.draw(frame: index, into: &grid)
                let drawn = MonotonicClock.now()
                reference.resize(to: grid.size)
                reference.transfer(grid)
                let transferred = MonotonicClock.now()
                reference.update()
                let end = MonotonicClock.now()
                samples.recordTimes(start: start, updated: updated, drawn: drawn, transferred: transferred, end: end)
                samples.append(Double(reference.bytesWritten - before), to: .bytes)
                jsonl += frameLine(index, end: reference.bytesWritten, grid, lines: grid.lines, depth: depth, styles: nil)
            }
            stream = reference.writtenBytes()
        }
        try commitPair(
            (stream, streamURL.path), (Array(jsonl.utf8), framesURL.path), replacing: options.replacesExisting)
        let lane: Backend = settings.backend == .ncurses ? .ncurses : .framebench
        let metrics = BackendResult.metrics(of: lane).filter { $0.kind == .timing || $0.kind == .output }
        return Outcome(bytes: stream.count, frames: samples.record(of: metrics))
    }

    /// Puts both files in place or neither: both are staged (written and
    /// synced) first, then committed with SIGINT/SIGTERM held back, so an
    /// interrupted `record --force` cannot leave a new stream beside old
    /// frames. If the second name was taken meanwhile (no `--force`), the
    /// first is taken back out.
    private static func commitPair(
        _ first: ([UInt8], String), _ second: ([UInt8], String), replacing: Bool
    ) throws {
        let stagedFirst = try AtomicFile.Staged(first.0, for: first.1)
        defer { stagedFirst.discard() }
        let stagedSecond = try AtomicFile.Staged(second.0, for: second.1)
        defer { stagedSecond.discard() }
        try TemporaryFiles.withSignalsHeld {
            try stagedFirst.commit(replacing: replacing)
            do {
                try stagedSecond.commit(replacing: replacing)
            } catch {
                if !replacing { stagedFirst.revoke() }
                throw error
            }
        }
    }

    private static func prepareDirectory(_ directory: URL, outputs: [URL], replacing: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError("--out \(directory.path) exists and is not a directory") }
        } else {
            do {
                try AtomicFile.makeFolders(directory.path)
            } catch let error as UsageError {
                throw UsageError("--out \(directory.path): \(error.description)")
            }
        }
        for url in outputs {
            // Checked before the frames are rendered; the commit checks again.
            guard case .regular = try AtomicFile.target(url.path) else {
                throw UsageError("\(url.path) is not a regular file; a recording is only written to regular files")
            }
            try AtomicFile.check(url.path, replacing: replacing)
        }
    }

    /// One line of frames.jsonl.
    static func frameLine(
        _ index: Int, end: Int, _ grid: Grid, lines: [String], depth: ColorDepth, styles attributes: Attributes?
    ) -> String {
        // The size, on every frame: a scene's script may resize the terminal mid-run.
        var line = "{\"frame\": \(index), \"end\": \(end), \"cols\": \(grid.cols), \"rows\": \(grid.rows), \"lines\": ["
        line += lines.map(JSON.quote).joined(separator: ", ")
        line += "]"
        if let attributes {
            line += ", \"styles\": ["
            line += (0..<grid.rows).map { styleRuns(grid, row: $0, depth: depth, attributes: attributes) }
                .joined(separator: ", ")
            line += "]"
        }
        return line + "}\n"
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
                let attributes = Attributes.named.filter { style.attributes.contains($0.0) }.map { JSON.quote($0.1) }
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
        case .rgb: return JSON.quote(color.description)
        }
    }
}
