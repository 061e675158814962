import FrameGrid
import Layout
import SceneKit
import Workloads

/// Safari's bottom bar over a long web page: the bar collapses to a line
/// with the domain while the reader scrolls down, expands again on a scroll
/// up or a pull past the end of the page, and springs (bouncy) between the
/// two while the page area grows and shrinks. See `BottomBarState` for the rules.
public final class SafariReader: Scene {
    public static let name = "safari-reader"
    public static let summary = "Safari's bottom bar collapsing and expanding (bouncy) over a long lazy web page"
    public static let tabCount = 0
    public static let scripts: [Script] = [tour, pull] + CommonScripts.scrolling

    /// Every feature in one loop: slow and fast scrolls down (collapse) and up
    /// (expand), flings, reversals, pages, jumps, the pull at the bottom, a resize.
    public static let tour = Script(
        "tour", "collapse and expand the bar by scrolling, flings, pages, jumps, the pull at the bottom, a resize",
        loop: [
            .idle(frames: 15), .steady(rows: 1, frames: 30), .idle(frames: 10), .steady(rows: -1, frames: 12),
            .fling(velocity: 12, decay: 0.92), .idle(frames: 20), .fling(velocity: -8, decay: 0.9),
            .reversals(rows: 2, every: 12, frames: 48), .page(pages: 1, times: 3, every: 12),
            .page(pages: -1, times: 2, every: 12), .jump(times: 3, every: 25),
            .overscroll(pulls: 2, rows: 1, every: 40), .steady(rows: -2, frames: 10),
            .resize(scale: 0.75, hold: 10), .steady(rows: 1, frames: 20), .resize(scale: 1, hold: 10),
            .top(hold: 30),
        ])

    /// The bottom rule, slowly: to the end (collapsed), pulls (expanded), up, down again, pull again.
    public static let pull = Script(
        "pull", "at the end of the page a pull past it expands the bar; scrolling down again collapses it",
        loop: [
            .overscroll(pulls: 2, rows: 1, every: 45), .steady(rows: -1, frames: 8), .idle(frames: 40),
            .steady(rows: 1, frames: 4), .idle(frames: 45), .overscroll(pulls: 1, rows: 3, every: 45),
            .top(hold: 45),
        ])

    /// The bar's spring: bouncy enough that the bar visibly passes its place.
    public static let barAnimation = Animation.bouncy(duration: 0.5, extraBounce: 0.3)

    private let model: SafariModel
    private let host: ViewHost<SafariScreen>
    /// A scroll or resize was asked for since the last frame (it needs a layout, not a view update).
    private var layoutPending = false

    public init(settings: WorkloadSettings) throws {
        let file = try settings.feedFile.map { try FileFeed(path: $0) }
        let count = file?.count(requested: max(0, settings.feedItems)) ?? max(0, settings.feedItems)
        let model = SafariModel(article: Article(count: count, seed: settings.seed, file: file))
        self.model = model
        host = ViewHost(size: settings.size) { SafariScreen(model: model) }
    }

    public var size: Size { host.size }
    public var needsFrame: Bool { layoutPending || host.needsFrame }
    /// The bar's state (changes show from the next frame, animated).
    public var barState: BottomBarState { model.bar }

    public func apply(_ input: SceneInput) {
        let position = model.position
        let count = model.article.count
        switch input {
        case .scroll(let rows):
            scroll(by: rows)
        case .page(let pages):
            let viewport = position.viewportLength > 0 ? position.viewportLength : host.size.rows
            scroll(by: pages * viewport)
        case .top:
            position.scrollTo(index: 0)
            layoutPending = true
            setBar(model.bar.reachedTop())
        case .bottom:
            pinToBottom()
            setBar(model.bar.reachedBottom())
        case .jump(let fraction):
            guard count > 0, fraction.isFinite else { return }
            let target = min(count - 1, max(0, Int(fraction * Double(count))))
            let from = position.anchor.index
            position.scrollTo(index: target)
            layoutPending = true
            setBar(model.bar.jumped(by: target - from))
        case .resize(let size):
            host.size = size
            layoutPending = true
        case .selectTab, .nextTab, .carousel, .action:
            break
        }
    }

    public func render(into grid: inout Grid) {
        host.render(into: &grid)
        layoutPending = false
    }

    public func redraw(into grid: inout Grid) { host.redrawLast(into: &grid) }

    private func scroll(by rows: Int) {
        guard rows != 0 else { return }
        // Whether this is a pull past the end is decided by where the last frame left the page.
        let atBottom = model.position.isAtEnd
        if atBottom && rows > 0 {
            // A pull: the page stays at its end while the bar expands over less room.
            pinToBottom()
        } else {
            model.position.scroll(by: rows)
            layoutPending = true
        }
        setBar(model.bar.scrolled(by: rows, atBottom: atBottom))
    }

    /// The last block's end at the viewport's bottom: far into the last block,
    /// which the lazy stack pulls back until it ends at the bottom.
    private func pinToBottom() {
        guard model.article.count > 0 else { return }
        model.position.scrollTo(index: model.article.count - 1, offset: 1 << 30)
        layoutPending = true
    }

    private func setBar(_ state: BottomBarState) {
        guard state != model.bar else { return }
        withAnimation(SafariReader.barAnimation) {
            model.bar = state
            host.setNeedsUpdate()
        }
    }
}
