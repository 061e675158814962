import FrameGrid
import XCTest

@testable import Layout

/// A subtree that owes a plain move (`ViewNodeMoves.areDeferred`) draws,
/// and later settles, as one moved node by node at once: scrolled while its
/// nodes animate, then laid out again (a view update) while they still do,
/// and resized. Two hosts run the same steps, one with the moves deferred
/// and one without, and every frame must match.
final class DeferredMovesTests: XCTestCase {
    override func tearDown() {
        ViewNodeMoves.areDeferred = true
        super.tearDown()
    }

    /// The rows' texts slide from one side to the other when `moved` flips.
    final class Model {
        var moved = false
        var tint = Color.default
    }

    struct Labels: LazyDataSource {
        let count = 1_000
        func item(at index: Int) -> Int { index }
    }

    struct SlidingRow: View {
        let index: Int
        let moved: Bool
        let tint: Color

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("row \(index)").foregroundColor(tint)
                    .frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
                Color.blue.frame(width: 2, height: 1)
                    .frame(maxWidth: .infinity, alignment: moved ? .leading : .trailing)
            }
        }
    }

    final class Run {
        let model = Model()
        let position = ScrollPosition()
        let host: ViewHost<ScrollView<LazyVStack<Labels, SlidingRow>>>
        var grid: Grid

        init(deferred: Bool, size: Size) {
            let model = self.model
            let position = self.position
            ViewNodeMoves.areDeferred = deferred
            host = ViewHost(size: size) {
                ScrollView(position: position) {
                    LazyVStack(Labels()) { SlidingRow(index: $0, moved: model.moved, tint: model.tint) }
                }
            }
            grid = Grid(size: size)
            ViewNodeMoves.areDeferred = true
        }

        func frame(deferred: Bool) -> Grid {
            ViewNodeMoves.areDeferred = deferred
            host.render(into: &grid)
            ViewNodeMoves.areDeferred = true
            return grid
        }
    }

    private func assertSameFrames(_ steps: [(Run) -> Void]) {
        let size = Size(cols: 30, rows: 8)
        let deferred = Run(deferred: true, size: size)
        let eager = Run(deferred: false, size: size)
        var frameNumber = 0
        func compare(_ label: String) {
            let a = deferred.frame(deferred: true)
            let b = eager.frame(deferred: false)
            frameNumber += 1
            XCTAssertEqual(a.size, b.size, "frame \(frameNumber) (\(label))")
            guard a.size == b.size else { return }
            for y in 0..<a.rows {
                let same = a.line(y) == b.line(y) && (0..<a.cols).allSatisfy { a[$0, y].style == b[$0, y].style }
                XCTAssertTrue(same, "frame \(frameNumber) (\(label)) row \(y):\n\(a.line(y))\n\(b.line(y))")
                if !same { return }
            }
        }
        compare("first")
        for (number, step) in steps.enumerated() {
            for run in [deferred, eager] {
                ViewNodeMoves.areDeferred = run === deferred
                step(run)
                ViewNodeMoves.areDeferred = true
            }
            compare("step \(number)")
            compare("step \(number), a frame later")
        }
        // Until everything has settled.
        for _ in 0..<40 { compare("settling") }
    }

    func testScrollingWhileRowsAnimateThenUpdatingAndResizingShowsTheSameFrames() {
        let slide: (Run) -> Void = { run in
            withAnimation(.linear(duration: 0.5)) {
                run.model.moved.toggle()
                run.host.setNeedsUpdate()
            }
        }
        let scroll: (Run) -> Void = { run in run.position.scroll(by: 1) }
        let retint: (Run) -> Void = { run in
            // An update without animation: every node is placed again while the slide still runs.
            run.model.tint = run.model.tint == .red ? .green : .red
            run.host.setNeedsUpdate()
        }
        let resize: (Run) -> Void = { run in
            // The host takes the grid's size.
            run.grid = Grid(size: Size(cols: run.grid.cols == 30 ? 26 : 30, rows: 8))
        }
        assertSameFrames([
            slide, scroll, scroll, retint, scroll, slide, scroll, scroll, scroll, retint, retint, scroll,
            slide, scroll, resize, scroll, slide, scroll, resize, scroll, scroll,
        ])
    }
}
