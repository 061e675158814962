/// The closed loop's extra delay before each input: uniform over a range,
/// from a seeded generator (SplitMix64), so a run is repeatable and a
/// renderer on a timer is sampled over its whole tick rather than at the
/// one phase a constant spacing would lock onto (issue 31: Bubble Tea's
/// p50 went 13.4 / 8.4 / 3.3 ms at gaps of 20 / 25 / 30 ms).
struct SeededSpacing {
    let range: ClosedRange<UInt64>
    private var state: UInt64

    init(range: ClosedRange<UInt64>, seed: UInt64) {
        self.range = range
        state = seed
    }

    /// The next delay, ns, within `range`.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        let width = range.upperBound - range.lowerBound
        guard width > 0 else { return range.lowerBound }
        return range.lowerBound + value % (width &+ 1 == 0 ? width : width + 1)
    }
}
