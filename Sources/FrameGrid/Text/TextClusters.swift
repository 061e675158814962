/// The clusters of a text (grapheme clusters, cut before each scalar a
/// terminal moves its cursor for: see `ClusterBoundary`) with the widths
/// `Grid.write` gives them: what line breaking and measuring walk, so they
/// agree with drawing.
public enum TextClusters {
    /// Calls `body` with each cluster of `text` in order: its UTF-8 offset
    /// and length, its display width (0, 1 or 2: the columns `Grid.write`
    /// gives it), and its first byte. Stops when `body` returns false.
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
        // Text without contiguous UTF-8 (bridged strings): copied into a
        // native string, whose bytes are contiguous.
        forEach(String(text), body)
    }

    /// The length and width of the cluster at `offset` (not printable ASCII
    /// before ASCII): what `forEach` reports for it, for callers that walk
    /// the bytes themselves.
    public static func cluster(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in text: some StringProtocol) -> (Int, Int)
    {
        let length = ClusterBoundary.length(bytes, at: offset, in: text)
        var storage = ClusterBytes()
        return (length, storage.load(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])))
    }
}

extension TextClusters {
    /// `text` with every cluster cut to what a cell keeps of it: at most
    /// `Grid.maxClusterBytes` bytes, plus the scalar that passes the cap
    /// (which still decides the cluster's width, as `Grid.write` reads it).
    /// Drawn and measured exactly like `text`, but a letter under a million
    /// combining marks is no longer a two-megabyte cluster that every frame
    /// must step over.
    ///
    /// Returns `text` itself when nothing is cut, and also when a cut would
    /// change where clusters break (a kept prefix that ends in a joiner
    /// could join the next cluster).
    ///
    /// - Complexity: O(n) in the text's UTF-8 length, once (callers keep the result).
    public static func cappedToCells(_ text: String) -> String {
        let cap = Grid.maxClusterBytes
        var needsCut = false
        forEach(text) { _, length, _, _ in
            needsCut = length > cap
            return !needsCut
        }
        guard needsCut else { return text }
        var kept: [UInt8] = []
        kept.reserveCapacity(min(text.utf8.count, 1 << 20))
        text.utf8.withContiguousStorageIfAvailable { bytes in
            forEach(text) { offset, length, _, _ in
                guard length > cap else {
                    kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]))
                    return true
                }
                var end = offset
                while end < offset + length {
                    let (_, scalarLength) = ClusterBoundary.decode(bytes, at: end)
                    end += scalarLength
                    if end - offset > cap { break }
                }
                kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<end]))
                return true
            }
        }
        let result = String(decoding: kept, as: UTF8.self)
        return result.count == text.count ? result : text
    }
}
