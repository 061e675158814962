/// Keeps every byte, and where each frame ended: for tests and recordings.
public final class CaptureSink: FrameSink {
    public private(set) var bytes: [UInt8] = []
    /// Byte offsets at which each `write` ended.
    public private(set) var writeEnds: [Int] = []

    public init(reservingCapacity capacity: Int = 1 << 20) {
        bytes.reserveCapacity(capacity)
    }

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: chunk)
        writeEnds.append(bytes.count)
    }

    public func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        writeEnds.removeAll(keepingCapacity: true)
    }
}
