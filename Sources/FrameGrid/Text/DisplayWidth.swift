/// Display width of Unicode text in terminal columns.
///
/// Follows the rules the terminals we are checked against use (wcwidth from
/// East Asian Width data): wide and fullwidth characters take two columns,
/// combining marks, format characters and conjoining jamo take none, and
/// everything else takes one. A cluster (a grapheme cluster cut before each
/// scalar terminals move the cursor for; see `ClusterBoundary`) is as wide
/// as its base, widened to two by an emoji presentation selector (U+FE0F).
public enum DisplayWidth {
    /// Columns taken by one scalar: 0, 1 or 2. Control characters report 1
    /// here; text writing replaces them before they are measured.
    public static func of(_ scalar: Unicode.Scalar) -> Int { of(value: scalar.value) }

    /// `of(_:)` for a scalar value known to be valid.
    @usableFromInline
    static func of(value: UInt32) -> Int {
        if value < 0x300 { return 1 }  // Latin, the common case, without a table walk
        // Hangul syllables and CJK ideographs, inside the wide table's ranges, without its walk.
        if (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value) { return 2 }
        // Letterlike symbols to technical, and box drawing to geometric
        // shapes (outlines, blocks): in neither table, so one column.
        if (0x2100...0x2319).contains(value) || (0x2500...0x25FC).contains(value) { return 1 }
        if contains(WidthTable.zeroWidth, value) { return 0 }
        if value >= 0x1100 && contains(WidthTable.wide, value) { return 2 }
        // Regional indicators pair into flags drawn two columns wide; their
        // East Asian Width is neutral, but emulators (wcwidth 0.2.7+, modern
        // terminals) treat them as wide, and the encoder never sends them bare.
        if (0x1F1E6...0x1F1FF).contains(value) { return 2 }
        return 1
    }

    /// Columns taken by a whole string, cluster by cluster, as `Grid.write` would lay it out.
    /// - Complexity: O(n) in the text's UTF-8 length; no allocation.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        TextClusters.forEach(text) { _, _, width, _ in
            total += width
            return true
        }
        return total
    }

    /// Columns `Grid.write` gives one `Character`: usually 1 or 2, and 0
    /// for one it draws nothing for (a bidirectional control, a lone format
    /// character such as a zero-width space). One that starts with a mark
    /// takes one column: it is shown on a dotted circle. One holding scalars
    /// that terminals move the cursor for (a Devanagari vowel sign after its
    /// consonant, a conjunct) takes the columns of each (see `ClusterBoundary`).
    public static func of(_ character: Character) -> Int {
        of(String(character))
    }

    /// Whether `value` is in one of `table`'s ranges (lower and upper
    /// bounds in pairs, sorted and disjoint; see `WidthTable`).
    static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) >> 1
            if value < table[2 * middle] {
                high = middle - 1
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
