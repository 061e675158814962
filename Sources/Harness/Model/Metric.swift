/// Everything a run measures per frame, in one documented list: the metric
/// contract of results schema 2.
///
/// A frame is everything between input and bytes written: the workload's
/// state update, layout (views laid out and drawn into the cell grid), then
/// the render stage (diff + encode for framebench; for the ncurses lane,
/// the grid copied into its window and `wnoutrefresh` + `doupdate`), then the
/// write. Both lanes write into the same kind of file, a disk-backed
/// temporary file, so neither is timed with cheaper I/O than the other.
///
/// - `frame_time_ns` is the whole frame, taken with one clock pair around it
///   (never a sum of percentiles): the number budgets, hitch ratio, late
///   streak and histogram use.
/// - `render_ns` is the render stage alone (what schema 1 called
///   `frame_time_ns`).
/// - The phases (`update_ns`, `layout_ns`, `transfer_ns`, `diff_ns`,
///   `encode_ns`, `write_ns`) add up to the frame, less the probes' own
///   reads between them.
/// - `allocations_per_frame` / `allocated_bytes_per_frame` count the whole
///   frame; `render_allocations` the render stage; each phase has its own.
/// - `instructions_per_frame` and `<phase>_instructions` are callgrind's
///   instruction counts (mean per measured frame), present when a run was
///   made with `--measure instructions`.
///
/// Timing metrics vary from run to run and are judged statistically;
/// counts (allocations, bytes, cells) are the same on every run of the same
/// build and frames and are compared exactly; instruction counts are
/// deterministic too and compared within a stated tolerance.
public enum Metric: String, CaseIterable, Codable, Sendable {
    /// The whole frame, ns: update + layout + render stage + write.
    case frameTime = "frame_time_ns"
    /// The render stage, ns: diff + encode (framebench), or `wnoutrefresh` +
    /// `doupdate` (ncurses; it writes inside `doupdate`, so its render stage
    /// holds its I/O, which framebench times apart as `write_ns`).
    case renderTime = "render_ns"
    /// The workload's state update, ns: what the frame will show (items
    /// fetched or generated, positions, animation progress).
    case updateTime = "update_ns"
    /// Laying the frame out and drawing it into the grid, ns.
    case layoutTime = "layout_ns"
    /// ncurses lane: copying the grid's changed rows into ncurses' window, ns.
    case transferTime = "transfer_ns"
    /// framebench's render phases, ns.
    case diffTime = "diff_ns"
    case encodeTime = "encode_ns"
    /// framebench: handing the frame's bytes to the file, ns.
    case writeTime = "write_ns"

    /// Allocations (calls) and bytes allocated over the whole frame.
    case allocations = "allocations_per_frame"
    case allocatedBytes = "allocated_bytes_per_frame"
    /// Allocations (calls) and bytes allocated in the render stage.
    case renderAllocations = "render_allocations"
    case renderAllocatedBytes = "render_allocated_bytes"
    /// Allocations (calls) and bytes per phase.
    case updateAllocations = "update_allocations"
    case updateAllocatedBytes = "update_allocated_bytes"
    case layoutAllocations = "layout_allocations"
    case layoutAllocatedBytes = "layout_allocated_bytes"
    case transferAllocations = "transfer_allocations"
    case transferAllocatedBytes = "transfer_allocated_bytes"
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

    /// Instructions (callgrind's Ir) per measured frame: the whole frame and
    /// each phase. Means over the measured frames.
    case instructions = "instructions_per_frame"
    case renderInstructions = "render_instructions"
    case updateInstructions = "update_instructions"
    case layoutInstructions = "layout_instructions"
    case transferInstructions = "transfer_instructions"
    case diffInstructions = "diff_instructions"
    case encodeInstructions = "encode_instructions"
    case writeInstructions = "write_instructions"

    /// How a metric is measured, and so how it is compared.
    public enum Kind: String, Sendable {
        /// Wall-clock time: varies between runs; judged by significance tests.
        case timing
        /// Allocations: exact counts from the allocation counter.
        case allocation
        /// Output counts (bytes, cells, rects, scroll moves): exact.
        case output
        /// Instruction counts under callgrind: deterministic for one build.
        case instructions
    }

    public var kind: Kind {
        switch self {
        case .frameTime, .renderTime, .updateTime, .layoutTime, .transferTime, .diffTime, .encodeTime, .writeTime:
            return .timing
        case .allocations, .allocatedBytes, .renderAllocations, .renderAllocatedBytes, .updateAllocations,
            .updateAllocatedBytes, .layoutAllocations, .layoutAllocatedBytes, .transferAllocations,
            .transferAllocatedBytes, .diffAllocations, .diffAllocatedBytes, .encodeAllocations, .encodeAllocatedBytes,
            .writeAllocations, .writeAllocatedBytes:
            return .allocation
        case .bytes, .dirtyCells, .dirtyRows, .dirtyRects, .scrollOperations:
            return .output
        case .instructions, .renderInstructions, .updateInstructions, .layoutInstructions, .transferInstructions,
            .diffInstructions, .encodeInstructions, .writeInstructions:
            return .instructions
        }
    }

    /// Varies between runs of the same build; judged by a significance test.
    public var isTiming: Bool { kind == .timing }

    /// The unit of the metric's values, for reports and exports.
    public var unit: String {
        switch self {
        case .allocatedBytes, .renderAllocatedBytes, .updateAllocatedBytes, .layoutAllocatedBytes, .transferAllocatedBytes,
            .diffAllocatedBytes, .encodeAllocatedBytes, .writeAllocatedBytes, .bytes:
            return "bytes"
        default:
            switch kind {
            case .timing: return "ns"
            case .allocation: return "allocations"
            case .instructions: return "instructions"
            case .output:
                switch self {
                case .dirtyCells: return "cells"
                case .dirtyRows: return "rows"
                case .dirtyRects: return "rects"
                default: return "moves"
                }
            }
        }
    }

    /// The phase of the frame a metric belongs to (the whole frame for the
    /// totals, nil for output counts, which belong to the frame's result).
    public var phase: FramePhase? {
        switch self {
        case .frameTime, .allocations, .allocatedBytes, .instructions: return .frame
        case .renderTime, .renderAllocations, .renderAllocatedBytes, .renderInstructions: return .render
        case .updateTime, .updateAllocations, .updateAllocatedBytes, .updateInstructions: return .update
        case .layoutTime, .layoutAllocations, .layoutAllocatedBytes, .layoutInstructions: return .layout
        case .transferTime, .transferAllocations, .transferAllocatedBytes, .transferInstructions: return .transfer
        case .diffTime, .diffAllocations, .diffAllocatedBytes, .diffInstructions: return .diff
        case .encodeTime, .encodeAllocations, .encodeAllocatedBytes, .encodeInstructions: return .encode
        case .writeTime, .writeAllocations, .writeAllocatedBytes, .writeInstructions: return .write
        case .bytes, .dirtyCells, .dirtyRows, .dirtyRects, .scrollOperations: return nil
        }
    }

    /// Index into per-frame storage: the metric's place in `allCases`. A
    /// case without a payload is stored as its place in the declaration,
    /// which is `allCases`' order, so this reads the one-byte tag.
    /// (A dictionary keyed by `Metric` hashed the raw string on every
    /// lookup: about 20k instructions a frame just to record its samples,
    /// more than a median frame's layout, between the measured frames.)
    /// `MetricKeysTests` checks the two orders agree for every case.
    @inline(__always)
    public var index: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The time metric of a phase.
    public static func time(of phase: FramePhase) -> Metric {
        switch phase {
        case .frame: return .frameTime
        case .render: return .renderTime
        case .update: return .updateTime
        case .layout: return .layoutTime
        case .transfer: return .transferTime
        case .diff: return .diffTime
        case .encode: return .encodeTime
        case .write: return .writeTime
        }
    }

    /// The instruction metric of a phase.
    public static func instructions(of phase: FramePhase) -> Metric {
        switch phase {
        case .frame: return .instructions
        case .render: return .renderInstructions
        case .update: return .updateInstructions
        case .layout: return .layoutInstructions
        case .transfer: return .transferInstructions
        case .diff: return .diffInstructions
        case .encode: return .encodeInstructions
        case .write: return .writeInstructions
        }
    }

    /// The allocation-count and allocated-bytes metrics of a phase.
    public static func allocations(of phase: FramePhase) -> (count: Metric, bytes: Metric) {
        switch phase {
        case .frame: return (.allocations, .allocatedBytes)
        case .render: return (.renderAllocations, .renderAllocatedBytes)
        case .update: return (.updateAllocations, .updateAllocatedBytes)
        case .layout: return (.layoutAllocations, .layoutAllocatedBytes)
        case .transfer: return (.transferAllocations, .transferAllocatedBytes)
        case .diff: return (.diffAllocations, .diffAllocatedBytes)
        case .encode: return (.encodeAllocations, .encodeAllocatedBytes)
        case .write: return (.writeAllocations, .writeAllocatedBytes)
        }
    }
}
