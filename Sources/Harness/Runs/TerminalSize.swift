import FrameGrid

/// The largest terminal the harness accepts (a sanity bound, far beyond any real screen).
public enum GridLimits {
    public static let maxDimension = 10_000
    public static let maxCells = 4_000_000
}

extension Size {
    /// A terminal size written `COLSxROWS` (`200x50`), each dimension in
    /// 1...`GridLimits.maxDimension`.
    ///
    /// - Parameter what: how the caller names the value in messages (`--size`, `size`).
    /// - Throws: `UsageError` naming `what`, the text, and the rule it breaks.
    public init(parsing text: String, what: String) throws {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]) else {
            throw UsageError("\(what) must look like COLSxROWS (for example 200x50), not '\(text)'")
        }
        let limit = GridLimits.maxDimension
        guard cols >= 1, rows >= 1 else {
            throw UsageError("\(what) \(text): a terminal needs at least 1 column and 1 row")
        }
        guard cols <= limit, rows <= limit, cols * rows <= GridLimits.maxCells else {
            throw UsageError(
                "\(what) \(text) is too large: at most \(limit) columns or rows and \(GridLimits.maxCells) cells")
        }
        self.init(cols: cols, rows: rows)
    }
}
