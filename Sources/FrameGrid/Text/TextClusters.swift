/// The grapheme clusters of a text with the widths `Grid.write` gives them:
/// what line breaking and measuring walk, so they agree with drawing.
public enum TextClusters {
    /// Calls `body` with each cluster of `text` in order: its UTF-8 offset
    /// and length, its display width (0, 1 or 2: `DisplayWidth.of(_:)` for a
    /// `Character`), and its first byte. Stops when `body` returns false.
    ///
    /// - Complexity: O(n) in the UTF-8 length up to where `body` stops;
    ///   printable ASCII costs a byte comparison per cluster, and nothing is
    ///   allocated.
    @inlinable
    public static func forEach(
        _ text: some StringProtocol, _ body: (_ offset: Int, _ length: Int, _ width: Int, _ firstByte: UInt8) -> Bool
    ) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var offset = 0
            let count = bytes.count
            while offset < count {
                let byte = bytes[offset]
                if byte >= 0x20 && byte < 0x7F && (offset + 1 == count || bytes[offset + 1] < 0x80) {
                    guard body(offset, 1, 1, byte) else { return }
                    offset += 1
                    continue
                }
                let (length, width) = cluster(bytes, at: offset, in: text)
                guard body(offset, length, width, byte) else { return }
                offset += length
            }
        }
        if done != nil { return }
        // Text without contiguous UTF-8 (bridged strings): through `Character`.
        var offset = 0
        for character in text {
            let length = character.utf8.count
            guard body(offset, length, DisplayWidth.of(character), character.utf8.first ?? 0) else { return }
            offset += length
        }
    }

    /// The length and width of the cluster at `offset` (not printable ASCII before ASCII).
    @usableFromInline
    static func cluster(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in text: some StringProtocol) -> (Int, Int)
    {
        let length = ClusterBoundary.length(bytes, at: offset, in: text)
        var storage = ClusterBytes()
        return (length, storage.load(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])))
    }
}
