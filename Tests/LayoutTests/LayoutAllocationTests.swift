import CAllocationCounter
import FrameGrid
import TerminalOutput
import XCTest

@testable import Layout

/// Deterministic counts: frames that only animate allocate nothing across
/// layout, drawing, diff and encode. Release builds only (`swift test -c
/// release --filter LayoutAllocationTests`): unoptimised builds allocate
/// inside standard-library helpers.
final class LayoutAllocationTests: XCTestCase {
    private func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = fb_allocation_counts_now().allocations
        try body()
        return fb_allocation_counts_now().allocations - before
    }

    func testFramesThatOnlyAnimateAllocateNothingInLayoutDiffAndEncode() throws {
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        XCTAssertEqual(fb_allocation_counter_active(), 1)
        let size = Size(cols: 80, rows: 24)
        let feed = GeneratedDataSource(count: 10_000_000) { index in
            "post \(index): " + String(repeating: "words wrap here ", count: index % 5 + 1)
        }
        let position = ScrollPosition()
        let host = ViewHost(size: size, frameRate: 60) { AnimatingFeedScreen(feed: feed, position: position) }
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        let sink = CountingSink()
        var grid = Grid(size: size)
        func frame() throws {
            host.render(into: &grid)
            let diff = renderer.diff(grid)
            renderer.encode(diff, grid)
            try renderer.write(to: sink)
            renderer.commit(swapping: &grid)
        }
        for _ in 0..<5 { try frame() }
        position.scrollTo(index: 5_000_000)
        for _ in 0..<5 { try frame() }
        let rowsBuilt = position.lazyStatistics!.rowsBuilt
        var animatedFrames = 0
        var total: UInt64 = 0
        for round in 0..<4 {
            withAnimation(round % 2 == 0 ? .bouncy : .easeInOut(duration: 0.4)) {
                AnimatingFeedScreen.flag?.wrappedValue.toggle()
            }
            try frame()  // the state change: views are evaluated again (this frame may allocate)
            try frame()  // the first frame of motion warms any buffer the new positions need
            while host.isAnimating {
                total += try allocations { try frame() }
                animatedFrames += 1
            }
        }
        XCTAssertGreaterThan(animatedFrames, 40)
        XCTAssertEqual(total, 0, "allocations over \(animatedFrames) frames that only animate")
        XCTAssertEqual(position.lazyStatistics!.rowsBuilt, rowsBuilt, "animation frames build no rows")
    }
}

/// A feed under a header whose selection underline and badge animate.
struct AnimatingFeedScreen: View {
    let feed: GeneratedDataSource<String>
    let position: ScrollPosition
    @State var second = false
    @Namespace var namespace
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        AnimatingFeedScreen.flag = $second
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 2) {
                Image(systemName: "arrow.left")
                Text("Profile").font(.headline)
                Spacer()
                Capsule().fill(.blue).frame(width: second ? 12 : 4, height: 1)
            }
            .padding(1)
            .background(RoundedRectangle(cornerRadius: 4).stroke(.cyan))
            .overlay(alignment: .topTrailing) { Circle().stroke(.yellow, lineWidth: 2).frame(width: 4, height: 2) }
            HStack(spacing: 0) {
                if second { Spacer() }
                Color.magenta.matchedGeometryEffect(id: "tab", in: namespace).frame(width: second ? 20 : 10, height: 1)
                if !second { Spacer() }
            }
            Divider()
            ScrollView(position: position) {
                LazyVStack(feed, estimatedRowHeight: 2) { text in
                    VStack(alignment: .leading, spacing: 0) {
                        Text(text)
                        Divider()
                    }
                }
            }
        }
    }
}
