/// A terminal size in columns and rows.
@frozen
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var cols: Int
    public var rows: Int
    @inlinable public init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
    }
    public var description: String { "\(cols)x\(rows)" }
}
