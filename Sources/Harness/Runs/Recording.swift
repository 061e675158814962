import FrameGrid
import Foundation
import TerminalOutput
import Workloads

/// Records a run for replay by independent terminal emulators: every byte a
/// renderer emitted (`stream.bin`) and the screen each frame should leave
/// (`frames.jsonl`). See the README for the format.
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

    /// Writes the recording; returns the number of bytes in the stream.
    @discardableResult
    public static func record(_ options: Options) throws -> Int {
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

        switch settings.backend {
        case .framebench, .both:
            let renderer = TerminalRenderer(capabilities: capabilities, options: encoderOptions)
            let capture = CaptureSink()
            try renderer.begin(to: capture)
            for index in 0..<settings.frames {
                try workload.update(frame: index)
                workload.draw(frame: index, into: &grid)
                try renderer.render(grid, to: capture)
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
                try workload.update(frame: index)
                workload.draw(frame: index, into: &grid)
                reference.resize(to: grid.size)
                reference.transfer(grid)
                reference.update()
                jsonl += frameLine(index, end: reference.bytesWritten, grid, lines: grid.lines, depth: depth, styles: nil)
            }
            stream = reference.writtenBytes()
        }
        try commitPair(
            (stream, streamURL.path), (Array(jsonl.utf8), framesURL.path), replacing: options.replacesExisting)
        return stream.count
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
