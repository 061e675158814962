import FrameGrid
import TerminalOutput
import Workloads

/// The reference side of a run: the same workload draws into a grid, the
/// grid's changed rows are copied into ncurses' window (what an ncurses
/// application does), then `wnoutrefresh` + `doupdate` compute and write the
/// update into a disk-backed temporary file (`FramePipeline` with
/// `NcursesStage`).
final class NcursesLane {
    static let stage = "wnoutrefresh+doupdate"

    private let pipeline: FramePipeline<NcursesStage>
    private(set) var samples = FrameSamples()

    init(workload: Workload, settings: RunSettings) throws {
        let reference = try NcursesRenderer(term: settings.term, size: settings.size)
        pipeline = FramePipeline(
            workload: workload, stage: NcursesStage(reference: reference, discardsPastLimit: true), size: settings.size)
        samples.reserve(settings.frames, budget: settings.frameBudgetNanoseconds)
    }

    func close() { pipeline.stage.reference.close() }

    /// Draws frame `index` and lets ncurses render it; records it when `measured`.
    @inline(never)
    func frame(_ index: Int, measured: Bool) throws {
        var marks = PhaseMarks()
        try pipeline.frame(index, &marks)
        guard measured else { return }
        pipeline.stage.record(marks, into: &samples)
    }
}
