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
        data.withUnsafeBytes { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return hash ^ UInt64(truncatingIfNeeded: bytes.count)
        }
    }
}
