import Foundation

/// A 64-bit digest of a file's bytes (FNV-1a), to tell when two results
/// files given as different runs are the same run: a copy counted twice
/// would make one run look like two and the gate's test twice as sure.
///
/// Not cryptographic: it guards against mistakes, not forgery. Equal
/// digests are confirmed by the files' paths or sizes before a refusal is
/// worded as a copy.
///
/// - Complexity: O(n), about 1 ns per byte.
public enum ContentDigest {
    public static func of(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { finish(update(seed, with: $0), count: $0.count) }
    }

    // The digest in steps, for bytes read a chunk at a time (`JSONStreamParser`).
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func update<Bytes: Sequence<UInt8>>(_ hash: UInt64, with bytes: Bytes) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func finish(_ hash: UInt64, count: Int) -> UInt64 {
        hash ^ UInt64(truncatingIfNeeded: count)
    }
}
