import FrameGrid
import Layout
import SceneKit
import Workloads

/// The Twitter profile screen: a blue banner with the avatar overlapping
/// it, the user's details, a Tweets / Replies / Likes bar whose underline
/// slides to the selected filter, and that filter's lazy feed. The whole
/// screen scrolls; the filter bar sticks at the top once it reaches it.
public final class ProfileFeed: Scene {
    public static let name = "profile-feed"
    public static let summary = "Twitter profile: banner, details, sticky Tweets/Replies/Likes bar, lazy feed"
    public static let tabCount = ProfileFilter.allCases.count
    public static let scripts: [Script] = [tour, filters] + CommonScripts.scrolling

    /// The underline's slide from one filter to another.
    static let switchAnimation = Animation.easeInOut(duration: 0.35)

    static let tour = Script(
        "tour", "filters switch with their sliding underline while the profile scrolls, flings, pages and jumps",
        loop: [
            .idle(frames: 10), .select(index: 2, hold: 30), .steady(rows: 1, frames: 30),
            .fling(velocity: 12, decay: 0.9), .select(index: 1, hold: 30), .reversals(rows: 2, every: 10, frames: 40),
            .page(pages: 1, times: 3, every: 8), .select(index: 0, hold: 25), .jump(times: 2, every: 15),
            .fling(velocity: -10, decay: 0.88), .resize(scale: 0.75, hold: 15), .select(index: 2, hold: 25),
            .resize(scale: 1, hold: 10), .page(pages: -1, times: 2, every: 8), .top(hold: 10),
        ])
    static let filters = Script(
        "filters", "switch filters every 40 frames while scrolling a little",
        loop: [
            .select(index: 1, hold: 10), .steady(rows: 1, frames: 29), .select(index: 2, hold: 10),
            .steady(rows: 1, frames: 29), .select(index: 0, hold: 10), .steady(rows: -1, frames: 29),
        ])

    let model: ProfileModel
    private let host: ViewHost<ProfileScreen>
    /// A scroll was requested since the last frame (it needs no view update).
    private var scrollPending = false

    public init(settings: WorkloadSettings) throws {
        let file = try settings.feedFile.map { try FileFeed(path: $0) }
        let count = max(0, file?.count(requested: settings.feedItems) ?? settings.feedItems)
        let model = ProfileModel(tweets: TweetSource(count: count, seed: settings.seed, file: file))
        self.model = model
        host = ViewHost(size: settings.size) { ProfileScreen(model: model) }
    }

    public var size: Size { host.size }
    public var needsFrame: Bool { host.needsFrame || scrollPending }

    public func apply(_ input: SceneInput) {
        let position = model.position
        switch input {
        case .scroll(let rows):
            scroll { position.scroll(by: rows) }
        case .page(let pages):
            let viewport = position.viewportLength > 0 ? position.viewportLength : host.size.rows
            scroll { position.scroll(by: pages * viewport) }
        case .top:
            scroll { position.scrollTo(index: 0) }
        case .bottom:
            scroll { position.scrollTo(index: model.rows.count - 1) }
        case .jump(let fraction):
            let count = model.tweets.count
            let item = min(max(0, count - 1), Int(min(max(fraction, 0), 1) * Double(count)))
            // The item goes just under the pinned filter bar, not beneath it.
            scroll { position.scrollTo(index: ProfileRows.leadingRows + item, offset: -FilterBar.height) }
        case .selectTab(let index):
            let count = ProfileFilter.allCases.count
            select(ProfileFilter(rawValue: (index % count + count) % count) ?? .tweets)
        case .nextTab:
            select(ProfileFilter(rawValue: (model.filter.rawValue + 1) % ProfileFilter.allCases.count) ?? .tweets)
        case .resize(let size):
            host.size = size
        case .carousel, .action:
            break
        }
    }

    public func render(into grid: inout Grid) {
        scrollPending = false
        host.render(into: &grid)
    }

    public func redraw(into grid: inout Grid) { host.redrawLast(into: &grid) }

    private func scroll(_ request: () -> Void) {
        request()
        scrollPending = true
    }

    /// Selects `filter` with the underline sliding to it. Past the header,
    /// the new feed starts at its top under the (still pinned) filter bar.
    private func select(_ filter: ProfileFilter) {
        guard filter != model.filter else { return }
        // A scroll in the same frame counts: lay it out first to know where the bar is.
        if scrollPending { host.layout() }
        if model.position.anchor.index >= ProfileRows.filterBarRow {
            model.position.scrollTo(index: ProfileRows.filterBarRow)
        }
        withAnimation(ProfileFeed.switchAnimation) {
            model.filter = filter
            host.setNeedsUpdate()
        }
    }
}
