import Harness

/// Probes and statistics come from the measurement library (`MonotonicClock`,
/// `AllocationSnapshot`, `ResidentMemory`, `PeakMemory`, `Summary`); this
/// file only prints them the way layout-bench always has.
enum Probe {
    @inline(__always)
    static func nanoseconds() -> UInt64 { MonotonicClock.now() }

    @inline(__always)
    static func allocations() -> UInt64 { AllocationSnapshot.now().allocations }

    /// Peak resident set size of the process, in KiB.
    static func peakResidentKiB() -> Int { PeakMemory.residentBytes() / 1024 }

    /// Current resident set size, in KiB (-1 when unreadable).
    static func residentKiB() -> Int { ResidentMemory.currentBytes().map { $0 / 1024 } ?? -1 }
}

extension Summary {
    /// A summary of durations in nanoseconds.
    init(nanoseconds samples: [UInt64]) { self.init(samples.map(Double.init)) }

    /// "p50 12.3 µs  p90 ...", in microseconds.
    var microsecondsLine: String {
        "p50 \(Summary.micro(p50))  p90 \(Summary.micro(p90))  p99 \(Summary.micro(p99))  max \(Summary.micro(max))  (n=\(count))"
    }

    static func micro(_ nanoseconds: Double) -> String { Units.number(nanoseconds / 1000, digits: 1) + " µs" }
}
