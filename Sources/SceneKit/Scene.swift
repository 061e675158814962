import FrameGrid
import Workloads

/// One input to a scene, from a script or a key: what a user's finger or
/// keyboard does, in the scene's own terms.
public enum SceneInput: Equatable, Sendable {
    /// Scroll the main scroll view by this many rows (positive: towards the end).
    case scroll(Int)
    /// Scroll by this many viewports (positive: down).
    case page(Int)
    /// To the top, or to the very end, of the main scroll view.
    case top
    case bottom
    /// Jump to the item at this fraction (0..<1) of the feed.
    case jump(Double)
    /// Select tab or filter `n` (0-based; scenes without tabs ignore it).
    case selectTab(Int)
    /// The next tab or filter, wrapping around.
    case nextTab
    /// Scroll the horizontal carousel nearest the top of the screen by this many columns.
    case carousel(Int)
    /// The terminal changed size.
    case resize(Size)
    /// The screen's primary action (the welcome screen's "go to main" button).
    case action
}

/// A screen rebuilt for the terminal on the layout engine, driven by inputs.
///
/// The scene owns its `ViewHost`: `apply` changes its model (animated where
/// the screen animates) and `render` lays out and draws the next frame,
/// advancing the host's clock by one frame.
public protocol Scene: AnyObject {
    /// The name used on the command line.
    static var name: String { get }
    /// One line for `framebench list`.
    static var summary: String { get }
    /// The scripts this scene can be driven by; the first is its default.
    static var scripts: [Script] { get }
    /// Tabs or filters that 1-5 and Tab select (0 when the scene has none).
    static var tabCount: Int { get }

    init(settings: WorkloadSettings) throws

    /// The screen size, changed by `.resize`.
    var size: Size { get }
    /// Whether the next frame would differ from the last: an input is
    /// waiting or an animation runs (the host's `needsFrame`).
    var needsFrame: Bool { get }
    /// Applies one input to the model; takes effect at the next `render`.
    func apply(_ input: SceneInput)
    /// Lays out and draws the next frame into `grid` (of `size`), then advances the clock.
    func render(into grid: inout Grid)
    /// Draws the last frame again without advancing the clock.
    func redraw(into grid: inout Grid)
}

extension Scene {
    /// The script called `name`, or nil when the scene has none by that name.
    public static func script(named name: String) -> Script? {
        name == "default" ? scripts.first : scripts.first { $0.name == name }
    }
}
