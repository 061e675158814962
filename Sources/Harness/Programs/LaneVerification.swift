import Foundation
import FrameGrid
import JSONText
import ProgramDriver
import TerminalOutput
import Workloads

/// `framebench run --verify`: our lane's frames replayed through a real
/// terminal emulator (libvterm), in process. After the timed run, the same
/// frames are drawn and rendered again (the workloads are deterministic),
/// every byte goes through libvterm, and each frame's screen text must be
/// what the grid shows; the first frame and row that differ fail the run.
/// The timed frames are untouched: verification is a pass of its own, and
/// its cost (time per frame) is reported beside the run.
/// Text only: colours and attributes are checked by `scripts/replay_check.py`.
public enum LaneVerification {
    public struct Result: Equatable, Sendable {
        public var frames: Int
        public var bytes: Int
        /// The whole verification pass, ns.
        public var nanoseconds: UInt64
    }

    /// A frame libvterm shows differently from the grid.
    public struct Mismatch: Error, CustomStringConvertible {
        public var benchmark: String
        public var frame: Int
        public var row: Int
        public var expected: String
        public var shown: String

        public var description: String {
            "--verify: \(benchmark) frame \(frame) row \(row): libvterm shows \(JSONString.quote(shown)), the grid has \(JSONString.quote(expected))"
        }
    }

    /// - Parameter alter: tests change a frame's bytes here to see a mismatch caught.
    public static func verify(_ settings: RunSettings, alter: ((Int, inout [UInt8]) -> Void)? = nil) throws -> Result {
        let start = MonotonicClock.now()
        let workload = try settings.makeWorkload()
        let capabilities: TerminalCapabilities
        do { capabilities = try TerminalCapabilities.load(term: settings.term) } catch { throw UsageError("\(error)") }
        var options = settings.encoderOptions
        options.colorDepth = options.colorDepth ?? ColorDepth.detect(capabilities, colorTerm: nil)
        let renderer = TerminalRenderer(capabilities: capabilities, options: options)
        let capture = CaptureSink()
        let screen = TerminalScreen(cols: settings.size.cols, rows: settings.size.rows)
        try renderer.begin(to: capture)
        let stage = TerminalRendererStage(renderer: renderer, sink: capture, workload: workload)
        let pipeline = FramePipeline(workload: workload, stage: stage, size: settings.size)
        var bytes = 0
        for index in 0..<settings.frames {
            var unmeasured = NoProbe()
            try pipeline.frame(index, &unmeasured)
            let grid = pipeline.shownFrame
            if grid.cols != screen.cols || grid.rows != screen.rows { screen.resize(cols: grid.cols, rows: grid.rows) }
            if let alter {
                var altered = capture.bytes
                alter(index, &altered)
                screen.write(altered)
            } else {
                screen.write(capture.bytes)
            }
            bytes += capture.bytes.count
            capture.removeAll()
            try compare(screen.lines(), grid, renderer: renderer, frame: index, benchmark: settings.name)
            _ = screen.endFrame()
        }
        return Result(frames: settings.frames, bytes: bytes, nanoseconds: MonotonicClock.now() - start)
    }

    /// Throws the first row libvterm shows otherwise than the grid.
    private static func compare(
        _ shown: [String], _ grid: Grid, renderer: TerminalRenderer, frame: Int, benchmark: String
    ) throws {
        for row in 0..<grid.rows {
            var expected = renderer.encoder.displayedLine(grid, row: row)
            while expected.last == " " { expected.removeLast() }
            if shown[row] != expected {
                throw Mismatch(benchmark: benchmark, frame: frame, row: row, expected: expected, shown: shown[row])
            }
        }
    }
}

extension LaneVerification {
    /// Verifies every benchmark with a framebench lane; a line per benchmark
    /// with the pass's cost, or the first mismatch thrown.
    public static func verifyAll(_ benchmarks: [RunSettings]) throws -> [String] {
        try benchmarks.filter { $0.backend != .ncurses }.map { settings in
            let result = try verify(settings)
            let perFrame = Double(result.nanoseconds) / Double(max(1, result.frames))
            return
                "verified \(UntrustedText.terminal(settings.name)): \(result.frames) frames, \(result.bytes) bytes through libvterm, "
                + "every row as the grid shows it; cost \(Units.duration(Double(result.nanoseconds))) (\(Units.duration(perFrame)) per frame)"
        }
    }
}
