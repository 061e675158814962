import FrameGrid

/// RGB colours reduced to a terminal's depth before, in a direct-mapped
/// table: the reduction searches the palette, and a screen of posters and
/// gradients asks for the same few colours cell after cell.
///
/// 256 slots, made once with the encoder, so a run allocates nothing.
struct ReducedColors {
    private static let slots = 256
    /// Per slot: the colour's bit pattern, or `empty`.
    private var keys = [UInt32](repeating: ReducedColors.empty, count: ReducedColors.slots)
    private var values = [Color](repeating: .default, count: ReducedColors.slots)
    /// No colour has this pattern: its kind byte is neither default, palette nor RGB.
    private static let empty: UInt32 = 0xFFFF_FFFF

    /// `color` as `depth` shows it (`depth.reduce`), from the table when asked before.
    @inline(__always)
    mutating func reduce(_ color: Color, to depth: ColorDepth) -> Color {
        // Default and palette colours reduce in a few instructions; RGB ones search.
        guard depth != .direct, color.bitPattern & 0xFF00_0000 == Color.rgb(0, 0, 0).bitPattern else {
            return depth.reduce(color)
        }
        let key = color.bitPattern
        // Mix the three channels so neighbouring shades land in different slots.
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 24)
        if keys[slot] == key { return values[slot] }
        let reduced = depth.reduce(color)
        keys[slot] = key
        values[slot] = reduced
        return reduced
    }
}
