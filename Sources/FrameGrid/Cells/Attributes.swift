/// Text attributes a terminal can show, as a bit set.
@frozen
public struct Attributes: OptionSet, Hashable, Sendable {
    // The flags are computed, not stored: a stored static is reached through
    // an addressor call from other modules (the encoder's pen changes made
    // a dozen such calls each; callgrind), a computed one folds to a constant.
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    @inlinable public static var bold: Attributes { Attributes(rawValue: 1 << 0) }
    @inlinable public static var dim: Attributes { Attributes(rawValue: 1 << 1) }
    @inlinable public static var italic: Attributes { Attributes(rawValue: 1 << 2) }
    @inlinable public static var underline: Attributes { Attributes(rawValue: 1 << 3) }
    @inlinable public static var reverse: Attributes { Attributes(rawValue: 1 << 4) }
    @inlinable public static var strikethrough: Attributes { Attributes(rawValue: 1 << 5) }

    /// Names in a stable order, as used in recordings and reports.
    public static let named: [(Attributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
        (.reverse, "reverse"), (.strikethrough, "strikethrough"),
    ]
}
