import CAllocationCounter
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Clock, allocation and memory probes, and percentiles.
enum Probe {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    @inline(__always)
    static func allocations() -> UInt64 { fb_allocation_counts_now().allocations }

    /// Peak resident set size of the process, in KiB.
    static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// Current resident set size, in KiB (from /proc/self/statm; -1 when unreadable).
    static func residentKiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}

/// Percentiles of a sample of durations (nanoseconds).
struct Percentiles {
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double

    init(_ samples: [UInt64]) {
        let sorted = samples.sorted()
        count = sorted.count
        func at(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
            return Double(sorted[index])
        }
        p50 = at(0.5)
        p90 = at(0.9)
        p99 = at(0.99)
        max = at(1)
    }

    /// "p50 12.3 µs  p90 ...", in microseconds.
    var line: String {
        "p50 \(Percentiles.micro(p50))  p90 \(Percentiles.micro(p90))  p99 \(Percentiles.micro(p99))  max \(Percentiles.micro(max))  (n=\(count))"
    }

    static func micro(_ nanoseconds: Double) -> String { format(nanoseconds / 1000, digits: 1) + " µs" }

    static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}
