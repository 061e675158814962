import FrameGrid
import TerminalOutput
import Workloads

/// The reference side of a run: the same workload draws into a grid, the
/// grid's changed rows are copied into ncurses' window (what an ncurses
/// application does), then `wnoutrefresh` + `doupdate` compute and write the
/// update into a disk-backed temporary file.
final class NcursesLane {
    static let stage = "wnoutrefresh+doupdate"

    let workload: Workload
    let reference: NcursesRenderer
    private var grid: Grid
    private var bytesBefore = 0
    private(set) var samples = FrameSamples()

    init(workload: Workload, settings: RunSettings) throws {
        self.workload = workload
        reference = try NcursesRenderer(term: settings.term, size: settings.size)
        grid = Grid(size: settings.size)
        samples.reserve(settings.frames)
    }

    func close() { reference.close() }

    /// Draws frame `index` and lets ncurses render it; records it when `measured`.
    @inline(never)
    func frame(_ index: Int, measured: Bool) throws {
        let start = MonotonicClock.now()
        let startAllocations = AllocationSnapshot.now()

        try InstructionCounter.phase(.update, lane: .ncurses) { try workload.update(frame: index) }
        let updated = MonotonicClock.now()
        let updatedAllocations = AllocationSnapshot.now()

        InstructionCounter.phase(.layout, lane: .ncurses) { workload.draw(frame: index, into: &grid) }
        let drawn = MonotonicClock.now()
        let drawnAllocations = AllocationSnapshot.now()

        InstructionCounter.phase(.transfer, lane: .ncurses) {
            if grid.size != reference.size { reference.resize(to: grid.size) }
            reference.transfer(grid)
        }
        let transferred = MonotonicClock.now()
        let transferredAllocations = AllocationSnapshot.now()

        InstructionCounter.phase(.refresh, lane: .ncurses) { reference.refresh() }
        let end = MonotonicClock.now()
        let endAllocations = AllocationSnapshot.now()

        // Outside the timed window: the byte count is an lseek.
        let written = reference.bytesWritten
        let bytes = written - bytesBefore
        bytesBefore = written
        if written > ScratchFile.limit {
            reference.discardWritten()
            bytesBefore = 0
        }
        guard measured else { return }
        samples.recordTimes(start: start, updated: updated, drawn: drawn, transferred: transferred, end: end)
        samples.record(.frame, endAllocations.since(startAllocations))
        samples.record(.render, endAllocations.since(transferredAllocations))
        samples.record(.update, updatedAllocations.since(startAllocations))
        samples.record(.layout, drawnAllocations.since(updatedAllocations))
        samples.record(.transfer, transferredAllocations.since(drawnAllocations))
        samples.append(Double(bytes), to: .bytes)
    }
}
