import FrameGrid
import Layout
import TerminalOutput

/// A feed screen driven frame by frame, with the full pipeline after layout:
/// draw, diff, encode, write (to a counting sink) and commit.
final class FeedRun {
    let feed: TweetFeed
    let position = ScrollPosition()
    let host: ViewHost<FeedScreen>
    let renderer: TerminalRenderer
    let sink = CountingSink()
    var grid: Grid

    init(count: Int, size: Size, seed: UInt64, capabilities: TerminalCapabilities) {
        feed = TweetFeed(count: count, seed: seed, width: size.cols - 2)
        let feed = self.feed
        let position = self.position
        host = ViewHost(size: size, frameRate: 60) { FeedScreen(feed: feed, position: position) }
        renderer = TerminalRenderer(capabilities: capabilities)
        grid = Grid(size: size)
    }

    /// One frame through the whole pipeline; returns its duration in nanoseconds.
    @inline(never)
    func frame() throws -> UInt64 {
        let start = Probe.nanoseconds()
        host.render(into: &grid)
        let diff = renderer.diff(grid)
        renderer.encode(diff, grid)
        try renderer.write(to: sink)
        renderer.commit(swapping: &grid)
        return Probe.nanoseconds() - start
    }
}

/// The feed under a fixed header whose tab underline can animate.
struct FeedScreen: View {
    let feed: TweetFeed
    let position: ScrollPosition
    @State var secondTab = false
    @Namespace var tabs
    nonisolated(unsafe) static var tabSelection: Binding<Bool>?

    var body: some View {
        FeedScreen.tabSelection = $secondTab
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 2) {
                Image(systemName: "arrow.left")
                Text("Profile").font(.headline)
                Spacer()
                Image(systemName: "bell.badge")
            }
            .padding(.horizontal, 1)
            HStack(spacing: 0) {
                Text("Posts").frame(maxWidth: .infinity)
                Text("Replies").frame(maxWidth: .infinity)
            }
            HStack(spacing: 0) {
                if secondTab { Spacer() }
                Color.blue.matchedGeometryEffect(id: "underline", in: tabs).frame(width: secondTab ? 14 : 10, height: 1)
                    .frame(maxWidth: .infinity)
                if !secondTab { Spacer() }
            }
            ScrollView(position: position) {
                LazyVStack(feed, estimatedRowHeight: 6) { TweetRow(tweet: $0) }
            }
        }
    }
}
