import FrameGrid

/// A text style, mapped to what a terminal can show: titles and heavier
/// weights are bold, captions and lighter weights dim, body text plain.
public struct Font: Sendable, Equatable {
    let emphasis: Attributes

    init(emphasis: Attributes) { self.emphasis = emphasis }

    public static let largeTitle = Font(emphasis: .bold)
    public static let title = Font(emphasis: .bold)
    public static let title2 = Font(emphasis: .bold)
    public static let title3 = Font(emphasis: .bold)
    public static let headline = Font(emphasis: .bold)
    public static let subheadline = Font(emphasis: [])
    public static let body = Font(emphasis: [])
    public static let callout = Font(emphasis: [])
    public static let footnote = Font(emphasis: .dim)
    public static let caption = Font(emphasis: .dim)
    public static let caption2 = Font(emphasis: .dim)

    /// A font of a given point size (sizes do not exist in a terminal) and weight.
    public static func system(size: Double, weight: Weight = .regular) -> Font { Font(emphasis: weight.attributes) }

    /// This font with another weight.
    public func weight(_ weight: Weight) -> Font { Font(emphasis: weight.attributes) }
    /// This font in bold.
    public func bold() -> Font { Font(emphasis: .bold) }

    var attributes: Attributes { emphasis }

    /// Font weights, from thinnest to heaviest.
    public enum Weight: Sendable, Equatable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        var attributes: Attributes {
            switch self {
            case .ultraLight, .thin, .light: return .dim
            case .regular, .medium: return []
            case .semibold, .bold, .heavy, .black: return .bold
            }
        }
    }
}

/// Hierarchical foreground styles: secondary and tertiary text is dim.
public enum HierarchicalStyle: Sendable {
    case primary, secondary, tertiary
}
