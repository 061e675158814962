import CCallgrind

/// A renderer whose frames are counted in instructions: ours, or the ncurses
/// reference. Each lane has its own marker functions, so one counted child
/// can run both lanes interleaved and still count them apart.
public enum CountedLane: String, CaseIterable, Sendable, Comparable {
    case ours
    case ncurses

    /// The phases a frame of this lane runs through, in order.
    public var phases: [CountedPhase] {
        switch self {
        case .ours: [.update, .layout, .diff, .encode, .write]
        case .ncurses: [.update, .layout, .transfer, .refresh, .write]
        }
    }

    /// The lane that counts `backend`'s frames; nil for `.both`.
    public init?(_ backend: Backend) {
        switch backend {
        case .framebench: self = .ours
        case .ncurses: self = .ncurses
        case .both: return nil
        }
    }

    @usableFromInline
    var cValue: Int32 {
        switch self {
        case .ours: Int32(FB_LANE_OURS)
        case .ncurses: Int32(FB_LANE_NCURSES)
        }
    }

    public static func < (lhs: CountedLane, rhs: CountedLane) -> Bool { lhs.cValue < rhs.cValue }
}

/// One phase of a frame, as counted under callgrind.
///
/// Ours: update, layout, diff, encode, write. The ncurses lane: update,
/// layout, transfer (the grid copied into its window), refresh
/// (`wnoutrefresh` + `doupdate`), write (the flush). A frame's count is the
/// sum of its phases: code between phases is not counted.
public enum CountedPhase: String, CaseIterable, Sendable, Comparable {
    case update, layout, diff, encode, write, transfer, refresh

    @usableFromInline
    var cValue: Int32 {
        switch self {
        case .update: Int32(FB_PHASE_UPDATE)
        case .layout: Int32(FB_PHASE_LAYOUT)
        case .diff: Int32(FB_PHASE_DIFF)
        case .encode: Int32(FB_PHASE_ENCODE)
        case .write: Int32(FB_PHASE_WRITE)
        case .transfer: Int32(FB_PHASE_TRANSFER)
        case .refresh: Int32(FB_PHASE_REFRESH)
        }
    }

    public static func < (lhs: CountedPhase, rhs: CountedPhase) -> Bool { lhs.cValue < rhs.cValue }

    /// The C marker function that carries this phase's cost in callgrind's
    /// output, e.g. `fb_phase_ours_layout`.
    public func markerSymbol(lane: CountedLane) -> String {
        "fb_phase_\(lane.rawValue)_\(rawValue)"
    }
}
