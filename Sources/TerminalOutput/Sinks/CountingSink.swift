/// Counts bytes and writes, and discards them: for benchmarks of the
/// renderer alone.
public final class CountingSink: FrameSink {
    public private(set) var bytesWritten = 0
    public private(set) var writes = 0

    public init() {}

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytesWritten += chunk.count
        writes += 1
    }
}
