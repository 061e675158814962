/// The bytes of a frame, appended through a pointer into storage reserved
/// ahead of time.
///
/// A full repaint appends thousands of pieces of one to a dozen bytes (a
/// glyph, a motion, a colour). Through `Array.append` each piece paid a
/// uniqueness and a capacity check, and a piece of several bytes a generic
/// call and `memcpy`: some 30% of the encode instructions of watcha-home's
/// full repaints (callgrind). Here a piece costs a capacity check and a few
/// stores.
///
/// The storage is a `[UInt8]` kept filled to its capacity, so it allocates
/// exactly what the growing array before it did (same requests, same sizes:
/// the allocation gate counts bytes); the frame is its first `count` bytes.
/// `base` points into that array's buffer and is taken again whenever the
/// buffer may have moved or become shared: when it grows, and before bytes
/// already written are overwritten (`removeAll`, `truncate`), which first
/// makes the storage unique. A `written` slice someone keeps therefore never
/// changes: appends only go past its end. Single-threaded, like the encoder.
///
/// - Complexity: appends are O(bytes appended), amortized over growth.
struct OutputBuffer {
    private var storage: [UInt8]
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    private(set) var count = 0
    /// Bytes `storage` holds (its capacity); the ones past `count` are stale.
    private(set) var capacity: Int

    /// An empty buffer with room for `capacity` bytes, allocated now.
    init(capacity: Int) {
        storage = OutputBuffer.filledStorage(capacity: capacity, keeping: [])
        self.capacity = storage.count
        base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
    }

    /// The bytes written, sharing the storage (no copy).
    var written: ArraySlice<UInt8> { storage[0..<count] }

    var isEmpty: Bool { count == 0 }

    /// Reads the bytes written.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the capacity.
    mutating func removeAll() { truncate(to: 0) }

    /// Forgets the bytes past the first `newCount`.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "truncating past the end")
        count = newCount
        base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
    }

    /// Makes room for `minimumCapacity` bytes in all (one allocation when it
    /// grows, of that size exactly, as `Array.reserveCapacity`).
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard capacity < minimumCapacity else { return }
        storage = OutputBuffer.filledStorage(capacity: minimumCapacity, keeping: written)
        capacity = storage.count
        base = storage.withUnsafeMutableBufferPointer { $0.baseAddress! }
    }

    /// Room for `needed` more bytes when there is none, doubling as `Array.append` does.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        reserveCapacity(max(count + needed, 2 * capacity))
    }

    /// A new array of `capacity` bytes: `kept`, then zeros.
    private static func filledStorage(capacity: Int, keeping kept: ArraySlice<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let copied = buffer.initialize(fromContentsOf: kept)
            buffer[copied...].initialize(repeating: 0)
            initialized = capacity
        }
    }
}

extension OutputBuffer: ByteOutput {
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if _slowPath(count == capacity) { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: UnsafeRawBufferPointer(bytes))
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        let length = bytes.count
        guard length > 0 else { return }
        if _slowPath(capacity - count < length) { grow(toHold: length) }
        OutputBuffer.copy(bytes.baseAddress!, length, to: UnsafeMutableRawPointer(base + count))
        count += length
    }

    @inline(__always)
    mutating func append(uninitializedCount length: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void) {
        if _slowPath(capacity - count < length) { grow(toHold: length) }
        initialize(base + count)
        count += length
    }

    /// Writes in place when `maximum` bytes fit; otherwise through the stack,
    /// so the buffer grows only for the bytes actually written, as an array would.
    @inline(__always)
    mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if _fastPath(capacity - count >= maximum) {
            count += write(base + count)
        } else {
            appendThroughStack(atMost: maximum, write)
        }
    }

    /// Apart, so that the fast path above inlines with its closure.
    @inline(never)
    private mutating func appendThroughStack(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
            let length = write(buffer.baseAddress!)
            append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<length]))
        }
    }

    /// Copies `length` (> 0) bytes: short runs as two overlapping loads and
    /// stores of 1, 4 or 8 bytes each (no call, no loop), longer ones by `memcpy`.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, _ length: Int, to target: UnsafeMutableRawPointer) {
        if length < 4 {
            // First, middle and last byte: all of 1, 2 or 3.
            let middle = length >> 1
            let first = source.load(as: UInt8.self)
            let second = source.load(fromByteOffset: middle, as: UInt8.self)
            let last = source.load(fromByteOffset: length - 1, as: UInt8.self)
            target.storeBytes(of: first, as: UInt8.self)
            target.storeBytes(of: second, toByteOffset: middle, as: UInt8.self)
            target.storeBytes(of: last, toByteOffset: length - 1, as: UInt8.self)
        } else if length <= 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length <= 16 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
    }
}
