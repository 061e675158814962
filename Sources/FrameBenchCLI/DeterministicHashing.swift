#if canImport(Glibc)
import Harness
import Glibc
#endif

/// Swift seeds its hash tables anew in every process (and, in each process,
/// per table from its address), so the order a dictionary or set is walked
/// in changes from run to run. Caches that evict in that order then miss, and
/// allocate, a different number of times: allocation counts that must match
/// exactly between a baseline and a candidate would differ by a few. The
/// runtime reads `SWIFT_DETERMINISTIC_HASHING` only when a process starts, so
/// `framebench` starts itself again with it set. Nothing of framebench's
/// hashes untrusted keys chosen to collide, so the fixed seed costs nothing.
public enum DeterministicHashing {
    public static let variable = "SWIFT_DETERMINISTIC_HASHING"

    /// Re-executes this program with the variable set, unless it is set
    /// already; if `execv` fails the process goes on with its own seed.
    public static func ensure() {
        if let value = getenv(variable), String(cString: value) == "1" { return }
        // The executable's real path, not /proc/self/exe: the new image
        // takes its process name from the path, and tools find framebench by
        // that name (pgrep, ps, the live check).
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return }
        setenv(variable, "1", 1)
        _ = execv(buffer, CommandLine.unsafeArgv)
        unsetenv(variable)
    }
}
