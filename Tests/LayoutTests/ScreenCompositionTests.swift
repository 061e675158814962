import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// Whole screens built the way the seed screens are written: the layout
/// engine's pieces together, checked as expected screens.
final class ScreenCompositionTests: XCTestCase {
    func testAProfileFeedScreen() {
        let posts = GeneratedDataSource(count: 1_000_000) { index in
            index % 2 == 0 ? "short post \(index)" : "a longer post \(index) that wraps onto a second line"
        }
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 30, rows: 12)) { ProfileScreen(posts: posts, position: position) }
        var grid = Grid(cols: 30, rows: 12)
        assertScreen(
            Screen.frame(host, &grid),
            [
                "← Profile                   🔔",
                "╭────────────────────────────╮",
                "│ Ada Lovelace ✔             │",
                "│ @ada · 📍 London           │",
                "╰────────────────────────────╯",
                "     Posts         Replies",
                "short post 0",
                "──────────────────────────────",
                "a longer post 1 that wraps",
                "onto a second line",
                "──────────────────────────────",
                "short post 2",
            ])
        position.scroll(by: 3)
        assertScreen(
            Screen.frame(host, &grid),
            [
                "← Profile                   🔔",
                "╭────────────────────────────╮",
                "│ Ada Lovelace ✔             │",
                "│ @ada · 📍 London           │",
                "╰────────────────────────────╯",
                "     Posts         Replies",
                "onto a second line",
                "──────────────────────────────",
                "short post 2",
                "──────────────────────────────",
                "a longer post 3 that wraps",
                "onto a second line",
            ])
    }
}

struct ProfileScreen: View {
    let posts: GeneratedDataSource<String>
    let position: ScrollPosition

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                Image(systemName: "arrow.left")
                Text("Profile").font(.headline)
                Spacer()
                Image(systemName: "bell.badge")
            }
            VStack(alignment: .leading, spacing: 0) {
                HStack {
                    Text("Ada Lovelace").fontWeight(.semibold)
                    Image(systemName: "checkmark.seal.fill").foregroundColor(.blue)
                }
                HStack {
                    Text("@ada").foregroundStyle(.secondary)
                    Text("·")
                    Image(systemName: "mappin.and.ellipse")
                    Text("London")
                }
            }
            .padding(.horizontal, 1)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(.vertical, 1)
            .padding(.horizontal, 1)
            .background(RoundedRectangle(cornerRadius: 8).stroke())
            HStack(spacing: 0) {
                Text("Posts").bold().frame(maxWidth: .infinity)
                Text("Replies").foregroundStyle(.secondary).frame(maxWidth: .infinity)
            }
            ScrollView(position: position) {
                LazyVStack(posts, estimatedRowHeight: 2) { post in
                    VStack(alignment: .leading, spacing: 0) {
                        Text(post)
                        Divider()
                    }
                }
            }
        }
    }
}
