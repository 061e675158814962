/// The bytes of `setaf` and `setab` for each of the 256 palette entries,
/// worked out by the terminfo stack machine the first time an entry is used
/// and copied from here after that.
///
/// An evaluation depends on its parameters alone (each `write` starts with
/// zeroed variables), so the bytes for an index never change. One fixed
/// block, made with the encoder, holds every entry: filling it later never
/// allocates, so frames that meet a colour for the first time stay
/// allocation-free.
struct PaletteSequences {
    /// Longest sequence kept; longer ones (none in common terminfo) are evaluated each time.
    static let entryCapacity = 15
    private static let entryStride = entryCapacity + 1
    private static let unknown: UInt8 = 0
    private static let tooLong: UInt8 = 0xFF

    /// Per entry (foreground 0..<256, then background): a length byte (0:
    /// not evaluated yet; 0xFF: too long to keep), then the bytes.
    private var table = [UInt8](repeating: 0, count: 512 * entryStride)

    /// Appends `capability`'s output for palette `index` to `out`; `background` picks `setab`'s half.
    mutating func write(
        _ capability: ParameterizedString, index: UInt8, background: Bool, to out: inout OutputBuffer,
        scratch: inout OutputBuffer
    ) {
        let base = (Int(index) + (background ? 256 : 0)) * PaletteSequences.entryStride
        let length = table[base]
        if length != PaletteSequences.unknown && length != PaletteSequences.tooLong {
            table.withUnsafeBufferPointer { bytes in
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(base + 1)..<(base + 1 + Int(length))]))
            }
            return
        }
        guard length == PaletteSequences.unknown else { return capability.write(to: &out, Int(index)) }
        scratch.removeAll()
        capability.write(to: &scratch, Int(index))
        scratch.withUnsafeBytes { out.append(contentsOf: $0) }
        if scratch.isEmpty || scratch.count > PaletteSequences.entryCapacity {
            table[base] = PaletteSequences.tooLong
            return
        }
        table[base] = UInt8(scratch.count)
        for (offset, byte) in scratch.written.enumerated() { table[base + 1 + offset] = byte }
    }
}
