import FrameGrid
import Layout

/// The home tab: a fixed top bar and sticky subscription header over a
/// feed of carousels, with the floating "new release" box above the tab bar.
struct HomeTab: View {
    let model: WatchaModel

    var body: some View {
        let catalog = model.catalog
        ZStack(alignment: .bottom) {
            VStack(alignment: .leading, spacing: 0) {
                TopBar()
                SubscriptionHeader(progress: model.headerProgress, width: model.size.cols)
                ScrollView(position: model.homePosition) {
                    LazyVStack(
                        HomeSections(count: catalog.count), estimatedRowHeight: SectionKind.justArrived.height
                    ) { section in
                        HomeSectionRow(section: section, catalog: catalog, position: model.carousel(for: section))
                    }
                }
                .onPreferenceChange(ScrollOffsetPreferenceKey.self) { [model] in model.homeOffsetChanged($0) }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            if catalog.count > 0 {
                FloatingRelease(poster: catalog.poster(section: 1, column: 0))
            }
        }
    }
}

/// The navigation bar: the logo and the search, notification and profile icons. It never scrolls.
struct TopBar: View {
    var body: some View {
        HStack(spacing: 2) {
            Text("WATCHA").bold().foregroundColor(WatchaColors.pink)
            Spacer()
            Image(systemName: "magnifyingglass")
            Image(systemName: "bell")
            Image(systemName: "person.crop.circle")
        }
        .padding(.horizontal, 1)
    }
}

/// The subscription banner that sticks under the top bar and collapses as
/// the feed scrolls: at progress 0 a bold two-line title with a details
/// line; from 1/3 the details go; from 2/3 it is one small line. The text
/// moves right towards the centre with the progress, and the bottom border
/// rises with the banner's height.
struct SubscriptionHeader: View {
    let progress: Double
    let width: Int

    static let title = "Subscribe to Watcha"
    static let offer = "First month free ›"
    static let details = "4K · offline downloads · cancel anytime"

    /// Rows the banner takes, its border included: 4, 3 or 2.
    static func rows(progress: Double) -> Int { progress < 1.0 / 3 ? 4 : progress < 2.0 / 3 ? 3 : 2 }

    var body: some View {
        let rows = SubscriptionHeader.rows(progress: progress)
        VStack(alignment: .leading, spacing: 0) {
            VStack(alignment: .leading, spacing: 0) {
                if rows == 2 {
                    HStack(spacing: 0) {
                        Text(SubscriptionHeader.title + " · ")
                        Text(SubscriptionHeader.offer).foregroundColor(WatchaColors.pink)
                    }
                    .lineLimit(1)
                } else {
                    Text(SubscriptionHeader.title).font(.largeTitle).lineLimit(1)
                    Text(SubscriptionHeader.offer).bold().foregroundColor(WatchaColors.pink).lineLimit(1)
                    if rows == 4 { Text(SubscriptionHeader.details).foregroundStyle(.secondary).lineLimit(1) }
                }
            }
            .padding(.leading, 1 + shift)
            .frame(maxWidth: .infinity, alignment: .leading)
            Divider()
        }
    }

    /// Columns the text has moved right, with the progress: at 1 the compact line is centred.
    private var shift: Int {
        let compactWidth = SubscriptionHeader.title.count + 3 + SubscriptionHeader.offer.count
        let centred = max(0, (width - compactWidth) / 2 - 1)
        return Int((Double(centred) * progress).rounded())
    }
}

/// One home section: its header and its carousel of posters.
/// Equatable: a view update (the header collapsing) leaves the sections
/// and their carousels alone. A row is the same while it shows the same
/// section of the same catalog through the same carousel position.
struct HomeSectionRow: View, Equatable {
    let section: Int
    let catalog: WatchaCatalog
    let position: ScrollPosition

    static func == (a: HomeSectionRow, b: HomeSectionRow) -> Bool {
        a.section == b.section && a.position === b.position && a.catalog.isSame(as: b.catalog)
    }

    var body: some View {
        let kind = HomeSections.kind(section)
        VStack(alignment: .leading, spacing: 0) {
            SectionHeader(title: kind.title)
            ScrollView(.horizontal, position: position) {
                LazyHStack(
                    CarouselPosters(catalog: catalog, section: section), spacing: 1,
                    estimatedColumnWidth: kind.posterSize.cols
                ) { item in
                    PosterCard(poster: item.poster, kind: item.kind)
                }
            }
            .frame(height: kind.posterSize.rows)
            .padding(.horizontal, 1)
        }
        .padding(.bottom, 1)
    }
}

/// The floating "new release" box pinned above the tab bar, over the feed.
struct FloatingRelease: View {
    let poster: Poster

    var body: some View {
        HStack(spacing: 2) {
            Text("NEW").bold().foregroundColor(WatchaColors.pink)
            Text(poster.title).lineLimit(1)
            Image(systemName: "play.fill")
        }
        .padding(.horizontal, 2)
        .padding(.vertical, 1)
        .background(RoundedRectangle(cornerRadius: 4).fill(WatchaColors.panel))
        .overlay(RoundedRectangle(cornerRadius: 4).stroke(WatchaColors.pink))
    }
}

/// The search tab: a search field over the popular searches.
struct SearchTab: View {
    let model: WatchaModel

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Image(systemName: "magnifyingglass")
                Text("Titles, people, collections").foregroundStyle(.secondary).lineLimit(1)
                Spacer()
            }
            .padding(.horizontal, 1)
            .padding(.vertical, 1)
            .background(RoundedRectangle(cornerRadius: 4).stroke(WatchaColors.muted))
            TitleList(model: model, tab: .search)
        }
    }
}

/// The upcoming and downloads tabs: a header over a list of titles.
struct TitleListTab: View {
    let model: WatchaModel
    let tab: WatchaTab

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(tab.title).font(.title).padding(.horizontal, 1)
            TitleList(model: model, tab: tab)
        }
    }
}

/// A tab's lazy list of titles under its section header.
struct TitleList: View {
    let model: WatchaModel
    let tab: WatchaTab

    var body: some View {
        let tab = self.tab
        VStack(alignment: .leading, spacing: 0) {
            SectionHeader(title: TitleList.heading(tab), trailing: nil)
            ScrollView(position: model.tabPositions[tab.rawValue]) {
                LazyVStack(TitleRows(catalog: model.catalog, base: TitleList.base(tab))) { listed in
                    TitleRow(listed: listed, tab: tab)
                }
            }
        }
    }

    static func heading(_ tab: WatchaTab) -> String {
        switch tab {
        case .search: return "Popular searches"
        case .upcoming: return "Coming to Watcha"
        default: return "Saved on this device"
        }
    }

    /// Where the tab's titles start among all titles, so tabs list different ones.
    static func base(_ tab: WatchaTab) -> Int { tab.rawValue << 40 }
}

/// One line of a title list, in the tab's own form.
/// Equatable: a view update leaves listed titles alone.
struct TitleRow: View, Equatable {
    let listed: ListedTitle
    let tab: WatchaTab

    var body: some View {
        let poster = listed.poster
        HStack(spacing: 1) {
            Text(lead).foregroundColor(tab == .search ? WatchaColors.pink : WatchaColors.muted)
            Text(poster.title).lineLimit(1)
            Spacer()
            Text(trail).foregroundStyle(.secondary).lineLimit(1)
        }
        .padding(.horizontal, 1)
    }

    private var lead: String {
        let poster = listed.poster
        switch tab {
        case .upcoming: return "\(1 + poster.index % 12).\(10 + poster.index % 19)"
        case .downloads: return "⇩"
        default: return "\(listed.position + 1)."
        }
    }

    /// A download's progress in eighth blocks, `cells` wide.
    static func progressBar(percent: Int, cells: Int) -> String {
        let eighths = percent * cells * 8 / 100
        let blocks = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths / 8 < cells { bar += blocks[eighths % 8] }
        return bar + String(repeating: " ", count: max(0, cells - bar.count)) + "▏"
    }

    private var trail: String {
        let poster = listed.poster
        switch tab {
        case .upcoming: return "🔔 \(poster.genre)"
        case .downloads:
            let size = "\(1 + poster.rating % 4).\(poster.year % 10) GB"
            guard poster.rating % 3 == 0 else { return size }
            let percent = (poster.index &* 37 % 100 + 100) % 100
            return TitleRow.progressBar(percent: percent, cells: 6) + " \(percent)%"
        default: return poster.caption
        }
    }
}

/// The "More" tab: the member's profile over the settings menu.
struct MoreTab: View {
    let model: WatchaModel

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Image(systemName: "person.crop.circle")
                Text("Watcha member").bold()
                Spacer()
                Text("Basic plan").foregroundColor(WatchaColors.pink)
            }
            .padding(1)
            SectionHeader(title: "Settings", trailing: nil)
            ScrollView(position: model.tabPositions[WatchaTab.more.rawValue]) {
                LazyVStack(MenuRows()) { index in
                    HStack(spacing: 1) {
                        Image(systemName: MoreMenu.entries[index].symbol)
                        Text(MoreMenu.entries[index].title)
                        Spacer()
                        Image(systemName: "chevron.right").foregroundStyle(.secondary)
                    }
                    .padding(.horizontal, 1)
                }
            }
        }
    }
}
