/// How fast this machine runs a fixed piece of integer arithmetic at one
/// moment: the shootout takes a reading before every run, so its report
/// says how far the machine itself moved while the peers were measured.
///
/// On a shared virtual machine the same code runs at different speeds in
/// stretches of a fraction of a second to seconds, with nothing of the
/// user's running and nothing in the load average or the steal time: a
/// neighbour on the host. Measured on the 2-core AMD EPYC VM the shootout's
/// figures come from (docs/shootout.md), a fixed Python loop took 28 to 58
/// ms (82 of 270 readings over 47 minutes above 40 ms, idle machine), and
/// this probe 4.08 to 6.81 ms over one shootout's 96 runs. A peer's latency
/// moves with it; the report puts the probe's rounds beside the peers'.
public enum MachineProbe {
    /// Iterations of the loop: about 4 ms on one core of that machine.
    public static let iterations = 5_000_000

    /// The fastest of `repeats` back-to-back runs of the loop, ns: one run
    /// preempted is not the machine's speed, while a slow stretch of the
    /// machine spans them all.
    public static func reading(repeats: Int = 3) -> Double {
        var best = UInt64.max
        var sink: UInt64 = 0
        for index in 0..<max(1, repeats) {
            let start = MonotonicClock.now()
            sink ^= work(iterations, seed: UInt64(index + 1))
            best = min(best, MonotonicClock.now() - start)
        }
        keep(sink)
        return Double(best)
    }

    /// Four integer chains, each feeding the next: nothing an optimiser can
    /// fold into a formula or vectorise, so its time is the core's.
    @inline(never)
    static func work(_ count: Int, seed: UInt64) -> UInt64 {
        var a = seed
        var b = seed &* 3 &+ 1
        var c = seed ^ 0x9E37
        var d: UInt64 = 7
        var index: UInt64 = 0
        let end = UInt64(max(0, count))
        while index < end {
            a = a &+ (b ^ index)
            b = (b << 7 | b >> 57) ^ c
            c = c &+ d &* 3
            d ^= a >> 11
            index &+= 1
        }
        return a ^ b ^ c ^ d
    }

    /// Uses `value`, so the loop's result is not thrown away.
    @inline(never)
    static func keep(_ value: UInt64) {
        if value == 0x1234_5678_9ABC_DEF0 { print("", terminator: "") }
    }
}
