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

    /// The process's involuntary context switches so far: a jump with one in
    /// it waited for the processor (a shared machine's ~4 ms outlier).
    static func involuntarySwitches() -> Int { InvoluntarySwitches.now() }
}

/// Durations in nanoseconds: their `Summary` and how many there were.
@dynamicMemberLookup
struct DurationSummary {
    let summary: Summary
    let count: Int

    init(nanoseconds samples: [UInt64]) {
        // `map(Double.init)` on UInt64 picks `Double(bitPattern:)`: every
        // duration read as a denormal, and every line said 0.0 us.
        summary = Summary(samples.map { Double($0) })
        count = samples.count
    }

    subscript(dynamicMember statistic: KeyPath<Summary, Double>) -> Double { summary[keyPath: statistic] }

    /// "p50 12.3 µs  p90 ...", in microseconds.
    var microsecondsLine: String {
        "p50 \(Self.micro(summary.p50))  p90 \(Self.micro(summary.p90))  p99 \(Self.micro(summary.p99))  max \(Self.micro(summary.max))  (n=\(count))"
    }

    static func micro(_ nanoseconds: Double) -> String { Units.number(nanoseconds / 1000, digits: 1) + " µs" }
}
