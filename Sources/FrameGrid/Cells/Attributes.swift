/// Text attributes a terminal can show, as a bit set.
@frozen
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
    public static let strikethrough = Attributes(rawValue: 1 << 5)

    /// Names in a stable order, as used in recordings and reports.
    public static let named: [(Attributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
        (.reverse, "reverse"), (.strikethrough, "strikethrough"),
    ]
}
