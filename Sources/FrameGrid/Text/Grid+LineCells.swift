extension Grid {
    /// Writes the cells `write(text, utf8: range, x: 0, ...)` would put in a
    /// row wide enough for the whole line into `row` from its start, and
    /// returns how many columns they take; nil when a cluster of the line
    /// needs a grid's arena (longer than eight UTF-8 bytes) or the text has
    /// no contiguous UTF-8, so its cells cannot be kept apart from a grid.
    ///
    /// `row` must be initialized and hold at least two cells per UTF-8 byte
    /// of the line (a cluster is at least one byte and at most two columns).
    /// Kept cells go back into a grid with `paste`.
    public static func writeCells(
        of text: String, utf8 range: Range<Int>, style: Style, into row: UnsafeMutableBufferPointer<Cell>
    ) -> Int? {
        precondition(row.count >= 2 * range.count, "room for two cells per byte")
        let written: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "line outside its text")
            var writer = RowWriter(
                column: 0, offset: range.lowerBound, stop: range.upperBound, style: style,
                area: Rect(x: 0, y: 0, width: row.count, height: 1))
            var arena: [UInt8] = []
            writer.write(bytes, of: text, into: row, arena: &arena)
            return writer.usesArena ? nil : writer.column
        }
        return written ?? nil
    }

    /// Copies cells made by `writeCells` to row `y` from column `x`: the
    /// same cells, stamp and wide-character repairs at both edges as writing
    /// their text there, when all of them lie inside the grid.
    /// - Complexity: O(cells), one copy.
    public mutating func paste(_ line: UnsafeBufferPointer<Cell>, x: Int, y: Int) {
        precondition(x >= 0 && x + line.count <= cols && y >= 0 && y < rows, "pasted cells lie inside the grid")
        touch(y)
        guard let source = line.baseAddress, !line.isEmpty else { return }
        let rowStart = self.rowStart(y)
        cells.withUnsafeMutableBufferPointer { all in
            let row = UnsafeMutableBufferPointer(rebasing: all[rowStart..<(rowStart + cols)])
            Grid.splitWideCharacter(in: row, atLeftEdge: x)
            Grid.splitWideCharacter(in: row, atRightEdge: x + line.count)
            Grid.copyCells(from: source, to: row.baseAddress! + x, count: line.count)
        }
    }
}
