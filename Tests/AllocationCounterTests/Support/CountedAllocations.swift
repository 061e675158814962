import CAllocationCounter

/// What the calling thread allocated while `body` ran.
struct CountedAllocations: Equatable {
    var calls: UInt64
    var bytes: UInt64
    var frees: UInt64

    init(_ body: () -> Void) {
        let before = fb_allocation_counts_now()
        body()
        let after = fb_allocation_counts_now()
        calls = after.allocations - before.allocations
        bytes = after.allocated_bytes - before.allocated_bytes
        frees = after.frees - before.frees
    }
}

/// `pointer`, out of the optimizer's sight: a release build would otherwise
/// drop a malloc whose block is only freed, and the call a test counts with it.
@_optimize(none)
func opaque(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    pointer
}

/// A small deterministic generator (SplitMix64), so tests perturb the heap
/// the same way on every run of the suite.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
