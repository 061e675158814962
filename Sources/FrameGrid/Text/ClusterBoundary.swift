/// Grapheme cluster boundaries read straight from UTF-8 bytes.
///
/// Swift's `Character` iteration validates indices, runs the full grapheme
/// breaking state machine and builds a `String` for every cluster; for the
/// text a terminal UI draws (ASCII, Latin, Hangul syllables, CJK, common
/// symbols and emoji) the boundary after a scalar is decided by the scalar
/// and the one that follows it alone. `length` answers from those two
/// scalars when Unicode's rules (UAX #29) leave no doubt, and asks Swift's
/// own breaking otherwise (marks, joiners, selectors, jamo, flags).
///
/// A cluster is a `Character` of the text, cut once more before every scalar
/// a terminal moves its cursor for (`startsTerminalCell`): terminals give
/// each scalar its own wcwidth (xterm, libvterm, tmux, VTE), so a
/// Devanagari vowel sign after its consonant (a SpacingMark, U+093F-U+0940),
/// a conjunct's second consonant after a virama (Unicode 15.1's GB9c), a
/// halfwidth voicing mark (U+FF9E) or a second leading jamo takes columns of
/// its own on screen, and one cell holding the whole `Character` would
/// shift the rest of the row. Emoji sequences stay whole (their width is
/// disputed among terminals and the encoder sends them in a safe form; see
/// `ClusterFallback`).
@usableFromInline
enum ClusterBoundary {
    /// The byte length of the cluster that starts at `offset` in `bytes`,
    /// which are the contiguous UTF-8 of `text` (offset 0 is its start).
    @usableFromInline
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, in text: some StringProtocol) -> Int {
        let (first, firstLength) = decode(bytes, at: offset)
        let next = offset + firstLength
        if next >= bytes.count { return firstLength }
        let (second, _) = decode(bytes, at: next)
        if breaksBetween(first, second) { return firstLength }
        // Swift's breaking: `index(after:)` steps to the end of the
        // `Character` holding `offset` (an offset inside one, where an
        // earlier cluster was cut, is rounded down to its start first).
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        let characterLength = utf8.distance(from: start, to: text.index(after: start))
        return terminalCellLength(bytes, at: offset, upTo: offset + characterLength)
    }

    /// The length of the first terminal cell of the bytes `offset..<end`
    /// (the rest of one `Character`): up to the first scalar that
    /// `startsTerminalCell`, or all of them.
    static func terminalCellLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, upTo end: Int) -> Int {
        var index = offset
        var hasBase = false
        var previous: UInt32 = 0
        var previousWidth = 0
        while index < end {
            let (scalar, length) = decode(bytes, at: index)
            let width = DisplayWidth.of(value: scalar)
            if hasBase && startsTerminalCell(scalar, width: width, after: previous, previousWidth: previousWidth) {
                return index - offset
            }
            // What `ClusterBytes.load` takes as the base: not a bidirectional
            // control, not a lone format character.
            if !hasBase && !ClusterBytes.isBidiControl(scalar) {
                hasBase = width > 0 || !isFormat(scalar)
            }
            previous = scalar
            previousWidth = width
            index += length
        }
        return end - offset
    }

    /// Whether `value` is a format character (General_Category Cf). Out of
    /// line, and without optionals: comparing an optional category made the
    /// caller instantiate type metadata (allocating) on its first call.
    @inline(never)
    static func isFormat(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.generalCategory == .format
    }

    /// Whether `value` has the Emoji property (pictographs, and the symbols
    /// emoji sequences are made of).
    @inline(never)
    static func isEmoji(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isEmoji
    }

    /// Whether a terminal shows `scalar`, inside a grapheme cluster after
    /// its base, in columns of its own: it has a width (wcwidth 1 or 2) and
    /// does not continue an emoji sequence (a pictograph after a joiner, the
    /// second letter of a flag, a skin tone after a wide emoji).
    @inline(__always)
    static func startsTerminalCell(_ scalar: UInt32, width: Int, after previous: UInt32, previousWidth: Int) -> Bool {
        if width == 0 || scalar < 0x300 { return false }
        // After a joiner: a pictograph continues the emoji (GB11); a letter
        // (a conjunct's half form, GB9c) takes its own columns.
        if previous == 0x200D { return !isEmoji(scalar) }
        if (0x1F1E6...0x1F1FF).contains(scalar) && (0x1F1E6...0x1F1FF).contains(previous) { return false }
        if (0x1F3FB...0x1F3FF).contains(scalar) && (previousWidth == 2 || previous == 0xFE0F) { return false }
        return true
    }

    /// Whether UAX #29 puts a boundary between adjacent scalars `a` and `b`
    /// whatever came before `a`; false means "not known here".
    @inline(__always)
    static func breaksBetween(_ a: UInt32, _ b: UInt32) -> Bool {
        // CR LF (GB3), Prepend x (GB9b), ZWJ x pictograph (GB11): keep together or look closer.
        if a == 0x0D { return b != 0x0A }
        if a == 0x200D || isPrepend(a) { return false }
        if !startsCluster(b) { return false }
        // Hangul: a leading jamo joins the syllable after it (GB6).
        if (0xAC00...0xD7A3).contains(b) && ((0x1100...0x115F).contains(a) || (0xA960...0xA97C).contains(a)) {
            return false
        }
        return true
    }

    /// Scalars whose Grapheme_Cluster_Break property is Control, Other
    /// (letters, symbols, pictographs) or LV/LVT, in ranges that hold no
    /// Extend, SpacingMark, ZWJ, Regional_Indicator or V/T jamo: nothing
    /// before them but CR, Prepend, ZWJ or a leading jamo joins them.
    @inline(__always)
    static func startsCluster(_ b: UInt32) -> Bool {
        if b < 0x300 { return true }  // ASCII, Latin-1, Latin Extended; LF after CR is handled above
        if b < 0x2010 { return false }
        if b <= 0x2027 { return true }  // dashes, quotes, bullets, "…"
        if b < 0x2030 { return false }
        if b <= 0x205E { return true }  // per mille, primes, "‼", "⁉"
        if b < 0x2190 { return false }
        if b <= 0x2BFF { return true }  // arrows, technical, box drawing, shapes, symbols, dingbats
        if b < 0x3000 { return false }
        if b <= 0x3029 { return true }  // CJK punctuation up to the combining tone marks
        if b < 0x3041 { return false }
        if b <= 0x3096 { return true }  // hiragana, before the combining voicing marks
        if b < 0x30A1 { return false }
        if b <= 0x30FA { return true }  // katakana
        if b < 0x4E00 { return false }
        if b <= 0x9FFF { return true }  // CJK ideographs
        if b < 0xAC00 { return false }
        if b <= 0xD7A3 { return true }  // Hangul syllables (LV, LVT)
        if b < 0xFF01 { return false }
        if b <= 0xFF9D { return true }  // fullwidth forms, before the halfwidth voicing marks
        if b < 0x1F300 { return false }
        if b <= 0x1F3FA { return true }  // pictographs, before the skin-tone modifiers
        if b < 0x1F400 { return false }
        if b <= 0x1F64F { return true }  // pictographs, emoticons
        if b < 0x1F680 { return false }
        if b <= 0x1F6FF { return true }  // transport and map symbols
        if b < 0x1F900 { return false }
        return b <= 0x1F9FF  // supplemental symbols and pictographs
    }

    /// Grapheme_Cluster_Break=Prepend (Unicode 15.1): joins the scalar after it.
    @inline(__always)
    static func isPrepend(_ a: UInt32) -> Bool {
        if a < 0x600 { return false }
        if a <= 0x0D4E {
            return (0x600...0x605).contains(a) || a == 0x6DD || a == 0x70F || a == 0x890 || a == 0x891
                || a == 0x8E2 || a == 0xD4E
        }
        // All other Prepend scalars are in the Brahmic scripts of plane 1.
        return (0x11000...0x11FFF).contains(a)
    }

    /// The scalar at `offset` of valid UTF-8 and its length in bytes.
    @usableFromInline @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                | UInt32(bytes[offset + 3] & 0x3F), 4
        )
    }
}
