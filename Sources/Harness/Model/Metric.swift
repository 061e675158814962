/// Everything a run measures per frame, in one documented list.
///
/// Timing metrics are judged statistically (they vary from run to run);
/// deterministic ones (counts of allocations, bytes, cells) are the same on
/// every run of the same build and settings, and are compared exactly.
public enum Metric: String, CaseIterable, Codable, Sendable {
    /// The render stage compared between backends, ns: diff + encode for
    /// framebench, `doupdate` for ncurses.
    case frameTime = "frame_time_ns"
    /// The workload's state update for the frame, ns: what it will show
    /// (items fetched or generated, positions, animation progress).
    case updateTime = "update_ns"
    /// Laying the frame out and drawing it into the grid, ns; for ncurses
    /// also copying the grid into its window.
    case layoutTime = "layout_ns"
    /// framebench's render phases, ns.
    case diffTime = "diff_ns"
    case encodeTime = "encode_ns"
    case writeTime = "write_ns"
    /// Allocations (calls) and bytes allocated in the render stage (diff and encode).
    case allocations = "allocations_per_frame"
    case allocatedBytes = "allocated_bytes_per_frame"
    /// Allocations (calls) and bytes per phase.
    case updateAllocations = "update_allocations"
    case updateAllocatedBytes = "update_allocated_bytes"
    case layoutAllocations = "layout_allocations"
    case layoutAllocatedBytes = "layout_allocated_bytes"
    case diffAllocations = "diff_allocations"
    case diffAllocatedBytes = "diff_allocated_bytes"
    case encodeAllocations = "encode_allocations"
    case encodeAllocatedBytes = "encode_allocated_bytes"
    case writeAllocations = "write_allocations"
    case writeAllocatedBytes = "write_allocated_bytes"
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
        case .frameTime, .updateTime, .layoutTime, .diffTime, .encodeTime, .writeTime: return true
        default: return false
        }
    }

    /// Index into per-frame storage.
    public var index: Int { Metric.indexTable[self]! }
    private static let indexTable: [Metric: Int] = Dictionary(
        uniqueKeysWithValues: Metric.allCases.enumerated().map { ($1, $0) })

    /// The metrics an ncurses run has (its internals are not observable).
    public static let referenceMetrics: [Metric] = [
        .frameTime, .updateTime, .layoutTime, .allocations, .allocatedBytes, .updateAllocations, .updateAllocatedBytes,
        .layoutAllocations, .layoutAllocatedBytes, .bytes,
    ]
}
