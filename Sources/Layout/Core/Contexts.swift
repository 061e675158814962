import FrameGrid

/// What a view update knows about where it happens: the inherited
/// environment (font, colours, stack axis) and the host whose state and
/// transaction it runs in. Passed down while nodes are built and updated.
public struct BuildContext {
    var environment = EnvironmentValues()
    /// The host whose tree is being built. Not weak: a context is copied
    /// several times per node built or updated (each modifier, stack and
    /// slot hands on its own), and a weak reference's copy and destroy went
    /// through the runtime's side table, ~75 instructions a copy: about 3%
    /// of a frame that builds a screen of rows (callgrind). Unowned and
    /// unchecked because a context is only read while its host builds or
    /// lays out its own tree: the host owns that tree and the pools its
    /// nodes go to, so no node outlives its host in use. (A node a
    /// process-wide ring still holds after its host is gone, `KeptRowViews`,
    /// is only compared by identity, never built, laid out or taken apart,
    /// and no node's `deinit` reads its context.)
    unowned(unsafe) var host: HostCore?

    init(host: HostCore?) { self.host = host }

    /// The animation of the update in progress (nil: changes apply at once).
    var animation: Animation? { host?.transactionAnimation }

    func with(_ change: (inout EnvironmentValues) -> Void) -> BuildContext {
        var copy = self
        change(&copy.environment)
        return copy
    }

    /// The context of a stack's content: spacers and dividers in it orient along `axis`.
    @usableFromInline
    func inStack(_ axis: Axis) -> BuildContext { with { $0.stackAxis = axis } }

    /// The context of a layer (`background`, `overlay`): in no stack.
    @usableFromInline
    func outsideStacks() -> BuildContext { with { $0.stackAxis = nil } }
}

/// Values inherited down the view tree, set by modifiers.
public struct EnvironmentValues {
    var foreground: Color?
    var background: Color?
    var font: Font?
    var fontWeight: Font.Weight?
    /// Attributes added by modifiers (`bold()`, `italic()`, `.foregroundStyle(.secondary)`).
    var attributes: Attributes = []
    /// The most lines a text may take (`.lineLimit`).
    var lineLimit: Int?
    /// The axis of the nearest enclosing stack (how `Spacer` and `Divider` orient).
    var stackAxis: Axis?
    /// The scroll view that a lazy stack inside it reports to.
    var scrollPosition: ScrollPosition?
    /// That scroll view's axis.
    var scrollAxis: Axis?

    /// Whether views built with these values come out as with `other`:
    /// every value equal, the scroll view the same object.
    func isSame(as other: EnvironmentValues) -> Bool {
        foreground == other.foreground && background == other.background && font == other.font
            && fontWeight == other.fontWeight && attributes == other.attributes && lineLimit == other.lineLimit
            && stackAxis == other.stackAxis && scrollPosition === other.scrollPosition
            && scrollAxis == other.scrollAxis
    }

    /// The text style these values give.
    var textStyle: Style {
        var attributes = self.attributes
        if let fontWeight {
            attributes.formUnion(fontWeight.attributes)
        } else if let font {
            attributes.formUnion(font.attributes)
        }
        return Style(foreground: foreground ?? .default, background: background ?? .default, attributes: attributes)
    }
}

/// Shared state of one layout pass, owned by the host and reused every frame.
final class LayoutContext {
    /// The host's clock, in seconds.
    var time: Double = 0
    /// Set while a state change made inside `withAnimation` is laid out.
    var animation: Animation?
    /// Where newly inserted nodes start from (transitions, matched geometry).
    var insertion: InsertionEffect?
    weak var host: HostCore?

    init(host: HostCore?) { self.host = host }
}

extension ViewNode {
    /// Sets the frame; starts or retargets an animation when the frame moves.
    final func setFrame(_ rect: Rect, _ context: LayoutContext) {
        if !hasBeenPlaced {
            hasBeenPlaced = true
            frame = rect
            DrawInvalidation.changed()  // a node drawn for the first time, even at its old (zero) frame
            if let animation = context.animation, let insertion = context.insertion {
                self.animation = FrameAnimation(
                    from: insertion.start(for: rect), to: rect, start: context.time, animation: animation)
            }
            return
        }
        guard rect != frame else { return }
        if let animation = context.animation {
            self.animation = FrameAnimation(
                from: presentedFrame(at: context.time), to: rect, start: context.time, animation: animation)
        } else if var running = animation, context.time < running.endTime {
            // Moved without animation (a scroll) while animating: carry the motion along.
            running.retarget(from: frame, to: rect)
            animation = running
        } else {
            animation = nil
        }
        frame = rect
    }
}

/// What drawing needs: the clock and the visible area.
public struct RenderContext {
    var time: Double
    var clip: Rect
    /// The moves owed by the node being drawn and its ancestors (see
    /// `ViewNode.owedX`): frames are drawn this far from where they say.
    var offsetX = 0
    var offsetY = 0
}
