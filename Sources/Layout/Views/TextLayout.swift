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
        sizeAndCut(text, width: width, maxLines: maxLines).size
    }

    /// `size`, and whether the last line was cut with "…" (the text needs
    /// more than `maxLines` lines at `width`). Uncut, the size is the text's
    /// whole wrap at that width.
    static func sizeAndCut(_ text: String, width: Int?, maxLines: Int?) -> (size: Size, cut: Bool) {
        var cols = 0
        var rows = 0
        var cut = false
        forEachLine(text, width: width, maxLines: maxLines) { line in
            cols = max(cols, line.width)
            rows += 1
            if line.truncated { cut = true }
        }
        return (Size(cols: cols, rows: rows), cut)
    }

    /// Calls `body` with each line, top to bottom.
    ///
    /// - Complexity: one pass over the text's clusters up to the last line
    ///   allowed; positions are kept as UTF-8 offsets (turned into indices
    ///   only for emitted lines), and nothing is allocated.
    static func forEachLine(_ text: String, width: Int?, maxLines: Int?, _ body: (Line) -> Void) {
        let limit = maxLines ?? Int.max
        if limit <= 0 || text.isEmpty { return }
        if let width, width <= 0 { return }
        var breaker = LineBreaker(text: text, maxWidth: width ?? Int.max, limit: limit)
        // Clusters and widths as `Grid.write` draws them (one rule for both):
        // `TextClusters.forEach`'s walk, written out here so that a printable
        // ASCII byte costs a comparison and an inlined `take`, not a call
        // through a closure (which also retained and released a context per cluster).
        let walked: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var offset = 0
            let count = bytes.count
            while offset < count {
                let byte = bytes[offset]
                if byte >= 0x20 && byte < 0x7F && (offset + 1 == count || bytes[offset + 1] < 0x80) {
                    guard breaker.take(size: 1, ascii: byte, width: 1, body) else { return }
                    offset += 1
                    continue
                }
                let (length, width) = TextClusters.cluster(bytes, at: offset, in: text)
                guard breaker.take(cluster: length, first: byte, width: width, body) else { return }
                offset += length
            }
        }
        if walked == nil {
            TextClusters.forEach(text) { _, length, width, first in
                breaker.take(cluster: length, first: first, width: width, body)
            }
        }
        if breaker.stopped { return }
        if breaker.lineStart < breaker.offset || breaker.emitted == 0 {
            _ = breaker.emit(breaker.offset, breaker.lineWidth, next: breaker.offset, body)
        }
    }

    /// The state of one pass of line breaking. A struct with mutating
    /// methods rather than local functions over captured variables: those
    /// are boxed and checked for exclusivity at run time on every cluster.
    private struct LineBreaker {
        let text: String
        let maxWidth: Int
        let limit: Int
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
        /// The last allowed line was emitted.
        var stopped = false

        init(text: String, maxWidth: Int, limit: Int) {
            self.text = text
            self.maxWidth = maxWidth
            self.limit = limit
        }

        func index(_ offset: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }

        /// Emits [lineStart, end); false when that was the last allowed line.
        mutating func emit(_ end: Int, _ shownWidth: Int, next: Int, _ body: (Line) -> Void) -> Bool {
            if emitted == limit - 1 && TextLayout.hasMoreText(text, from: index(next)) {
                let start = index(lineStart)
                let shown = TextLayout.fittedWidth(
                    text, from: start, room: maxWidth == Int.max ? shownWidth : maxWidth - 1)
                body(Line(range: start..<text.endIndex, width: shown + 1, truncated: true))
                emitted += 1
                stopped = true
                return false
            }
            body(Line(range: index(lineStart)..<index(end), width: shownWidth, truncated: false))
            emitted += 1
            return true
        }

        /// Takes a cluster as `TextClusters` reports it: a newline, alone or
        /// after a carriage return, is a line break; other ASCII is one column.
        mutating func take(cluster length: Int, first: UInt8, width: Int, _ body: (Line) -> Void) -> Bool {
            let ascii: UInt8? = length == 1 && first < 0x80 ? first : (length == 2 && first == 0x0D ? 0x0A : nil)
            return take(size: length, ascii: ascii, width: ascii != nil ? 1 : width, body)
        }

        /// Takes one grapheme cluster of `size` UTF-8 bytes; false to stop.
        @inline(__always)
        mutating func take(size: Int, ascii: UInt8?, width: Int, _ body: (Line) -> Void) -> Bool {
            defer { offset += size }
            if skippingSpaces {
                if ascii == 0x20 {
                    lineStart = offset + size
                    return true
                }
                skippingSpaces = false
            }
            if ascii == 0x0A {
                guard emit(offset, lineWidth, next: offset + size, body) else { return false }
                lineStart = offset + size
                lineWidth = 0
                breakAt = -1
                return true
            }
            if lineWidth + width > maxWidth {
                if ascii == 0x20 {
                    guard emit(offset, lineWidth, next: offset + size, body) else { return false }
                    lineStart = offset + size
                    lineWidth = 0
                    breakAt = -1
                    skippingSpaces = true
                    return true
                }
                if breakAt >= 0 {
                    guard emit(breakAt, widthBeforeBreak, next: breakAt + 1, body) else { return false }
                    lineStart = breakAt + 1
                    lineWidth = lineWidth - widthThroughBreak + width
                } else {
                    guard emit(offset, lineWidth, next: offset, body) else { return false }
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
    }

    /// The width of the longest prefix from `start` (up to a newline) that
    /// fits in `room` columns, without trailing spaces: the text shown before "…".
    fileprivate static func fittedWidth(_ text: String, from start: String.Index, room: Int) -> Int {
        var width = 0
        var trimmed = 0
        TextClusters.forEach(text[start...]) { _, length, clusterWidth, first in
            if first == 0x0A || (length == 2 && first == 0x0D) { return false }
            let next = width + (length == 1 && first < 0x80 ? 1 : clusterWidth)
            if next > room { return false }
            width = next
            if !(length == 1 && first == 0x20) { trimmed = width }
            return true
        }
        return trimmed
    }

    /// Whether anything but spaces follows `start`.
    fileprivate static func hasMoreText(_ text: String, from start: String.Index) -> Bool {
        text[start...].utf8.contains { $0 != 0x20 }
    }
}
