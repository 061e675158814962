import CAllocationCounter

/// Reads the calling thread's allocation counters (see `CAllocationCounter`).
/// Reading allocates nothing, so a probe around a phase counts only that phase.
public struct AllocationSnapshot: Sendable {
    public let allocations: UInt64
    public let bytes: UInt64

    @inline(__always)
    public static func now() -> AllocationSnapshot {
        let counts = fb_allocation_counts_now()
        return AllocationSnapshot(allocations: counts.allocations, bytes: counts.allocated_bytes)
    }

    /// Allocations made since `earlier`.
    @inline(__always)
    public func since(_ earlier: AllocationSnapshot) -> (allocations: UInt64, bytes: UInt64) {
        (allocations &- earlier.allocations, bytes &- earlier.bytes)
    }

    /// Whether the counting allocator is linked into this process.
    public static var isCounting: Bool { fb_allocation_counter_active() != 0 }
}
