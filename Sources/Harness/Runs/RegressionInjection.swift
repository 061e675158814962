/// A deliberate regression inside one phase of every measured framebench
/// frame, for proving that the gate catches one: tests, `scripts/gate-power.sh`
/// and the hidden options `--inject-phase`, `--inject-slowdown`,
/// `--inject-work`, `--inject-allocations` and `--inject-delay-ns`
/// (documented in docs/statistics.md under "Proving the gate").
///
/// The extra work runs at the end of its phase, inside that phase's timed
/// window, so it shows in that phase's metrics and in the whole frame.
public struct RegressionInjection: Sendable, Equatable {
    /// The phase that gets slower: update, layout, diff, encode or write.
    public var phase: FramePhase = .encode
    /// Heap allocations added per frame.
    public var allocationsPerFrame = 0
    /// Busy-waiting added per frame, ns.
    public var delayNanoseconds = 0
    /// Busy-waiting for this fraction of the phase's own time in the same
    /// frame (0.1: the phase takes 10% longer), a slowdown in proportion.
    public var slowdown = 0.0
    /// Iterations of a fixed arithmetic loop per frame: a slowdown in
    /// instructions, the same on every run (a deterministic regression).
    public var workIterations = 0

    public init(
        phase: FramePhase = .encode, allocationsPerFrame: Int = 0, delayNanoseconds: Int = 0, slowdown: Double = 0,
        workIterations: Int = 0
    ) {
        self.phase = phase
        self.allocationsPerFrame = allocationsPerFrame
        self.delayNanoseconds = delayNanoseconds
        self.slowdown = slowdown
        self.workIterations = workIterations
    }

    public var isActive: Bool { allocationsPerFrame > 0 || delayNanoseconds > 0 || slowdown > 0 || workIterations > 0 }

    /// Applies the injection if it targets `phase`, which began at `phaseStart`.
    @inline(__always)
    func apply(in phase: FramePhase, since phaseStart: UInt64) {
        guard isActive, phase == self.phase else { return }
        inject(since: phaseStart)
    }

    @inline(never)
    private func inject(since phaseStart: UInt64) {
        let elapsed = MonotonicClock.now() &- phaseStart
        for _ in 0..<allocationsPerFrame {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            buffer.deallocate()
        }
        if workIterations > 0 { RegressionInjection.spin(workIterations) }
        var delay = UInt64(delayNanoseconds)
        if slowdown > 0 { delay += UInt64(Double(elapsed) * slowdown) }
        if delay > 0 {
            let end = MonotonicClock.now() &+ delay
            while MonotonicClock.now() < end {}
        }
    }

    /// A loop the optimiser cannot remove: a linear congruential sequence
    /// whose result is kept.
    @inline(never)
    static func spin(_ iterations: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<iterations { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        sink = state
    }
    nonisolated(unsafe) private static var sink: UInt64 = 0
}
