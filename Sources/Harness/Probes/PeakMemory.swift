#if canImport(Glibc)
import Glibc
#endif

/// The process's peak resident set size, from `getrusage`.
public enum PeakMemory {
    public static func residentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024  // Linux reports kilobytes
    }
}
