/// Everything a run measures per frame, in one documented list.
///
/// Timing metrics are judged statistically (they vary from run to run);
/// deterministic ones (counts of allocations, bytes, cells) are the same on
/// every run of the same build and settings, and are compared exactly.
public enum Metric: String, CaseIterable, Codable, Sendable {
    /// The render stage compared between backends, ns: diff + encode for
    /// framebench, `doupdate` for ncurses.
    case frameTime = "frame_time_ns"
    /// Producing the frame, ns: the workload's state update, layout and
    /// drawing into the grid (one phase until the layout engine's scenes
    /// separate them); for ncurses also copying the frame into its window.
    case produceTime = "produce_ns"
    /// framebench's phases, ns.
    case diffTime = "diff_ns"
    case encodeTime = "encode_ns"
    case writeTime = "write_ns"
    /// Allocations (calls) in the render stage.
    case allocations = "allocations_per_frame"
    /// Bytes allocated in the render stage.
    case allocatedBytes = "allocated_bytes_per_frame"
    /// Allocations (calls) while producing the frame.
    case produceAllocations = "produce_allocations_per_frame"
    /// Bytes sent to the terminal.
    case bytes = "bytes_per_frame"
    /// Cells painted, rows with painted cells, dirty rectangles.
    case dirtyCells = "dirty_cells_per_frame"
    case dirtyRows = "dirty_rows_per_frame"
    case dirtyRects = "dirty_rects_per_frame"
    /// Terminal scroll operations (scroll-region moves) used.
    case scrollOperations = "scroll_operations_per_frame"

    /// Varies between runs of the same build; judged by a significance test.
    public var isTiming: Bool {
        switch self {
        case .frameTime, .produceTime, .diffTime, .encodeTime, .writeTime: return true
        default: return false
        }
    }

    /// Index into per-frame storage.
    public var index: Int { Metric.indexTable[self]! }
    private static let indexTable: [Metric: Int] = Dictionary(
        uniqueKeysWithValues: Metric.allCases.enumerated().map { ($1, $0) })

    /// The metrics an ncurses run has (its internals are not observable).
    public static let referenceMetrics: [Metric] = [.frameTime, .produceTime, .allocations, .bytes]
}
