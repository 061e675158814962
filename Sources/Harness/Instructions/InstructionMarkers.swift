import CCallgrind

// Under callgrind each (lane, phase) pair runs through a C marker function of
// its own (see `CCallgrind.h`), so one counted child can run both lanes
// interleaved and still count them apart. The lanes are `Backend`'s and the
// phases `FramePhase`'s steps: the names results files use.

extension Backend {
    /// The lane's part of a marker symbol (`fb_phase_ours_layout`): the C
    /// functions were named before the lanes took `Backend`'s names.
    public var markerName: String {
        switch self {
        case .framebench: "ours"
        case .ncurses: "ncurses"
        case .both: "both"
        }
    }

    /// `.both` is out of the C target's range: a phase of it runs unmarked.
    @usableFromInline
    var cValue: Int32 {
        switch self {
        case .framebench: Int32(FB_LANE_OURS)
        case .ncurses: Int32(FB_LANE_NCURSES)
        case .both: Int32(FB_LANE_COUNT)
        }
    }
}

extension Backend: Comparable {
    public static func < (lhs: Backend, rhs: Backend) -> Bool { lhs.cValue < rhs.cValue }
}

extension FramePhase {
    /// The phase's part of a marker symbol: the ncurses lane's render step
    /// (`wnoutrefresh` + `doupdate`) is the C target's `refresh`.
    public var markerName: String {
        self == .render ? "refresh" : rawValue
    }

    /// `.frame` is a span, not a step: out of the C target's range, unmarked.
    @usableFromInline
    var cValue: Int32 {
        switch self {
        case .update: Int32(FB_PHASE_UPDATE)
        case .layout: Int32(FB_PHASE_LAYOUT)
        case .diff: Int32(FB_PHASE_DIFF)
        case .encode: Int32(FB_PHASE_ENCODE)
        case .write: Int32(FB_PHASE_WRITE)
        case .transfer: Int32(FB_PHASE_TRANSFER)
        case .render: Int32(FB_PHASE_REFRESH)
        case .frame: Int32(FB_PHASE_COUNT)
        }
    }

    /// The C marker function that carries this phase's cost in callgrind's
    /// output, e.g. `fb_phase_ours_layout`; nil for `.frame` and `.both`,
    /// which are never marked.
    public func markerSymbol(lane: Backend) -> String? {
        guard self != .frame, lane != .both else { return nil }
        return "fb_phase_\(lane.markerName)_\(markerName)"
    }
}

extension FramePhase: Comparable {
    public static func < (lhs: FramePhase, rhs: FramePhase) -> Bool { lhs.cValue < rhs.cValue }
}
