import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// A frame in which only the clock moved draws again only the rows its
/// moving nodes wrote in the last frame or write now, and copies the rest
/// (`MovingNodes`). Each case runs two hosts through the same steps, one
/// drawing every frame whole (`ViewHostDrawing.reusesUnchangedFrames`
/// off), and every frame must match cell by cell; the cases also say which
/// frames drew only some rows, so a comparison of two hosts that always
/// draw whole frames cannot pass for one.
final class MovingRowsTests: XCTestCase {
    override func tearDown() {
        ViewHostDrawing.reusesUnchangedFrames = true
        ViewHostDrawing.redrawsMovingRowsOnly = true
        super.tearDown()
    }

    final class Model {
        var selected = 0
        var low = false
        var slid = false
        var word = "Tweets"
    }

    /// Runs `root` with every frame drawn whole, then again as hosts draw
    /// by default, applying `step` before each frame, and fails at the first
    /// cell that differs. `alternating`: frames are drawn into two grids in
    /// turn (as the harness does: the grid drawn into holds the frame before
    /// last), not into one. Returns the rows each frame of the second run
    /// drew alone (nil: all of them, or none).
    @discardableResult
    private func assertSameFrames<Root: View>(
        size: Size = Size(cols: 30, rows: 14), frames: Int, alternating: Bool = false,
        _ root: @escaping (Model) -> Root, step: (Int, Model, ViewHost<Root>) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Range<Int>?] {
        func run(whole: Bool, _ each: (Int, Grid, ViewHost<Root>) -> Bool) {
            let model = Model()
            let host = ViewHost(size: size) { root(model) }
            var grids = [Grid(size: size), Grid(size: size)]
            for index in 0..<frames {
                step(index, model, host)
                ViewHostDrawing.reusesUnchangedFrames = !whole
                let slot = alternating ? index % 2 : 0
                host.render(into: &grids[slot])
                ViewHostDrawing.reusesUnchangedFrames = true
                if !each(index, grids[slot], host) { return }
            }
        }
        var expected: [Grid] = []
        run(whole: true) { _, grid, _ in
            expected.append(grid)
            return true
        }
        var redrawn: [Range<Int>?] = []
        run(whole: false) { index, grid, host in
            redrawn.append(host.lastRedrawnRows)
            guard let difference = firstDifferingRow(grid, expected[index]) else { return true }
            XCTFail("frame \(index) \(difference)", file: file, line: line)
            return false
        }
        return redrawn
    }

    /// Numbered lines, a tab bar's indicator under the selected of three
    /// labels, and more lines.
    struct TabBar: View {
        let model: Model
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<6) { Text("line \($0) above the tabs").foregroundColor(.palette(100 + UInt8($0))) }
                HStack(spacing: 2) { Text(model.word); Text("Likes"); Text("Media") }
                Text(model.word == "Tweets" ? "" : "a line that comes with the change")
                HStack(spacing: 0) {
                    Spacer().frame(width: model.selected * 8, height: 1)
                    Color.blue.frame(width: 6, height: 1)
                    Spacer()
                }
                ForEach(6..<12) { Text("line \($0) below the tabs") }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    private static func select<Root: View>(_ tab: Int, _ model: Model, _ host: ViewHost<Root>) {
        withAnimation(.easeInOut(duration: 0.3)) {
            model.selected = tab
            host.setNeedsUpdate()
        }
    }

    func testAnIndicatorSlidingDrawsItsRowAlone() {
        for alternating in [false, true] {
            let redrawn = assertSameFrames(frames: 80, alternating: alternating, { TabBar(model: $0) }) {
                index, model, host in
                if index == 3 { Self.select(2, model, host) }
                if index == 8 {
                    // A change without animation while the indicator moves: it is drawn whole.
                    model.word = "Posts"
                    host.setNeedsUpdate()
                }
                if index == 30 { Self.select(1, model, host) }
                if index == 40 { Self.select(0, model, host) }  // retargeted part way
            }
            guard redrawn.count == 80 else { return }  // a frame differed (reported)
            XCTAssertNil(redrawn[8], "the frame of the change, drawn whole")
            let partial = redrawn.compactMap { $0 }
            XCTAssertGreaterThan(partial.count, 30, "frames that drew the indicator's row alone")
            // The indicator's row, one lower once the line above it shows.
            XCTAssertEqual(redrawn[5], 7..<8)
            XCTAssertTrue(partial.allSatisfy { $0 == 7..<8 || $0 == 8..<9 }, "\(partial)")
            XCTAssertEqual(redrawn[60...].compactMap { $0 }.count, 0, "none once the indicator stopped")
        }
    }

    /// A two-row box over numbered lines, sliding between the top and the bottom.
    struct SlidingBox: View {
        let model: Model
        var body: some View {
            ZStack(alignment: .topLeading) {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<14) { Text("line \($0) under the box") }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                VStack(spacing: 0) {
                    Spacer().frame(width: 1, height: model.low ? 10 : 1)
                    Text("box").frame(width: 8, height: 2).background(Color.red)
                }
                .padding(.leading, 5)
            }
        }
    }

    func testABoxSlidingDownAndUpDrawsTheRowsItLeftAndEnters() {
        // It moves up to a row and a half a frame: the rows it left must be
        // drawn again as well as those it enters (eighth-block edges on the
        // way). Dropping the last frame's rows from what is drawn again
        // leaves a trail.
        for alternating in [false, true] {
            let redrawn = assertSameFrames(frames: 90, alternating: alternating, { SlidingBox(model: $0) }) {
                index, model, host in
                if index == 2 || index == 40 {
                    withAnimation(.easeInOut(duration: 0.4)) {
                        model.low.toggle()
                        host.setNeedsUpdate()
                    }
                }
            }
            let partial = redrawn.compactMap { $0 }
            XCTAssertGreaterThan(partial.count, 30)
            XCTAssertTrue(partial.contains { $0.count >= 3 }, "the rows left and entered, drawn together")
        }
    }

    func testABoxThatOvershootsAndComesBackLeavesNoTrail() {
        // A bouncy spring carries the box past its target and back: the
        // rows it left on the way back lie outside the span from where it
        // started to where it is, so each frame must know where it was
        // last drawn, not where the motion began.
        for alternating in [false, true] {
            let redrawn = assertSameFrames(frames: 120, alternating: alternating, { SlidingBox(model: $0) }) {
                index, model, host in
                if index == 2 || index == 60 {
                    withAnimation(.spring(response: 0.6, dampingFraction: 0.3)) {
                        model.low.toggle()
                        host.setNeedsUpdate()
                    }
                }
            }
            XCTAssertGreaterThan(redrawn.compactMap { $0 }.filter { !$0.isEmpty }.count, 40)
        }
    }

    struct Numbers: LazyDataSource {
        var count = 100
        func item(at index: Int) -> Int { index }
    }

    /// Row 1 of a lazy list holds a text drawn three rows below the row,
    /// sliding across: its row's own frame is not among the rows drawn again.
    struct FarMover: View {
        let model: Model
        var body: some View {
            ScrollView {
                LazyVStack(Numbers()) { index in
                    VStack(alignment: .leading, spacing: 0) {
                        Text("row \(index)")
                        if index == 1 {
                            Text("far")
                                .frame(maxWidth: .infinity, alignment: model.slid ? .trailing : .leading)
                                .offset(y: 3)
                        }
                    }
                }
            }
        }
    }

    func testANodeDrawnOutsideItsLazyRowIsMetOrTheFrameIsDrawnWhole() {
        // The lazy stack passes over row 1 when only row 4 is drawn again,
        // so the sliding text is not met: the frame is drawn whole.
        let redrawn = assertSameFrames(frames: 40, { FarMover(model: $0) }) { index, model, host in
            if index == 2 {
                withAnimation(.linear(duration: 0.3)) {
                    model.slid = true
                    host.setNeedsUpdate()
                }
            }
        }
        XCTAssertEqual(redrawn.compactMap { $0 }.filter { !$0.isEmpty }, [], "no frame drew some rows alone")
    }

    /// The tab bar with a sliding label, which may hold a cluster too long
    /// for a cell (kept in the grid's arena).
    struct ArenaTabBar: View {
        let model: Model
        let label: String
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<6) { Text("line \($0)") }
                HStack(spacing: 0) {
                    Spacer().frame(width: model.selected * 8, height: 1)
                    Text(label)
                    Spacer()
                }
                ForEach(6..<12) { Text("line \($0)") }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    func testRowsHoldingArenaClustersAreDrawnWhole() {
        func partialRows(_ label: String) -> [Range<Int>] {
            let redrawn = assertSameFrames(frames: 40, alternating: true, { ArenaTabBar(model: $0, label: label) }) {
                index, model, host in
                if index == 2 { Self.select(2, model, host) }
            }
            // Frames in which no node drew differently copy every row (an empty range).
            return redrawn.compactMap { $0 }.filter { !$0.isEmpty }
        }
        // The same bar with a label of single-cell clusters draws its row alone.
        XCTAssertGreaterThan(partialRows("tab").count, 5)
        XCTAssertEqual(partialRows("👨‍👩‍👧‍👦 tab"), [], "the row holding the family cluster, drawn whole")
    }

    /// `count` labels in rows of seven, all sliding when the selection changes.
    struct ManyMovers: View {
        let model: Model
        let count: Int
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<(count / 7)) { row in
                    HStack(spacing: 0) {
                        ForEach(0..<7) { column in
                            Text("\(column)").padding(.leading, model.selected * 2 + row % 2)
                        }
                    }
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    func testMoreMovingNodesThanTheRecordHoldsAreDrawnWhole() {
        func partialRows(_ count: Int) -> [Range<Int>] {
            let redrawn = assertSameFrames(size: Size(cols: 40, rows: 44), frames: 30, { ManyMovers(model: $0, count: count) }) {
                index, model, host in
                if index == 2 { Self.select(2, model, host) }
            }
            return redrawn.compactMap { $0 }.filter { !$0.isEmpty }
        }
        // 56 moving labels fit the record (64): their rows, a quarter of the screen, are drawn alone.
        XCTAssertGreaterThan(partialRows(56).count, 5)
        // 70 do not: every frame they move in is drawn whole.
        XCTAssertEqual(partialRows(70), [])
    }

    func testSwitchedOffEveryFrameIsDrawnWhole() {
        ViewHostDrawing.redrawsMovingRowsOnly = false
        let redrawn = assertSameFrames(frames: 30, { TabBar(model: $0) }) { index, model, host in
            if index == 2 { Self.select(2, model, host) }
        }
        XCTAssertEqual(redrawn.compactMap { $0 }, [])
    }
}
