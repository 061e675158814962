/// Where a frame's bytes go. The renderer calls `write` once per frame.
public protocol FrameSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension FrameSink {
    /// Writes an array's bytes.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}
