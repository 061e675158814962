import FrameGrid
import Foundation
import TerminalOutput
import Workloads
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Every frame (lanes, the bare frame, recordings, `--verify`, live mode)
/// is `FramePipeline`'s one sequence; probes only watch it.
final class FramePipelineTests: XCTestCase {
    /// Writes down every call a pipeline makes to its probe.
    struct Trail: FrameProbe {
        final class Calls { var list: [String] = [] }
        let calls = Calls()
        mutating func mark(_ boundary: Int) { calls.list.append("mark \(boundary)") }
        func closing(_ phase: FramePhase, of lane: Backend, start: Int) {
            calls.list.append("\(phase.rawValue) from \(start)")
        }
    }

    static func settings(_ workload: String, frames: Int = 30) -> RunSettings {
        RunSettings(
            workload: workload, frames: frames,
            workloadSettings: WorkloadSettings(size: Size(cols: 40, rows: 10), seed: 5, feedItems: 500),
            backend: .framebench, term: "xterm-256color", catalog: WorkloadFactory.catalog)
    }

    static func ours(_ settings: RunSettings, into sink: CaptureSink) throws -> FramePipeline<TerminalRendererStage> {
        let workload = try settings.makeWorkload()
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: settings.term))
        let stage = TerminalRendererStage(renderer: renderer, sink: sink, workload: workload)
        return FramePipeline(workload: workload, stage: stage, size: settings.size)
    }

    func testOurLaneMarksEachPhaseEndAndClosesEachPhaseInsideIt() throws {
        let pipeline = try Self.ours(Self.settings(PlainFeed.name), into: CaptureSink())
        var trail = Trail()
        try pipeline.frame(0, &trail)
        XCTAssertEqual(
            trail.calls.list,
            [
                "mark 0", "update from 0", "mark 1", "layout from 1", "mark 2", "diff from 2", "mark 3",
                "encode from 3", "mark 4", "write from 4", "mark 5",
            ])
    }

    func testTheNcursesLaneIsTheSameSequenceWithItsOwnRenderStage() throws {
        let settings = Self.settings(PlainFeed.name)
        let reference = try NcursesRenderer(term: settings.term, size: settings.size)
        defer { reference.close() }
        let pipeline = FramePipeline(
            workload: try settings.makeWorkload(), stage: NcursesStage(reference: reference, discardsPastLimit: false),
            size: settings.size)
        var trail = Trail()
        try pipeline.frame(0, &trail)
        XCTAssertEqual(
            trail.calls.list,
            ["mark 0", "update from 0", "mark 1", "layout from 1", "mark 2", "transfer from 2", "mark 3", "render from 3", "mark 4"])
        XCTAssertEqual(FramePhase.steps(of: .ncurses), [.update, .layout, .transfer, .render])
        XCTAssertGreaterThan(pipeline.stage.frameBytes, 0, "the first frame is a full repaint")
    }

    /// Scrolled rows reused (plain-feed), grids swapped (a scene), a grid
    /// drawn over (random-edits): the measuring probe changes no byte.
    func testTheMeasuredAndTheBareFrameWriteTheSameBytes() throws {
        for workload in [PlainFeed.name, "random-edits", "watcha-home"] {
            let settings = Self.settings(workload, frames: 12)
            let bare = CaptureSink()
            let measured = CaptureSink()
            let barePipeline = try Self.ours(settings, into: bare)
            let measuredPipeline = try Self.ours(settings, into: measured)
            for index in 0..<settings.frames {
                var none = NoProbe()
                try barePipeline.frame(index, &none)
                var marks = PhaseMarks()
                try measuredPipeline.frame(index, &marks)
                XCTAssertGreaterThanOrEqual(marks.clock(5), marks.clock(0))
                XCTAssertEqual(measuredPipeline.shownFrame.lines, barePipeline.shownFrame.lines, "\(workload) \(index)")
            }
            XCTAssertFalse(bare.bytes.isEmpty)
            XCTAssertEqual(measured.bytes, bare.bytes, workload)
        }
    }

    func testARecordingIsTheLanesFramesByteForByte() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = Self.settings("watcha-home", frames: 12)
        let outcome = try Recording.recordFrames(Recording.Options(settings: settings, directory: directory))
        let capture = CaptureSink()
        let pipeline = try Self.ours(settings, into: capture)
        try pipeline.stage.renderer.begin(to: capture)
        for index in 0..<settings.frames {
            var none = NoProbe()
            try pipeline.frame(index, &none)
        }
        let stream = try Data(contentsOf: directory.appendingPathComponent("stream.bin"))
        XCTAssertEqual(outcome.bytes, capture.bytes.count)
        XCTAssertEqual([UInt8](stream), capture.bytes)
    }

    func testARecordingIsOnlyWrittenToRegularFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("frames.jsonl").path, 0o600), 0)
        XCTAssertThrowsError(try ProgramRecording.checkDirectory(directory.path, replacing: true)) { error in
            XCTAssertTrue("\(error)".contains("--record: "), "\(error)")
            XCTAssertTrue("\(error)".contains("frames.jsonl is not a regular file"), "\(error)")
        }
    }
}
