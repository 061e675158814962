import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class StateAndNavigationTests: XCTestCase {
    func testAStateChangeProducesANewFrame() {
        let host = ViewHost(size: Size(cols: 10, rows: 1)) { CounterView() }
        var grid = Grid(cols: 10, rows: 1)
        assertScreen(Screen.frame(host, &grid), [" count 0"])
        XCTAssertFalse(host.needsUpdate)
        CounterView.lastBinding?.wrappedValue = 3
        XCTAssertTrue(host.needsUpdate)
        assertScreen(Screen.frame(host, &grid), [" count 3"])
    }

    func testTabViewShowsTheSelectedTabAndATabBar() {
        let host = ViewHost(size: Size(cols: 20, rows: 4)) { TabsScreen() }
        var grid = Grid(cols: 20, rows: 4)
        assertScreen(Screen.frame(host, &grid), ["home page", "", "────────────────────", "  ⌂ Home   ⌕ Search"])
        XCTAssertEqual(grid[2, 3].attributes, .bold, "the selected tab is bold")
        XCTAssertEqual(grid[13, 3].attributes, .dim)
        TabsScreen.selection?.wrappedValue = 1
        assertScreen(Screen.frame(host, &grid), ["search page", "", "────────────────────", "  ⌂ Home   ⌕ Search"])
        XCTAssertEqual(grid[13, 3].attributes, .bold)
    }

    func testNavigationPushShowsTheDestinationAndPopReturnsToTheRoot() {
        let host = ViewHost(size: Size(cols: 12, rows: 2)) { NavigationScreen() }
        var grid = Grid(cols: 12, rows: 2)
        assertScreen(Screen.frame(host, &grid), ["root", "taps 0"])
        NavigationScreen.taps?.wrappedValue = 2
        NavigationScreen.path?.wrappedValue.append("detail")
        assertScreen(Screen.frame(host, &grid), ["‹ detail"])
        NavigationScreen.path?.wrappedValue.append("more")
        assertScreen(Screen.frame(host, &grid), ["‹ more"])
        NavigationScreen.path?.wrappedValue.removeLast(2)
        assertScreen(Screen.frame(host, &grid), ["root", "taps 2"], "the root kept its state while covered")
    }
}

final class NavigationAnimationTests: XCTestCase {
    func testAnAnimatedPushSlidesTheDestinationInFromTheTrailingEdge() {
        let host = ViewHost(size: Size(cols: 8, rows: 1), frameRate: 4) { NavigationScreen() }
        var grid = Grid(cols: 8, rows: 1)
        _ = Screen.frame(host, &grid)
        withAnimation(.linear(duration: 1)) { NavigationScreen.path?.wrappedValue.append("x") }
        var screens: [String] = []
        for _ in 0..<5 { screens.append(Screen.frame(host, &grid)[0]) }
        // The destination fills the screen's width, so it starts one screen to the right.
        XCTAssertEqual(screens, ["", "      ‹", "    ‹ x", "  ‹ x", "‹ x"])
        withAnimation(.linear(duration: 1)) { NavigationScreen.path?.wrappedValue.removeLast() }
        screens = []
        for _ in 0..<5 { screens.append(Screen.frame(host, &grid)[0]) }
        // The popped screen (opaque: it has a background) slides out over the root, which is back at once.
        XCTAssertEqual(screens, ["‹ x", "ro‹ x", "root‹ x", "root  ‹", "root"])
    }
}

struct TabsScreen: View {
    @State var selected = 0
    nonisolated(unsafe) static var selection: Binding<Int>?

    var body: some View {
        TabsScreen.selection = $selected
        return TabView(selection: $selected) {
            Tab("Home", systemImage: "house", value: 0) { Text("home page") }
            Tab("Search", systemImage: "magnifyingglass", value: 1) { Text("search page") }
        }
    }
}

struct NavigationScreen: View {
    @State var routes: [String] = []
    @State var count = 0
    nonisolated(unsafe) static var path: Binding<[String]>?
    nonisolated(unsafe) static var taps: Binding<Int>?

    var body: some View {
        NavigationScreen.path = $routes
        NavigationScreen.taps = $count
        return NavigationStack(path: $routes) {
            VStack(alignment: .leading, spacing: 0) {
                Text("root")
                Text("taps \(count)")
            }
        } destination: { route in
            Text("‹ \(route)")
        }
    }
}
