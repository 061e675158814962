#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds from the monotonic clock (`CLOCK_MONOTONIC`), which the
/// frame pipeline's probes read. ProgramDriver, a layer below, reads the
/// same clock through its own `monotonicNanoseconds()`.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
