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

    @inline(__always)
    mutating func writeText(
        _ text: some StringProtocol, x: Int, y: Int, style: Style, clip: Rect?
    ) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY, !area.isEmpty else {
            return x + DisplayWidth.of(text)
        }
        touch(y)
        var column = x
        let allPrintableASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        if allPrintableASCII == true {
            for byte in text.utf8 {
                if column >= area.maxX { break }
                if column >= area.x {
                    place(Cell(glyph: Glyph(ascii: byte), width: 1, style: style), x: column, y: y)
                }
                column += 1
            }
            return x + text.utf8.count
        }
        for character in text {
            column = write(character, column: column, y: y, style: style, area: area)
        }
        return column
    }

    /// Writes one cluster at `column` inside `area`; returns the next column.
    @usableFromInline
    mutating func write(_ character: Character, column: Int, y: Int, style: Style, area: Rect) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            if column >= area.x && column < area.maxX {
                place(Cell(glyph: Glyph(ascii: ascii), width: 1, style: style), x: column, y: y)
            }
            return column + 1
        }
        var storage = ClusterBytes()
        let width = storage.load(character)
        guard width > 0 else { return column }
        if column + width <= area.x || column >= area.maxX { return column + width }
        let fits = column >= area.x && column + width <= area.maxX
        if !fits {
            // One half of a wide character is outside the clip: show a blank
            // in the visible half, as terminals do.
            let visible = column >= area.x ? column : column + 1
            place(.blank(style), x: visible, y: y)
            return column + width
        }
        let glyph = storage.withBytes { bytes in
            bytes.count <= 8 ? Glyph(inlineBytes: bytes) : storeInArena(bytes)
        }
        place(Cell(glyph: glyph, width: UInt8(width), style: style), x: column, y: y)
        return column + width
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
        var width = 0
        var sawBase = false
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if isBidiControl(value) { continue }
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

    @inline(__always)
    func isBidiControl(_ value: UInt32) -> Bool {
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
    @discardableResult
    public mutating func write(
        utf8 bytes: some Collection<UInt8>, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        write(String(decoding: bytes, as: UTF8.self), x: x, y: y, style: style, clip: clip)
    }
}
