import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The process's resident set size now (`PeakMemory` has the high-water mark).
public enum ResidentMemory {
    /// Resident bytes from `/proc/self/statm`; nil where it cannot be read.
    public static func currentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
