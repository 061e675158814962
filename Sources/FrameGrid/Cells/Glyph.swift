/// One grapheme cluster as a cell stores it, in a single machine word.
///
/// Clusters of up to eight UTF-8 bytes (ASCII, Korean, single emoji, a letter
/// with a few combining marks) live inline, so writing text into a grid
/// allocates nothing. Longer clusters (emoji joined with ZWJ, stacked marks)
/// live in the owning grid's cluster arena and the word holds their location;
/// the low byte `0xFF`, which never starts valid UTF-8, marks that case.
@frozen
public struct Glyph: Hashable, Sendable {
    @usableFromInline var raw: UInt64

    @inlinable init(raw: UInt64) { self.raw = raw }

    /// The right half of a wide character: nothing of its own to draw.
    @inlinable public static var continuation: Glyph { Glyph(raw: 0) }
    /// A space.
    @inlinable public static var space: Glyph { Glyph(raw: 0x20) }

    @usableFromInline static let arenaTag: UInt64 = 0xFF

    /// An inline glyph from at most eight UTF-8 bytes.
    @inlinable init(inlineBytes bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count > 0 && bytes.count <= 8)
        var value: UInt64 = 0
        for index in 0..<bytes.count {
            value |= UInt64(bytes[index]) << (8 * UInt64(index))
        }
        raw = value
    }

    /// A single ASCII byte (0x20...0x7E).
    @inlinable public init(ascii byte: UInt8) { raw = UInt64(byte) }

    @inlinable init(arenaOffset offset: Int, length: Int) {
        raw = Glyph.arenaTag | UInt64(length) << 8 | UInt64(offset) << 16
    }

    @inlinable public var isContinuation: Bool { raw == 0 }
    @inlinable var isInArena: Bool { raw & 0xFF == Glyph.arenaTag }
    @inlinable var arenaLength: Int { Int(truncatingIfNeeded: (raw >> 8) & 0xFF) }
    @inlinable var arenaOffset: Int { Int(truncatingIfNeeded: raw >> 16) }

    /// Number of UTF-8 bytes of an inline glyph.
    @inlinable var inlineLength: Int { raw == 0 ? 0 : 8 - (raw.leadingZeroBitCount / 8) }

    /// The byte of an ASCII glyph.
    @inlinable public var asciiByte: UInt8 { UInt8(truncatingIfNeeded: raw) }

    /// Whether this glyph is a single ASCII byte.
    @inlinable public var isASCII: Bool { raw != 0 && raw < 0x80 }
}
