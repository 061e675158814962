import FrameGrid
import TestSupport
import XCTest

@testable import Layout

final class AnimationCurveTests: XCTestCase {
    func testSpringProgressIsEachSpringsOwnAtEachTime() {
        // Progress is remembered for the last spring and time asked: asking
        // two springs in turn, and one at two times, gives each its own answer.
        let springs = [Animation.spring(response: 0.5, dampingFraction: 0.5), .bouncy, .spring]
        for step in 0..<60 {
            let elapsed = Double(step) / 60
            for _ in 0..<2 {
                for spring in springs {
                    guard case .spring(let omega, let zeta) = spring.curve else { return XCTFail("not a spring") }
                    let expected = elapsed >= spring.duration ? 1 : 1 - Animation.displacement(elapsed, omega, zeta)
                    XCTAssertEqual(spring.progress(at: elapsed), expected, "\(spring) at \(elapsed)")
                }
            }
        }
    }

    func testLinearAndEaseInOutProgress() {
        let linear = Animation.linear(duration: 2)
        XCTAssertEqual(linear.progress(at: 0), 0)
        XCTAssertEqual(linear.progress(at: 0.5), 0.25, accuracy: 1e-9)
        XCTAssertEqual(linear.progress(at: 2), 1)
        let ease = Animation.easeInOut(duration: 1)
        XCTAssertEqual(ease.progress(at: 0.25), 0.0625, accuracy: 1e-9)
        XCTAssertEqual(ease.progress(at: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(ease.progress(at: 0.75), 0.9375, accuracy: 1e-9)
    }

    func testBouncySpringOvershootsAndSettles() {
        let bouncy = Animation.bouncy(duration: 0.5, extraBounce: 0.2)
        let samples = stride(from: 0.0, through: bouncy.duration, by: 0.01).map { bouncy.progress(at: $0) }
        XCTAssertGreaterThan(samples.max()!, 1.05, "a bouncy spring passes its target")
        XCTAssertEqual(bouncy.progress(at: bouncy.duration), 1)
        XCTAssertEqual(Animation.displacement(bouncy.duration, 2 * .pi / 0.5, 0.5), 0, accuracy: 0.002)
    }

    func testCriticallyDampedSpringNeverOvershoots() {
        let smooth = Animation.spring(response: 0.4, dampingFraction: 1)
        for step in 0...100 {
            let progress = smooth.progress(at: smooth.duration * Double(step) / 100)
            XCTAssertLessThanOrEqual(progress, 1 + 1e-12)
        }
    }
}

final class AnimationLayoutTests: XCTestCase {
    func testLinearMoveIsInterpolatedFrameByFrame() {
        let host = ViewHost(size: Size(cols: 9, rows: 1), frameRate: 4) { Mover() }
        var grid = Grid(cols: 9, rows: 1)
        assertScreen(Screen.frame(host, &grid), ["#"])
        withAnimation(.linear(duration: 1)) { Mover.flag?.wrappedValue = true }
        var screens: [String] = []
        for _ in 0..<6 { screens.append(Screen.frame(host, &grid)[0]) }
        XCTAssertEqual(screens, ["#", "  #", "    #", "      #", "        #", "        #"])
        XCTAssertFalse(host.isAnimating)
    }

    func testEaseInOutMoveIsSlowAtTheEndsAndFastInTheMiddle() {
        let host = ViewHost(size: Size(cols: 9, rows: 1), frameRate: 4) { Mover() }
        var grid = Grid(cols: 9, rows: 1)
        _ = Screen.frame(host, &grid)
        withAnimation(.easeInOut(duration: 1)) { Mover.flag?.wrappedValue = true }
        var screens: [String] = []
        for _ in 0..<5 { screens.append(Screen.frame(host, &grid)[0]) }
        // Progress 0, 1/16, 1/2, 15/16, 1 of 8 columns: 0, 0.5 (rounds to 1), 4, 7.5 (to 8), 8.
        XCTAssertEqual(screens, ["#", " #", "    #", "        #", "        #"])
    }

    func testAChangeWithoutAnimationJumps() {
        let host = ViewHost(size: Size(cols: 9, rows: 1), frameRate: 4) { Mover() }
        var grid = Grid(cols: 9, rows: 1)
        _ = Screen.frame(host, &grid)
        Mover.flag?.wrappedValue = true
        assertScreen(Screen.frame(host, &grid), ["        #"])
    }

    func testBouncyMoveOvershootsItsTarget() {
        let host = ViewHost(size: Size(cols: 9, rows: 1), frameRate: 60) { Mover(leftInset: 4) }
        var grid = Grid(cols: 9, rows: 1)
        _ = Screen.frame(host, &grid)
        withAnimation(.bouncy(duration: 0.5, extraBounce: 0.3)) { Mover.flag?.wrappedValue = true }
        var columns: [Int] = []
        while host.isAnimating || columns.isEmpty {
            columns.append(Screen.frame(host, &grid)[0].count - 1)
        }
        // From column 4 towards column 8: a bouncy spring runs past 8 (the screen clips at 8, so check the frames).
        XCTAssertEqual(columns.first, 4)
        XCTAssertEqual(columns.last, 8)
        XCTAssertTrue(columns.contains(8))
        let host2 = ViewHost(size: Size(cols: 20, rows: 1), frameRate: 60) { Mover(leftInset: 0, width: 10) }
        var wide = Grid(cols: 20, rows: 1)
        _ = Screen.frame(host2, &wide)
        withAnimation(.bouncy(duration: 0.5, extraBounce: 0.3)) { Mover.flag?.wrappedValue = true }
        var maxColumn = 0
        repeat { maxColumn = max(maxColumn, Screen.frame(host2, &wide)[0].count - 1) } while host2.isAnimating
        XCTAssertGreaterThan(maxColumn, 9, "overshoots column 9 on the way to it")
    }

    func testEighthBlocksShowSubCellMotionOfAFill() {
        let host = ViewHost(size: Size(cols: 1, rows: 2), frameRate: 8) { Dropper() }
        var grid = Grid(cols: 1, rows: 2)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(grid[0, 0].background, .red)
        withAnimation(.linear(duration: 1)) { Dropper.flag?.wrappedValue = true }
        _ = Screen.frame(host, &grid)  // t = 0: still at row 0
        _ = Screen.frame(host, &grid)  // t = 1/8: an eighth down
        XCTAssertEqual(grid.lines, ["▇", "▇"])
        XCTAssertEqual(grid[0, 0].foreground, .red, "row 0: the lower 7/8 in red")
        XCTAssertEqual(grid[0, 1].attributes, .reverse, "row 1: its upper 1/8 red, drawn reversed")
        XCTAssertEqual(grid[0, 1].foreground, .red)
        _ = Screen.frame(host, &grid)
        _ = Screen.frame(host, &grid)  // t = 3/8
        XCTAssertEqual(grid.lines, ["▅", "▅"])
    }

    func testEighthBlocksShowSubCellMotionSideways() {
        let host = ViewHost(size: Size(cols: 4, rows: 1), frameRate: 8) { Slider() }
        var grid = Grid(cols: 4, rows: 1)
        _ = Screen.frame(host, &grid)
        withAnimation(.linear(duration: 1)) { Slider.flag?.wrappedValue = true }
        _ = Screen.frame(host, &grid)  // t = 0
        _ = Screen.frame(host, &grid)  // t = 1/8: columns 0.125 ..< 2.125
        XCTAssertEqual(grid.lines, ["▏ ▏"])
        XCTAssertEqual(grid[0, 0].attributes, .reverse, "column 0: all but its left eighth is red")
        XCTAssertEqual(grid[1, 0].background, .red)
        XCTAssertEqual(grid[2, 0].attributes, [], "column 2: its left eighth is red")
        XCTAssertEqual(grid[2, 0].foreground, .red)
        for _ in 0..<3 { _ = Screen.frame(host, &grid) }  // t = 4/8: columns 0.5 ..< 2.5
        XCTAssertEqual(grid.lines, ["▌ ▌"])
    }

    func testMatchedGeometryMovesAndResizesFromTheOldFrame() {
        let host = ViewHost(size: Size(cols: 20, rows: 1), frameRate: 2) { Underline() }
        var grid = Grid(cols: 20, rows: 1)
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(blueColumns(grid), Array(0..<2))
        withAnimation(.linear(duration: 1)) { Underline.flag?.wrappedValue = true }
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(blueColumns(grid), Array(0..<2), "t = 0: the old frame")
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(blueColumns(grid), Array(7..<11), "t = 0.5: halfway from 0..<2 to 14..<20")
        _ = Screen.frame(host, &grid)
        XCTAssertEqual(blueColumns(grid), Array(14..<20))
    }

    func testInsertionAndRemovalTransitionsMoveTheView() {
        let host = ViewHost(size: Size(cols: 12, rows: 2), frameRate: 4) { Inserter() }
        var grid = Grid(cols: 12, rows: 2)
        assertScreen(Screen.frame(host, &grid), ["base"])
        withAnimation(.linear(duration: 1)) { Inserter.flag?.wrappedValue = true }
        var screens: [[String]] = []
        for _ in 0..<5 { screens.append(Screen.frame(host, &grid)) }
        XCTAssertEqual(screens.map { $0[1] }, ["        new", "      new", "    new", "  new", "new"])
        withAnimation(.linear(duration: 1)) { Inserter.flag?.wrappedValue = false }
        screens = []
        for _ in 0..<6 { screens.append(Screen.frame(host, &grid)) }
        XCTAssertEqual(screens.map { $0.count > 1 ? $0[1] : "" }, ["new", "  new", "    new", "      new", "", ""])
        XCTAssertFalse(host.isAnimating)
    }

    func testFramesThatOnlyAnimateDoNotRebuildRows() {
        let feed = CountingFeed(count: 1_000_000)
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 20, rows: 6), frameRate: 60) {
            AnimatedFeed(feed: feed, position: position)
        }
        var grid = Grid(cols: 20, rows: 6)
        _ = Screen.frame(host, &grid)
        _ = Screen.frame(host, &grid)  // the overscan, a frame after the rows in view
        let built = position.lazyStatistics!.rowsBuilt
        withAnimation(.easeInOut(duration: 0.5)) { AnimatedFeed.flag?.wrappedValue = true }
        while host.isAnimating || host.needsUpdate { _ = Screen.frame(host, &grid) }
        XCTAssertEqual(position.lazyStatistics!.rowsBuilt, built)
    }

    private func blueColumns(_ grid: Grid) -> [Int] { (0..<grid.cols).filter { grid[$0, 0].background == .blue } }
}

struct Mover: View {
    @State var moved = false
    var leftInset = 0
    var width: Int? = nil
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        Mover.flag = $moved
        return Text("#")
            .frame(maxWidth: width ?? .infinity, alignment: moved ? .trailing : .leading)
            .padding(.leading, leftInset)
            .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct Dropper: View {
    @State var dropped = false
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        Dropper.flag = $dropped
        return Color.red.frame(width: 1, height: 1).frame(maxHeight: .infinity, alignment: dropped ? .bottom : .top)
    }
}

struct Slider: View {
    @State var moved = false
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        Slider.flag = $moved
        return Color.red.frame(width: 2, height: 1).frame(width: 3, alignment: moved ? .trailing : .leading)
            .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct Underline: View {
    @State var right = false
    @Namespace var namespace
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        Underline.flag = $right
        return HStack(spacing: 0) {
            if right {
                Spacer()
                Color.blue.matchedGeometryEffect(id: "underline", in: namespace).frame(width: 6, height: 1)
            } else {
                Color.blue.matchedGeometryEffect(id: "underline", in: namespace).frame(width: 2, height: 1)
                Spacer()
            }
        }
    }
}

struct Inserter: View {
    @State var shown = false
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        Inserter.flag = $shown
        return VStack(alignment: .leading, spacing: 0) {
            Text("base")
            if shown { Text("new").transition(.offset(x: 8)) }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

struct AnimatedFeed: View {
    let feed: CountingFeed
    let position: ScrollPosition
    @State var wide = false
    nonisolated(unsafe) static var flag: Binding<Bool>?

    var body: some View {
        AnimatedFeed.flag = $wide
        return VStack(spacing: 0) {
            Color.green.frame(width: wide ? 20 : 4, height: 1)
            ScrollView(position: position) { LazyVStack(feed) { FeedRow(item: $0) } }
        }
    }
}
