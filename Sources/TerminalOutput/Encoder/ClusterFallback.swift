import FrameGrid

/// What to send for grapheme clusters whose width terminals disagree on
/// (emoji joined with ZWJ, variation selectors, flags, skin tones).
///
/// Terminals without grapheme clustering (xterm, tmux, most emulators
/// today) draw each emoji of a ZWJ sequence in its own two columns, so the
/// sequence would overrun the two cells the grid gave it and shift the rest
/// of the row. Unless the terminal is known to cluster graphemes
/// (`EncoderOptions.emitsGraphemeClusters`), the encoder sends the cluster's
/// first scalar, padded with spaces to the cell's width: every terminal then
/// shows the same columns, and a family emoji shows as its first person.
enum ClusterFallback {
    /// Whether terminals compute the width of this cluster differently.
    static func hasTerminalDependentWidth(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 4 else { return false }
        var index = 0
        var wideScalars = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x8D {
                return true  // U+200D ZERO WIDTH JOINER
            }
            if lead == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xB8, bytes[index + 2] & 0xFE == 0x8E {
                return true  // U+FE0E / U+FE0F variation selectors
            }
            if lead >= 0xF0 { wideScalars += 1 }
            index += scalarLength(lead)
        }
        return wideScalars > 1
    }

    @inline(__always)
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Most combining marks sent on one base: xterm keeps two by default,
    /// tmux a few bytes' worth; more would show differently from one
    /// terminal to the next.
    static let maximumMarks = 2

    /// Whether the cluster must be sent in its safe form.
    static func needsSafeForm(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 4 else { return false }
        if hasTerminalDependentWidth(bytes) { return true }
        var scalars = 0
        var index = 0
        while index < bytes.count {
            scalars += 1
            index += scalarLength(bytes[index])
        }
        return scalars > 1 + maximumMarks
    }

    /// Appends what every terminal shows alike in `cellWidth` columns: a flag
    /// as its two region letters, an emoji sequence as its first scalar, a
    /// letter under many marks with its first `maximumMarks`; padded with spaces.
    static func appendSafeForm<Output: ByteOutput>(
        _ bytes: UnsafeRawBufferPointer, cellWidth: Int, to out: inout Output
    ) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        guard let first = scalars.first else { return }
        var sent: [Unicode.Scalar]
        if (0x1F1E6...0x1F1FF).contains(first.value) {
            sent = scalars.prefix(2).filter { (0x1F1E6...0x1F1FF).contains($0.value) }
                .map { Unicode.Scalar(UInt8(65 + $0.value - 0x1F1E6)) }
        } else if hasTerminalDependentWidth(bytes) {
            sent = [first]
        } else {
            sent = Array(scalars.prefix(1 + maximumMarks))
        }
        for scalar in sent { Array(String(scalar).utf8).withUnsafeBufferPointer { out.append(contentsOf: $0) } }
        let columns = max(1, sent.reduce(0) { $0 + DisplayWidth.of($1) })
        for _ in 0..<max(0, cellWidth - columns) { out.append(0x20) }
    }

    /// What a terminal shows for a cluster the encoder sent, for recordings.
    static func displayedText(_ cluster: String, cellWidth: Int, emitsGraphemeClusters: Bool) -> String {
        var bytes = Array(cluster.utf8)
        return bytes.withUnsafeMutableBytes { raw in
            let view = UnsafeRawBufferPointer(raw)
            guard needsSafeForm(view), !emitsGraphemeClusters || !hasTerminalDependentWidth(view) else { return cluster }
            var out: [UInt8] = []
            appendSafeForm(view, cellWidth: cellWidth, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }
}

extension FrameEncoder {
    /// Row `y` of `grid` as a terminal shows it after this encoder drew it
    /// (each glyph once; clusters in their safe form where that applies).
    public func displayedLine(_ grid: Grid, row y: Int) -> String {
        var text = ""
        for x in 0..<grid.cols {
            let cell = grid[x, y]
            if cell.isContinuation { continue }
            text += ClusterFallback.displayedText(
                grid.string(of: cell.glyph), cellWidth: Int(cell.width),
                emitsGraphemeClusters: options.emitsGraphemeClusters)
        }
        return text
    }
}
