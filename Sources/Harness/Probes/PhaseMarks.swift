/// The measuring probe: a clock read and an allocation snapshot at the
/// frame's start and at the end of every phase (six boundaries at most:
/// start, update, layout and three render phases), and the injected
/// regression, if any, at the end of the phase it targets.
///
/// Held inline (no heap): a frame's probe is a value on the stack, made
/// anew for each frame.
public struct PhaseMarks: FrameProbe {
    private var clocks = InlineArray<6, UInt64>(repeating: 0)
    private var snapshots = InlineArray<6, AllocationSnapshot>(
        repeating: AllocationSnapshot(allocations: 0, bytes: 0))
    private let injection: RegressionInjection

    public init(injection: RegressionInjection = RegressionInjection()) {
        self.injection = injection
    }

    @inline(__always)
    public mutating func mark(_ boundary: Int) {
        clocks[boundary] = MonotonicClock.now()
        snapshots[boundary] = AllocationSnapshot.now()
    }

    /// The injected regression is our lane's only: the ncurses lane's
    /// phases get nothing inside them (`lane` is a constant where this is
    /// inlined, so the test costs nothing).
    @inline(__always)
    public func closing(_ phase: FramePhase, of lane: Backend, start: Int) {
        if lane == .framebench { injection.apply(in: phase, since: clocks[start]) }
    }

    /// The clock at `boundary`, ns.
    public func clock(_ boundary: Int) -> UInt64 { clocks[boundary] }

    /// Nanoseconds between two boundaries.
    public func nanoseconds(_ from: Int, _ to: Int) -> UInt64 { clocks[to] - clocks[from] }

    /// Allocations between two boundaries.
    public func allocated(_ from: Int, _ to: Int) -> (allocations: UInt64, bytes: UInt64) {
        snapshots[to].since(snapshots[from])
    }
}
