import FrameGrid
import Layout

/// The state of the Watcha screen that the views read and the scene's
/// inputs change: which screen and tab show, every scroll position, and
/// the sticky header's collapse progress.
final class WatchaModel {
    static let tabCount = 5
    /// Rows of home scrolling over which the subscription header collapses.
    static let headerThreshold = 6

    let catalog: WatchaCatalog
    var size: Size
    /// False on the welcome screen; true once "go to main" was pressed.
    var showsMain = false
    var tab = 0
    /// The vertical scroll position of each tab's list (0: the home feed).
    let tabPositions = (0..<WatchaModel.tabCount).map { _ in ScrollPosition() }
    /// The subscription header's collapse, 0 (expanded) ... 1 (compact).
    private(set) var headerProgress = 0.0
    /// Called when a change made during layout needs the views evaluated again.
    var invalidate: () -> Void = {}
    /// Each home carousel's horizontal position, by section (those near the viewport).
    private var carousels: [Int: ScrollPosition] = [:]

    init(catalog: WatchaCatalog, size: Size) {
        self.catalog = catalog
        self.size = size
    }

    var homePosition: ScrollPosition { tabPositions[0] }
    var activePosition: ScrollPosition { tabPositions[tab] }

    /// How many rows the current tab's list has.
    var activeCount: Int { tab == WatchaTab.more.rawValue ? MoreMenu.entries.count : catalog.count }

    /// The horizontal position of section `section`'s carousel, kept while
    /// the section is near the viewport (far ones are forgotten, so a long
    /// session over ten million sections keeps only a few).
    func carousel(for section: Int) -> ScrollPosition {
        if let position = carousels[section] { return position }
        if carousels.count >= 256 {
            let near = homePosition.anchor.index
            carousels = carousels.filter { abs($0.key - near) <= 32 }
        }
        let position = ScrollPosition()
        carousels[section] = position
        return position
    }

    /// The section whose carousel is nearest the top of the home viewport:
    /// the top section, or the next once most of the top one's posters have scrolled off.
    var sectionNearestTop: Int? {
        guard catalog.count > 0 else { return nil }
        let anchor = homePosition.anchor
        let kind = HomeSections.kind(anchor.index)
        let postersGone = anchor.offset > 1 + kind.posterSize.rows / 2
        return postersGone && anchor.index + 1 < catalog.count ? anchor.index + 1 : anchor.index
    }

    /// The home feed's scroll offset changed (after a layout): collapse the header to match.
    func homeOffsetChanged(_ offset: Int) {
        let progress = WatchaModel.progress(offset: offset)
        guard progress != headerProgress else { return }
        headerProgress = progress
        invalidate()
    }

    /// clamp(offset / threshold, 0, 1).
    static func progress(offset: Int) -> Double {
        min(1, max(0, Double(offset) / Double(headerThreshold)))
    }
}

/// The tabs of the main screen, in tab bar order.
enum WatchaTab: Int, CaseIterable {
    case home, search, upcoming, downloads, more

    var title: String {
        switch self {
        case .home: return "Home"
        case .search: return "Search"
        case .upcoming: return "Upcoming"
        case .downloads: return "Downloads"
        case .more: return "More"
        }
    }

    var symbol: String {
        switch self {
        case .home: return "house.fill"
        case .search: return "magnifyingglass"
        case .upcoming: return "calendar"
        case .downloads: return "arrow.down"
        case .more: return "ellipsis"
        }
    }
}

/// The "More" tab's menu.
enum MoreMenu {
    static let entries: [(symbol: String, title: String)] = [
        ("person.crop.circle", "Profile"), ("star", "Rated titles"), ("heart", "Wishlist"),
        ("bell", "Notifications"), ("tv", "Connected devices"), ("lock", "Privacy"),
        ("gearshape", "Settings"), ("bubble.left", "Help center"),
    ]
}

/// An index into the "More" menu, as a lazy source.
struct MenuRows: LazyDataSource {
    var count: Int { MoreMenu.entries.count }
    func item(at index: Int) -> Int { index }
}
