import FrameGrid

/// Line breaking by display width: a wide character counts two columns.
///
/// Breaks at spaces when it can and inside a word when a word is wider than
/// the line; explicit newlines always break. When the lines would pass
/// `maxLines`, the last one is cut and ends in "…" (after as much of the
/// text as fits, without trailing spaces).
enum TextLayout {
    /// One laid-out line: the text it shows, its width, and whether it is cut.
    struct Line {
        var range: Range<String.Index>
        var width: Int
        var truncated: Bool
    }

    /// The size `text` takes when wrapped at `width` (nil: no wrapping) in at most `maxLines`.
    static func size(_ text: String, width: Int?, maxLines: Int?) -> Size {
        var cols = 0
        var rows = 0
        forEachLine(text, width: width, maxLines: maxLines) { line in
            cols = max(cols, line.width)
            rows += 1
        }
        return Size(cols: cols, rows: rows)
    }

    /// Calls `body` with each line, top to bottom.
    ///
    /// - Complexity: one pass over the text's characters; positions are kept
    ///   as UTF-8 offsets (turned into indices only for emitted lines), and
    ///   nothing is allocated.
    static func forEachLine(_ text: String, width: Int?, maxLines: Int?, _ body: (Line) -> Void) {
        let limit = maxLines ?? Int.max
        if limit <= 0 || text.isEmpty { return }
        if let width, width <= 0 { return }
        let maxWidth = width ?? Int.max
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }

        var emitted = 0
        var lineStart = 0
        var lineWidth = 0
        // The last space on this line: the line can end before it and resume after it.
        var breakAt = -1
        var widthBeforeBreak = 0
        var widthThroughBreak = 0
        var offset = 0
        // Skipping the spaces that follow a line broken at a space.
        var skippingSpaces = false

        /// Emits [lineStart, end); false when that was the last allowed line.
        func emit(_ end: Int, _ shownWidth: Int, next: Int) -> Bool {
            if emitted == limit - 1 && hasMoreText(text, from: index(next)) {
                let start = index(lineStart)
                let shown = fittedWidth(text, from: start, room: maxWidth == Int.max ? shownWidth : maxWidth - 1)
                body(Line(range: start..<text.endIndex, width: shown + 1, truncated: true))
                emitted += 1
                return false
            }
            body(Line(range: index(lineStart)..<index(end), width: shownWidth, truncated: false))
            emitted += 1
            return true
        }

        /// Takes one grapheme cluster of `size` UTF-8 bytes; false to stop.
        func take(size: Int, ascii: UInt8?, width: Int) -> Bool {
            defer { offset += size }
            if skippingSpaces {
                if ascii == 0x20 {
                    lineStart = offset + size
                    return true
                }
                skippingSpaces = false
            }
            if ascii == 0x0A {
                guard emit(offset, lineWidth, next: offset + size) else { return false }
                lineStart = offset + size
                lineWidth = 0
                breakAt = -1
                return true
            }
            if lineWidth + width > maxWidth {
                if ascii == 0x20 {
                    guard emit(offset, lineWidth, next: offset + size) else { return false }
                    lineStart = offset + size
                    lineWidth = 0
                    breakAt = -1
                    skippingSpaces = true
                    return true
                }
                if breakAt >= 0 {
                    guard emit(breakAt, widthBeforeBreak, next: breakAt + 1) else { return false }
                    lineStart = breakAt + 1
                    lineWidth = lineWidth - widthThroughBreak + width
                } else {
                    guard emit(offset, lineWidth, next: offset) else { return false }
                    lineStart = offset
                    lineWidth = width
                }
                breakAt = -1
                return true
            }
            if ascii == 0x20 {
                breakAt = offset
                widthBeforeBreak = lineWidth
                widthThroughBreak = lineWidth + width
            }
            lineWidth += width
            return true
        }

        if isPlainASCII(utf8) {
            // One byte, one cluster, one column: no grapheme breaking needed.
            for byte in utf8 {
                guard take(size: 1, ascii: byte, width: 1) else { return }
            }
        } else {
            for character in text {
                let ascii = character.asciiValue
                guard
                    take(size: character.utf8.count, ascii: ascii, width: ascii != nil ? 1 : DisplayWidth.of(character))
                else { return }
            }
        }
        if lineStart < offset || emitted == 0 {
            _ = emit(offset, lineWidth, next: offset)
        }
    }

    /// Printable ASCII and newlines only (no carriage return, whose pair with
    /// a newline would be one cluster).
    private static func isPlainASCII(_ utf8: String.UTF8View) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }
        } ?? false
    }

    /// The width of the longest prefix from `start` (up to a newline) that
    /// fits in `room` columns, without trailing spaces: the text shown before "…".
    private static func fittedWidth(_ text: String, from start: String.Index, room: Int) -> Int {
        var width = 0
        var trimmed = 0
        for character in text[start...] {
            if character.asciiValue == 0x0A { break }
            let next = width + DisplayWidth.of(character)
            if next > room { break }
            width = next
            if character.asciiValue != 0x20 { trimmed = width }
        }
        return trimmed
    }

    /// Whether anything but spaces follows `start`.
    private static func hasMoreText(_ text: String, from start: String.Index) -> Bool {
        text[start...].utf8.contains { $0 != 0x20 }
    }
}
