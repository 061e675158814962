import FrameGrid
import TerminalOutput

/// The ncurses lane's render stage: the grid's changed rows are copied into
/// ncurses' window (what an ncurses application does), then `wnoutrefresh`
/// + `doupdate` compute the update and write it into ncurses' file.
final class NcursesStage: RenderStage {
    public static var lane: Backend { .ncurses }

    let reference: NcursesRenderer
    /// Whether the file is emptied past `ScratchFile.limit` (a long run), or
    /// keeps every byte (a recording).
    private let discardsPastLimit: Bool
    private var bytesBefore = 0
    @exclusivity(unchecked) public private(set) var frameBytes = 0

    init(reference: NcursesRenderer, discardsPastLimit: Bool) {
        self.reference = reference
        self.discardsPastLimit = discardsPastLimit
    }

    @inline(__always)
    public func render<Probe: FrameProbe>(in pipeline: FramePipeline<NcursesStage>, _ probe: inout Probe) throws {
        InstructionCounter.phase(.transfer, lane: .ncurses) {
            if pipeline.canvas.size != reference.size { reference.resize(to: pipeline.canvas.size) }
            reference.transfer(pipeline.canvas)
            probe.closing(.transfer, of: .ncurses, start: 2)
        }
        probe.mark(3)
        InstructionCounter.phase(.render, lane: .ncurses) {
            reference.refresh()
            probe.closing(.render, of: .ncurses, start: 3)
        }
        probe.mark(4)
    }

    /// The byte count is an `lseek`: read here, outside the timed window.
    @inline(__always)
    public func finishFrame() {
        let written = reference.bytesWritten
        frameBytes = written - bytesBefore
        bytesBefore = written
        if discardsPastLimit && written > ScratchFile.limit {
            reference.discardWritten()
            bytesBefore = 0
        }
    }

    public func shownFrame(drawnInto grid: Grid) -> Grid { grid }

    public func record(_ marks: PhaseMarks, into samples: inout FrameSamples) {
        samples.recordTimes(
            start: marks.clock(0), updated: marks.clock(1), drawn: marks.clock(2), transferred: marks.clock(3),
            end: marks.clock(4))
        samples.record(.frame, marks.allocated(0, 4))
        samples.record(.render, marks.allocated(3, 4))
        samples.record(.update, marks.allocated(0, 1))
        samples.record(.layout, marks.allocated(1, 2))
        samples.record(.transfer, marks.allocated(2, 3))
        samples.append(Double(frameBytes), to: .bytes)
    }
}
