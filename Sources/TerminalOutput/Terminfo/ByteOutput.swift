/// Where `ParameterizedString.write` appends: a `[UInt8]`, or the encoder's
/// `OutputBuffer`, which takes small pieces with a few stores instead of
/// `Array.append`'s checks and calls.
public protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Appends `count` bytes that `initialize` writes, all of them, at the pointer it is given.
    mutating func append(uninitializedCount count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void)
    /// Appends the bytes `write` puts at the pointer it is given, at most
    /// `maximum` (a small bound: the caller's stack may hold them first);
    /// `write` returns how many it wrote.
    mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int)
}

extension ByteOutput {
    public mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
            let count = write(buffer.baseAddress!)
            append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    public mutating func append(uninitializedCount count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void) {
        guard count > 0 else { return }
        let start = self.count
        // One byte at a time on purpose: appending a `repeatElement` collection
        // goes through unspecialized generic code in debug builds and allocates.
        for _ in 0..<count { append(0) }
        withUnsafeMutableBufferPointer { initialize($0.baseAddress! + start) }
    }
}
