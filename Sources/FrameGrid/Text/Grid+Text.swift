extension Grid {
    /// Writes text starting at (x, y), one grapheme cluster per cell (two for
    /// wide ones), clipped to `clip` and to the grid. Returns the column after
    /// the last cluster, as if nothing had been clipped.
    ///
    /// Text is data: control characters (C0, DEL, C1) become visible
    /// replacement glyphs (Unicode control pictures, or U+FFFD), bidirectional
    /// controls are dropped, and a cluster that starts with a combining mark is
    /// shown on a dotted circle, so nothing written here can move a terminal's
    /// cursor or start an escape sequence.
    ///
    /// - Complexity: O(n) in the text's length; no allocation for clusters of
    ///   up to eight UTF-8 bytes.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        writeText(text, x: x, y: y, style: style, clip: clip)
    }

    /// `write` for a `String`: a concrete entry point, compiled and optimised
    /// here, so callers in other modules do not run an unspecialised generic.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        writeText(text, x: x, y: y, style: style, clip: clip)
    }

    /// `write` for a `Substring` (wrapped lines are slices), concrete for the same reason.
    @discardableResult
    public mutating func write(_ text: Substring, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        writeText(text, x: x, y: y, style: style, clip: clip)
    }

    /// `write` for the UTF-8 bytes `range` of `text` (a wrapped line given
    /// by its offsets): draws as `write(text[range], ...)` would, without
    /// making the substring (its index checks cost more than a short line's
    /// cells). `range` must start and end at cluster boundaries.
    @discardableResult
    public mutating func write(
        _ text: String, utf8 range: Range<Int>, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY, !area.isEmpty, x < area.maxX else { return x }
        let written = text.utf8.withContiguousStorageIfAvailable { bytes in
            precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "line outside its text")
            touch(y)
            return writeRow(bytes, range, of: text, x: x, y: y, style: style, area: area).column
        }
        if let written { return written }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return write(text[start..<end], x: x, y: y, style: style, clip: clip)
    }

    @inline(__always)
    mutating func writeText(
        _ text: some StringProtocol, x: Int, y: Int, style: Style, clip: Rect?
    ) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        // Nothing of the text shows: it is not read at all (a 10 MB line
        // outside the clip costs nothing).
        guard y >= area.y, y < area.maxY, !area.isEmpty, x < area.maxX else { return x }
        touch(y)
        let written = text.utf8.withContiguousStorageIfAvailable { bytes in
            writeRow(bytes, of: text, x: x, y: y, style: style, area: area).column
        }
        if let written { return written }
        // Text without contiguous UTF-8 (bridged strings): copied into a
        // native string, whose bytes are contiguous.
        return writeText(String(text), x: x, y: y, style: style, clip: clip)
    }

    /// Writes the clusters of `bytes` (the UTF-8 of `text`) from column `x`
    /// of row `y` until the text ends or reaches `area`'s right edge; returns
    /// the column after the last cluster and the offset of the first unread byte.
    ///
    /// The row is written through one buffer: the halves of wide characters
    /// the text cuts can only be at the first column written and just after
    /// the last one, so they are checked there, once.
    @usableFromInline
    mutating func writeRow(
        _ bytes: UnsafeBufferPointer<UInt8>, of text: some StringProtocol, x: Int, y: Int, style: Style, area: Rect
    ) -> (column: Int, offset: Int) {
        writeRow(bytes, 0..<bytes.count, of: text, x: x, y: y, style: style, area: area)
    }

    /// `writeRow` for the bytes `range` of `bytes` only (a line of a longer text).
    @usableFromInline
    mutating func writeRow(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, of text: some StringProtocol, x: Int, y: Int,
        style: Style, area: Rect
    ) -> (column: Int, offset: Int) {
        var writer = RowWriter(column: x, offset: range.lowerBound, stop: range.upperBound, style: style, area: area)
        let rowStart = self.rowStart(y)
        let rowEnd = rowStart + cols
        // The arena is moved out while the cells are borrowed, so long
        // clusters can be stored without a second access to `self`.
        var arena: [UInt8] = []
        swap(&arena, &self.arena)
        cells.withUnsafeMutableBufferPointer { all in
            writer.write(bytes, of: text, into: UnsafeMutableBufferPointer(rebasing: all[rowStart..<rowEnd]), arena: &arena)
        }
        swap(&arena, &self.arena)
        if writer.usesArena { arenaRows[y] = true }
        return (writer.column, writer.offset)
    }
}

/// Writes clusters into one row's cells, left to right.
///
/// A struct with its state in stored properties, not a closure over locals:
/// captured variables would be boxed and every access to them checked for
/// exclusivity at run time, which cost more than the writing.
@usableFromInline
struct RowWriter {
    @usableFromInline var column: Int
    @usableFromInline var offset: Int
    /// The offset where the text ends (bytes after it belong to other lines).
    @usableFromInline let stop: Int
    @usableFromInline var usesArena = false
    @usableFromInline let style: Style
    @usableFromInline let area: Rect
    /// The first column written (-1: none yet) and the one after the last.
    @usableFromInline var firstWritten = -1
    @usableFromInline var end = -1

    @usableFromInline
    init(column: Int, offset: Int, stop: Int, style: Style, area: Rect) {
        self.column = column
        self.offset = offset
        self.stop = stop
        self.style = style
        self.area = area
    }

    /// Writes until the text ends or reaches `area`'s right edge. The halves
    /// of wide characters the text cuts can only be at the first column
    /// written and just after the last one, so they are checked there, once.
    @usableFromInline
    mutating func write(
        _ bytes: UnsafeBufferPointer<UInt8>, of text: some StringProtocol, into row: UnsafeMutableBufferPointer<Cell>,
        arena: inout [UInt8]
    ) {
        let count = stop
        let maxX = area.maxX
        while offset < count && column < maxX {
            if bytes[offset] >= 0x20 && bytes[offset] < 0x7F, writeASCIIRun(bytes, into: row) { continue }
            // One scalar standing alone (Hangul, CJK, symbols, most emoji,
            // ASCII before any of those):
            // drawn as its own bytes unless it is a control, a bidirectional
            // control or zero-width (those take the sanitizing path below).
            let (scalar, scalarLength) = ClusterBoundary.decode(bytes, at: offset)
            let next = offset + scalarLength
            if (scalar >= 0xA0 || (scalar >= 0x20 && scalar < 0x7F)) && !ClusterBytes.isBidiControl(scalar)
                && (next == count || ClusterBoundary.breaksBetween(scalar, ClusterBoundary.decode(bytes, at: next).0))
            {
                let width = DisplayWidth.of(value: scalar)
                if width > 0 {
                    offset = next
                    if column + width <= area.x {
                        column += width
                        continue
                    }
                    var raw: UInt64 = 0
                    for index in 0..<scalarLength { raw |= UInt64(bytes[next - scalarLength + index]) << (8 * UInt64(index)) }
                    place(Glyph(raw: raw), width: width, row)
                    continue
                }
            }
            // A cluster ends where the text does: the bytes after `stop` are another line's.
            let length = min(ClusterBoundary.length(bytes, at: offset, in: text), count - offset)
            var storage = ClusterBytes()
            let width = storage.load(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]))
            offset += length
            guard width > 0 else { continue }
            if column + width <= area.x {
                column += width
                continue
            }
            if column >= area.x && column + width <= maxX {
                let glyph: Glyph
                if storage.count <= 8 {
                    glyph = storage.withBytes { Glyph(inlineBytes: $0) }
                } else {
                    usesArena = true
                    glyph = Glyph(arenaOffset: arena.count, length: storage.count)
                    storage.withBytes { arena.append(contentsOf: $0) }
                }
                place(glyph, width: width, row)
            } else {
                place(.space, width: width, row)
            }
        }
        if end >= 0 { Grid.splitWideCharacter(in: row, atRightEdge: end) }
    }

    /// Writes the run of printable ASCII at `offset`, as far as the clip's
    /// right edge, in one tight loop; false when the run is a single byte
    /// that a following non-ASCII scalar may join (a combining mark).
    ///
    /// Each byte of the run is a cluster of its own: within ASCII only CR LF
    /// joins, and CR is not printable. The run's last byte is left out when
    /// non-ASCII follows it, since that scalar may extend its cluster.
    @inline(__always)
    mutating func writeASCIIRun(_ bytes: UnsafeBufferPointer<UInt8>, into row: UnsafeMutableBufferPointer<Cell>) -> Bool {
        let count = stop
        let maxX = area.maxX
        let scanLimit = min(count, offset + (maxX - column))
        var runEnd = offset + 1
        while runEnd < scanLimit && bytes[runEnd] >= 0x20 && bytes[runEnd] < 0x7F { runEnd += 1 }
        if runEnd < count && bytes[runEnd] >= 0x80 { runEnd -= 1 }
        let length = runEnd - offset
        guard length > 0 else { return false }
        let from = max(column, area.x)
        let to = min(column + length, maxX)
        if from < to {
            if firstWritten < 0 {
                firstWritten = from
                Grid.splitWideCharacter(in: row, atLeftEdge: from)
            }
            var cell = Cell(glyph: .space, width: 1, style: style)
            let shift = offset - column
            for x in from..<to {
                cell.glyph = Glyph(ascii: bytes[x + shift])
                row[x] = cell
            }
            end = to
        }
        column += length
        offset = runEnd
        return true
    }

    /// Puts a cluster of `width` columns at `column` (past `area.x`) and
    /// moves on. A wide one cut by the clip shows a blank in its visible
    /// half, as terminals do.
    @inline(__always)
    mutating func place(_ glyph: Glyph, width: Int, _ row: UnsafeMutableBufferPointer<Cell>) {
        defer { column += width }
        guard column >= area.x && column + width <= area.maxX else {
            put(.blank(style), at: column >= area.x ? column : column + 1, row)
            return
        }
        let cell = Cell(glyph: glyph, width: UInt8(width), style: style)
        put(cell, at: column, row)
        if width == 2 {
            var continuation = cell
            continuation.glyph = .continuation
            continuation.width = 0
            row[column + 1] = continuation
            end = column + 2
        }
    }

    @inline(__always)
    mutating func put(_ cell: Cell, at column: Int, _ row: UnsafeMutableBufferPointer<Cell>) {
        if firstWritten < 0 {
            firstWritten = column
            Grid.splitWideCharacter(in: row, atLeftEdge: column)
        }
        row[column] = cell
        end = column + 1
    }
}

/// The bytes of one sanitized cluster, in a fixed buffer on the stack.
@usableFromInline
struct ClusterBytes {
    @usableFromInline var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline var count = 0

    @usableFromInline init() {}

    /// Sanitizes and stores `character`; returns its width (0: nothing to draw).
    @usableFromInline
    mutating func load(_ character: Character) -> Int {
        load(scalars: character.unicodeScalars)
    }

    /// `load` for a cluster given as valid UTF-8 (a slice of a string's bytes).
    @usableFromInline
    mutating func load(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        load(scalars: DecodedScalars(bytes: bytes))
    }

    /// The one width rule of text: what `Grid.write` draws for a cluster and
    /// what `DisplayWidth` measures (so layout and drawing never disagree).
    @inline(__always)
    mutating func load(scalars: some Sequence<Unicode.Scalar>) -> Int {
        var width = 0
        var sawBase = false
        for scalar in scalars {
            let value = scalar.value
            if ClusterBytes.isBidiControl(value) { continue }
            if !sawBase {
                if let picture = ClusterBytes.replacement(forControl: value) {
                    append(picture)
                    return 1
                }
                let scalarWidth = DisplayWidth.of(scalar)
                if scalarWidth == 0 {
                    // Format characters alone (ZWSP, a stray ZWJ) draw nothing;
                    // a mark without a base is shown on a dotted circle.
                    if scalar.properties.generalCategory == .format { continue }
                    append(Unicode.Scalar(0x25CC)!)
                    width = 1
                } else {
                    width = scalarWidth
                }
                sawBase = true
                if !append(scalar) { break }
            } else {
                if ClusterBytes.replacement(forControl: value) != nil { break }
                if value == 0xFE0F { width = 2 }
                if !append(scalar) { break }
            }
        }
        return sawBase ? width : 0
    }

    @usableFromInline @inline(__always)
    static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// The visible stand-in for a control character, or nil for other scalars.
    @usableFromInline
    static func replacement(forControl value: UInt32) -> Unicode.Scalar? {
        if value < 0x20 { return Unicode.Scalar(0x2400 + value) }  // control pictures
        if value == 0x7F { return Unicode.Scalar(0x2421) }
        if value >= 0x80 && value < 0xA0 { return Unicode.Scalar(0xFFFD) }
        return nil
    }

    /// Appends a scalar's UTF-8 unless the cluster would pass the cap.
    @discardableResult @usableFromInline
    mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        let length = UTF8.width(scalar)
        guard count + length <= Grid.maxClusterBytes else { return false }
        withUnsafeMutableBytes(of: &buffer) { bytes in
            var index = count
            for unit in UTF8.encode(scalar)! {
                bytes[index] = unit
                index += 1
            }
        }
        count += length
        return true
    }

    @usableFromInline
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var copy = buffer
        let length = count
        return withUnsafeBytes(of: &copy) { body(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
    }
}

extension Grid {
    /// Writes text from a byte source (a file, a socket): invalid UTF-8
    /// becomes U+FFFD, then as `write(_:x:y:style:clip:)`.
    ///
    /// - Complexity: O(the visible part): bytes are decoded in a window that
    ///   doubles until the text ends or the clip's right edge is reached well
    ///   before the window's end, so a 10 MB line in a 200-column row reads
    ///   about a kilobyte.
    @discardableResult
    public mutating func write(
        utf8 bytes: some Collection<UInt8>, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY, !area.isEmpty, x < area.maxX else { return x }
        var window = 4 * (area.maxX - x) + 64
        while true {
            let prefix = bytes.prefix(window)
            let whole = prefix.count < window
            let text = String(decoding: prefix, as: UTF8.self)
            // A decoded string is native UTF-8: its bytes are contiguous.
            guard
                let written = text.utf8.withContiguousStorageIfAvailable({ decoded in
                    (writeRow(decoded, of: text, x: x, y: y, style: style, area: area), decoded.count)
                })
            else { return write(text, x: x, y: y, style: style, clip: clip) }
            touch(y)
            // Done when nothing was cut, or the row ended so far before the
            // cut that the cluster boundary it stopped at cannot depend on
            // the bytes after it (a cut changes at most the last three bytes,
            // decoded to at most nine; the scalar after the stop is within four).
            if whole || written.0.offset + 16 <= written.1 { return written.0.column }
            window *= 2
        }
    }
}

/// The scalars of valid UTF-8 bytes, decoded without validation (the bytes
/// come from a `String`, which holds only valid UTF-8).
struct DecodedScalars: Sequence, IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next() -> Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        let (value, length) = ClusterBoundary.decode(bytes, at: offset)
        offset += length
        return Unicode.Scalar(value)
    }
}

extension Cell {
    /// A cell showing `cluster` (one cluster as `Grid.write` cuts text, of
    /// at most eight UTF-8 bytes, drawn one or two columns wide) in `style`,
    /// made once so that painting it over many positions (`Grid.put`) skips
    /// the text walk of `Grid.write` per position. Nil for anything else.
    public init?(cluster: String, style: Style) {
        var storage = ClusterBytes()
        var cells = 0
        TextClusters.forEach(cluster) { _, _, _, _ in
            cells += 1
            return cells < 2
        }
        guard cells == 1, let character = cluster.first else { return nil }
        let width = storage.load(character)
        guard width > 0, storage.count <= 8 else { return nil }
        self.init(glyph: storage.withBytes { Glyph(inlineBytes: $0) }, width: UInt8(width), style: style)
    }
}

extension Grid {
    /// `put` inside `clip`: what `write` does for a one-cluster text of a
    /// single-width cell, without walking text.
    @inlinable
    public mutating func put(_ cell: Cell, x: Int, y: Int, clip: Rect) {
        precondition(cell.width == 1, "put(_:x:y:clip:) takes single-width cells")
        guard clip.contains(x: x, y: y) else { return }
        put(cell, x: x, y: y)
    }
}
