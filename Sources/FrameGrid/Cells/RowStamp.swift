import Synchronization

/// Identity of a row's contents.
///
/// Every write to a row gives it a stamp never used before (process-wide), and
/// copying a grid copies the stamps. So two rows with the same stamp hold the
/// same cells, and the diff can skip them without reading a cell: that is what
/// makes a frame in which nothing changed cost a few nanoseconds per row.
/// Different stamps say nothing; those rows are compared cell by cell.
public enum RowStamp {
    private static let counter = Atomic<UInt64>(1)

    /// A stamp no row has had before.
    @inline(__always)
    public static func fresh() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The last stamp handed out: a row stamped later has a greater one
    /// (stamps only grow; 2^64 of them do not wrap in a process's life).
    public static var latest: UInt64 { counter.load(ordering: .relaxed) }
}
