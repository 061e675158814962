import FrameGrid
import Layout

/// Watcha's colours.
enum WatchaColors {
    /// The brand's pink-red.
    static let pink = Color.rgb(255, 5, 88)
    /// Panels floating over the content.
    static let panel = Color.rgb(28, 28, 32)
    static let muted = Color.brightBlack
}

/// The whole app: the welcome screen, then (pushed in from the trailing
/// edge as the welcome screen slides out) the main tab view.
struct WatchaRootView: View {
    let model: WatchaModel

    var body: some View {
        ZStack(alignment: .topLeading) {
            if model.showsMain {
                MainTabView(model: model)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                    .transition(.asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading)))
            } else {
                WelcomeView(size: model.size)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .transition(.move(edge: .leading))
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The first screen: the logo (in block letters where it fits), a
/// tagline and the "go to main" button.
struct WelcomeView: View {
    let size: Size

    /// "WATCHA" in two rows of half blocks.
    static let logo = ["█ █ █ ▄▀█ ▀█▀ █▀▀ █ █ ▄▀█", "▀▄▀▄▀ █▀█  █  █▄▄ █▀█ █▀█"]

    var body: some View {
        VStack(spacing: 1) {
            if size.cols >= 27 && size.rows >= 10 {
                VStack(spacing: 0) {
                    Text(WelcomeView.logo[0])
                    Text(WelcomeView.logo[1])
                }
                .bold()
                .foregroundColor(WatchaColors.pink)
            } else {
                Text("W A T C H A").bold().foregroundColor(WatchaColors.pink)
            }
            Text("Movies, series and webtoons, all in one place").foregroundStyle(.secondary)
            Text("Go to main  ›").bold()
                .padding(.horizontal, 2)
                .padding(.vertical, 1)
                .background(Capsule().stroke(WatchaColors.pink))
        }
        .padding(.horizontal, 1)
    }
}

/// The main screen: the selected tab's content above the tab bar.
struct MainTabView: View {
    let model: WatchaModel

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            TabContent(model: model)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            WatchaTabBar(selection: model.tab)
        }
    }
}

/// The selected tab's screen.
struct TabContent: View {
    let model: WatchaModel

    var body: some View {
        switch WatchaTab(rawValue: model.tab) ?? .home {
        case .home: HomeTab(model: model)
        case .search: SearchTab(model: model)
        case .upcoming: TitleListTab(model: model, tab: .upcoming)
        case .downloads: TitleListTab(model: model, tab: .downloads)
        case .more: MoreTab(model: model)
        }
    }
}

/// The tab bar: a symbol and a title per tab, the selected one in pink
/// under a pink bar that slides to it (matched geometry).
struct WatchaTabBar: View {
    let selection: Int
    @Namespace var namespace

    var body: some View {
        VStack(spacing: 0) {
            ZStack(alignment: .topLeading) {
                Divider()
                HStack(spacing: 0) {
                    ForEach(0..<WatchaTab.allCases.count) { index in
                        indicator(index).frame(maxWidth: .infinity)
                    }
                }
            }
            HStack(spacing: 0) {
                ForEach(0..<WatchaTab.allCases.count) { index in
                    TabBarButton(tab: WatchaTab(rawValue: index)!, isSelected: index == selection)
                        .frame(maxWidth: .infinity)
                }
            }
        }
    }

    private func indicator(_ index: Int) -> (some View)? {
        index == selection
            ? WatchaColors.pink.frame(height: 1).matchedGeometryEffect(id: "selected tab", in: namespace) : nil
    }
}

/// One tab bar item: symbol over title.
struct TabBarButton: View {
    let tab: WatchaTab
    let isSelected: Bool

    var body: some View {
        VStack(spacing: 0) {
            Image(systemName: tab.symbol)
            Text(tab.title).lineLimit(1)
        }
        .foregroundColor(isSelected ? WatchaColors.pink : WatchaColors.muted)
        .fontWeight(isSelected ? .bold : .regular)
    }
}

/// A section's title with a "more" link on the right: used by every list and carousel.
struct SectionHeader: View {
    let title: String
    var trailing: String? = "More ›"

    var body: some View {
        HStack(spacing: 1) {
            Text(title).bold().lineLimit(1)
            Spacer()
            if let trailing { Text(trailing).foregroundStyle(.secondary).lineLimit(1) }
        }
        .padding(.horizontal, 1)
    }
}

/// A poster: a rounded card in the title's colours, a badge at the top
/// and the title at the bottom. The same card at every size.
/// Equatable: a view update (the header collapsing) leaves posters alone.
struct PosterCard: View, Equatable {
    let poster: Poster
    let kind: SectionKind

    var body: some View {
        let size = kind.posterSize
        VStack(alignment: .leading, spacing: 0) {
            Text(badge).foregroundColor(poster.edge).lineLimit(1)
            Spacer(minLength: 0)
            Text(poster.title).bold().foregroundColor(.brightWhite).lineLimit(kind == .hero ? 1 : 2)
            if kind == .hero {
                Text(poster.caption).foregroundStyle(.secondary).lineLimit(1)
            }
        }
        .frame(width: size.cols - 2, height: size.rows - 2, alignment: .topLeading)
        .padding(1)
        .background(RoundedRectangle(cornerRadius: 6).fill(poster.tint))
        .overlay(RoundedRectangle(cornerRadius: 6).stroke(poster.edge))
    }

    private var badge: String {
        switch kind {
        case .hero: return "WATCHA ONLY"
        case .justArrived: return "NEW"
        case .watchagorithm: return poster.ratingText
        case .comingSoon: return "\(1 + poster.index % 12).\(10 + poster.index % 19)"
        }
    }
}
