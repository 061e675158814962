import FrameGrid

/// The nodes a host's last whole drawing presented part way through their
/// frame animations, among those whose drawing reads their presented frame
/// (`ViewNode.drawsAtPresentedFrame`), with the context each was drawn in:
/// what a frame in which only the clock moved must draw again
/// (`ViewHost.draw`).
///
/// A node's cells depend on the clock only through presented frames
/// (`ViewNode.presentedFrame(at:)`): its own, when it writes cells at it,
/// and a scroll view's above it, which clips to it. Every other input of
/// drawing is a frame, an animation, a visibility or a view value, and a
/// change to any of them counts in `DrawInvalidation.changes`. So while
/// that count stays the same, the rows that can differ from the last frame
/// drawn are the rows these nodes wrote then and write now (a scroll view:
/// its whole frame), counting only those whose drawing differs between
/// the two times (a spring settling within a cell draws the same cells for
/// its last frames). The rest of the screen is the last frame's.
///
/// Filled while a host draws its whole tree (`record`), read on the frames
/// after (`addRows`), and checked while such a frame draws only those rows
/// (`verify`): every node whose rows are drawn again must be met again, or
/// the host draws the whole tree after all (a node a lazy stack passed over
/// because its row lies outside the rows drawn, though the node draws into
/// them). Holds at most `capacity` nodes, room made with the host, so
/// recording never allocates; a drawing that moves more is not recorded.
final class MovingNodes {
    /// Not retained: read only while the tree is the one recorded
    /// (`isCurrent`), which holds them. `frame`: the node's presented frame
    /// in the last frame drawn (so each frame works out its animation once).
    @exclusivity(unchecked) private var entries: [(node: Unmanaged<ViewNode>, context: RenderContext, frame: FrameRect)] =
        []
    /// More nodes moved than `capacity` in the last recording.
    @exclusivity(unchecked) private var overflowed = true
    /// `RowSetChanges.count` after the recording.
    @exclusivity(unchecked) private var rowSets: UInt64 = 0
    /// The recording's time.
    @exclusivity(unchecked) private var recordedAt = 0.0
    /// Entries (bit i: entry i) whose rows `addRows` added, and those met while verifying.
    @exclusivity(unchecked) private var needed: UInt64 = 0
    @exclusivity(unchecked) private var met: UInt64 = 0

    /// The most nodes recorded (one bit each in `needed`); more and the frames are drawn whole.
    static let capacity = 64

    init() {
        entries.reserveCapacity(MovingNodes.capacity)
    }

    /// Whether the last recording holds every node that moved, and its
    /// nodes are still in the tree: the caller knows no view update, frame
    /// or animation changed since (`DrawInvalidation.changes`), and no lazy
    /// stack built, let go of or pinned a row (`RowSetChanges`).
    var isCurrent: Bool { !overflowed && rowSets == RowSetChanges.count }

    /// Runs `body`, a whole drawing at `time`, noting its moving nodes;
    /// when no animation of the tree runs past `time` (`animationEnd`),
    /// none can move and nothing is looked for.
    func record(at time: Double, animationEnd: Double, _ body: () -> Void) {
        entries.removeAll(keepingCapacity: true)
        overflowed = false
        recordedAt = time
        if animationEnd > time {
            MovingNodes.noting(at: time, into: self, body)
        } else {
            body()
        }
        rowSets = RowSetChanges.count
    }

    /// Adds the rows the recorded nodes wrote in the last frame drawn or
    /// write at `now`, of those whose drawing differs between the two, and
    /// keeps their frames at `now` as the last drawn: the caller draws
    /// `now` next, those rows alone or (recording again) the whole tree.
    func addRows(to drawn: inout DrawnRows, at now: Double) {
        needed = 0
        for index in entries.indices {
            let node = entries[index].node.takeUnretainedValue()
            let then = entries[index].frame
            let frame = node.presentedFrame(at: now)
            entries[index].frame = frame
            guard !node.drawsTheSame(presentedAt: then, and: frame) else { continue }
            node.addDrawnRows(presentedAt: then, to: &drawn, entries[index].context)
            node.addDrawnRows(presentedAt: frame, to: &drawn, entries[index].context)
            needed |= 1 << UInt64(index)
        }
    }

    /// Runs `body`, a drawing of some rows only, and says whether it met
    /// every node whose rows the last `addRows` added.
    func verify(_ body: () -> Void) -> Bool {
        met = 0
        MovingNodes.noting(at: recordedAt, into: self, verifying: true, body)
        return met & needed == needed
    }

    // MARK: The drawing under way

    /// Nodes whose animations end after this are noted (`ViewNode.render`):
    /// the recording's time while a drawing notes, infinity otherwise.
    @exclusivity(unchecked) nonisolated(unsafe) static var endsAfter = Double.infinity
    /// The record being filled or checked.
    @exclusivity(unchecked) nonisolated(unsafe) private static var target: Unmanaged<MovingNodes>?
    @exclusivity(unchecked) nonisolated(unsafe) private static var isVerifying = false

    /// Runs `body` noting the nodes whose animations end after `time` in `record`.
    private static func noting(at time: Double, into record: MovingNodes, verifying: Bool = false, _ body: () -> Void) {
        let saved = (endsAfter, target, isVerifying)
        endsAfter = time
        target = Unmanaged.passUnretained(record)
        isVerifying = verifying
        body()
        (endsAfter, target, isVerifying) = saved
    }

    /// `node`, whose animation ends after `endsAfter` and whose drawing
    /// reads its presented frame, is drawn in `context`.
    @inline(never)
    static func note(_ node: ViewNode, _ context: RenderContext) {
        guard let record = target?.takeUnretainedValue() else { return }
        if isVerifying {
            let noted = Unmanaged.passUnretained(node).toOpaque()
            if let index = record.entries.firstIndex(where: { $0.node.toOpaque() == noted }) {
                record.met |= 1 << UInt64(index)
            }
            return
        }
        if record.entries.count == capacity {
            record.overflowed = true
            return
        }
        record.entries.append((Unmanaged.passUnretained(node), context, node.presentedFrame(at: context.time)))
    }
}
