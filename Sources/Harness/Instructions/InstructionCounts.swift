/// Instructions each counted phase executed, per lane, over the measured
/// frames of one counted child (the sum over frames, not per frame).
///
/// Built from a callgrind profile by taking each marker function's
/// inclusive cost minus its calls to other markers, so a phase nested in
/// another (which the markers already avoid) is never counted twice.
public struct InstructionCounts: Sendable, Equatable {
    /// Total instructions per lane and phase, over all measured frames.
    /// The number of measured frames is the child's to report: callgrind
    /// counts calls even while collection is off, so the profile's call
    /// counts include warm-up frames.
    public var totals: [Backend: [FramePhase: UInt64]]

    public init(totals: [Backend: [FramePhase: UInt64]]) {
        self.totals = totals
    }

    /// The counts in `profile`, for every marker it contains. Lanes and
    /// phases that never ran while collecting are absent.
    /// - Complexity: O(lanes x phases x callees of a marker).
    public init(profile: CallgrindProfile) {
        var markers: [String: (Backend, FramePhase)] = [:]
        for lane in Backend.both.members {
            for phase in FramePhase.allCases {
                if let symbol = phase.markerSymbol(lane: lane) { markers[symbol] = (lane, phase) }
            }
        }
        let markerNames = Set(markers.keys)
        var totals: [Backend: [FramePhase: UInt64]] = [:]
        for (name, (lane, phase)) in markers where profile.functions[name] != nil {
            totals[lane, default: [:]][phase] = profile.inclusiveInstructions(of: name, excludingCallsTo: markerNames)
        }
        self.init(totals: totals)
    }

    /// Instructions of `phase` in `lane` (0 when it never ran while collecting).
    public func count(_ phase: FramePhase, lane: Backend) -> UInt64 {
        totals[lane]?[phase] ?? 0
    }

    /// Total instructions of `lane`'s frames: the sum of its phases.
    public func frameTotal(_ lane: Backend) -> UInt64 {
        totals[lane]?.values.reduce(0, +) ?? 0
    }

    /// Mean instructions per frame of `phase` over `frames` measured frames.
    public func perFrame(_ phase: FramePhase, lane: Backend, frames: Int) -> Double {
        precondition(frames > 0, "per-frame counts need at least one measured frame")
        return Double(totals[lane]?[phase] ?? 0) / Double(frames)
    }

    /// Mean instructions per whole frame (all phases) over `frames` frames.
    public func perFrame(lane: Backend, frames: Int) -> Double {
        precondition(frames > 0, "per-frame counts need at least one measured frame")
        return Double(frameTotal(lane)) / Double(frames)
    }

    /// Both counts added, phase by phase (parts of one run).
    public func adding(_ other: InstructionCounts) -> InstructionCounts {
        var sum = totals
        for (lane, phases) in other.totals {
            for (phase, count) in phases { sum[lane, default: [:]][phase, default: 0] += count }
        }
        return InstructionCounts(totals: sum)
    }
}
