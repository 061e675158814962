import FrameGrid
import XCTest

@testable import Layout

/// A lazy stack puts down the cells it kept of a row (`RowBand`) only when
/// drawing the row would give the same cells: two hosts run the same steps,
/// one keeping bands and one drawing every row every frame, and every frame
/// must match, cell by cell, while the first one does paste rows (so the
/// comparison is not of two hosts that never keep any). Each case is a way
/// a kept band could go stale: a row drawing outside its frame (an offset,
/// a text taller than its frame) that the clip cut when it was kept, the
/// cells beneath a row changing while the row does not, animations, a
/// carousel scrolled inside a row left alone by the outer stack, clusters
/// kept in the grid's arena, and a store small enough to be overwritten.
final class RowBandsTests: XCTestCase {
    // Bands are what is compared: frames in which only the clock moved
    // draw every row here (drawing only the moving rows would leave fewer
    // to paste; `MovingRowsTests` compares that).
    override func setUp() {
        super.setUp()
        ViewHostDrawing.redrawsMovingRowsOnly = false
    }

    override func tearDown() {
        ViewHostDrawing.redrawsMovingRowsOnly = true
        RowBands.areKept = true
        RowBands.replaceStore()
        super.tearDown()
    }

    struct Numbers: LazyDataSource {
        var count = 1_000
        func item(at index: Int) -> Int { index }
    }

    final class Model {
        var tint = Color.blue
        var moved = false
        var word = "row"
        let carousels = (0..<3).map { _ in ScrollPosition() }
    }

    /// A host of `root` over its own model and scroll position, and the steps that drive it.
    final class Run<Root: View> {
        let model: Model
        let position: ScrollPosition
        let host: ViewHost<Root>
        var grid: Grid

        init(size: Size, root: @escaping (Model, ScrollPosition) -> Root) {
            let model = Model()
            let position = ScrollPosition()
            self.model = model
            self.position = position
            host = ViewHost(size: size) { root(model, position) }
            grid = Grid(size: size)
        }

        func frame(keepingBands: Bool) -> Grid {
            RowBands.areKept = keepingBands
            host.render(into: &grid)
            RowBands.areKept = true
            return grid
        }
    }

    /// Runs `frames` frames of two hosts of `root`, applying `step` (by frame
    /// index) to each before drawing, and fails at the first cell that differs.
    /// The host drawing every row runs all its frames first: side by side,
    /// each host's view updates would evict the other's kept row views
    /// (kept by row index, process-wide), and rows left alone would be updated.
    /// - Returns: rows the host keeping bands pasted.
    @discardableResult
    private func assertSameFramesWithBandsOff<Root: View>(
        size: Size = Size(cols: 24, rows: 8), frames: Int = 60,
        _ root: @escaping (Model, ScrollPosition) -> Root, step: (Int, Model, ScrollPosition, ViewHost<Root>) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let drawing = Run(size: size, root: root)
        var expected: [Grid] = []
        for index in 0..<frames {
            step(index, drawing.model, drawing.position, drawing.host)
            expected.append(drawing.frame(keepingBands: false))
        }
        let keeping = Run(size: size, root: root)
        let pastedBefore = RowBands.rowsPasted
        for index in 0..<frames {
            step(index, keeping.model, keeping.position, keeping.host)
            let a = keeping.frame(keepingBands: true)
            let b = expected[index]
            for y in 0..<a.rows {
                let same =
                    a.line(y) == b.line(y)
                    && (0..<a.cols).allSatisfy { a[$0, y].style == b[$0, y].style && a[$0, y].width == b[$0, y].width }
                if !same {
                    XCTFail("frame \(index) row \(y):\n\(a.line(y))\n\(b.line(y))", file: file, line: line)
                    return RowBands.rowsPasted - pastedBefore
                }
            }
        }
        let pasted = RowBands.rowsPasted - pastedBefore
        XCTAssertGreaterThan(pasted, frames, "rows pasted", file: file, line: line)
        return pasted
    }

    /// Scrolls down a step most frames, back up now and then.
    private static func scroll(_ index: Int, _ position: ScrollPosition) {
        position.scroll(by: index % 7 == 6 ? -2 : 1)
    }

    func testRowsDrawingBelowTheirFramesShowTheSameFrames() {
        // Odd rows draw a line two rows below their frame: cut by the clip
        // at the viewport's bottom edge, shown once scrolled up into view.
        assertSameFramesWithBandsOff({ _, position in
            ScrollView(position: position) {
                LazyVStack(Numbers()) { index in
                    VStack(alignment: .leading, spacing: 0) {
                        Text("row \(index)")
                        if index % 2 == 1 { Text("below \(index)").offset(x: 10, y: 2) }
                    }
                }
            }
        }) { index, _, position, _ in Self.scroll(index, position) }
    }

    func testTextsCutToTheirFramesShowTheSameFrames() {
        assertSameFramesWithBandsOff({ _, position in
            ScrollView(position: position) {
                LazyVStack(Numbers(), spacing: 1) { index in
                    if index % 3 == 0 {
                        Text("tall \(index)\nsecond\nthird").frame(height: 1)
                    } else {
                        Text("row \(index)\nof two")
                    }
                }
            }
        }) { index, _, position, _ in Self.scroll(index, position) }
    }

    struct KeptRow: View, Equatable {
        let index: Int
        var body: some View { Text("row \(index)") }
    }

    func testRowsOverAChangingBackgroundShowTheSameFrames() {
        // The rows are left alone by each update (equal views): only what
        // is beneath them changes (blue, red, nothing drawn: the frame's
        // blank), and their texts take its colour.
        assertSameFramesWithBandsOff(frames: 90, { model, position in
            ZStack {
                if model.moved { model.tint }
                ScrollView(position: position) {
                    LazyVStack(Numbers()) { KeptRow(index: $0) }
                }
            }
        }) { index, model, position, host in
            if index % 5 == 4 {
                switch (model.moved, model.tint) {
                case (false, _): (model.moved, model.tint) = (true, .blue)
                case (true, .blue): model.tint = .red
                default: model.moved = false
                }
                host.setNeedsUpdate()
            }
            if index % 3 != 0 { Self.scroll(index, position) }
        }
    }

    struct SlidingRow: View {
        let index: Int
        let moved: Bool
        var body: some View {
            Text("row \(index)").frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
        }
    }

    func testRowsThatAnimateShowTheSameFrames() {
        assertSameFramesWithBandsOff(frames: 90, { model, position in
            ScrollView(position: position) {
                LazyVStack(Numbers()) { SlidingRow(index: $0, moved: model.moved) }
            }
        }) { index, model, position, host in
            if index % 20 == 5 {
                withAnimation(.linear(duration: 0.3)) {
                    model.moved.toggle()
                    host.setNeedsUpdate()
                }
            }
            if index % 2 == 0 { Self.scroll(index, position) }
        }
    }

    struct CarouselRow: View, Equatable {
        let index: Int
        let position: ScrollPosition
        static func == (a: CarouselRow, b: CarouselRow) -> Bool { a.index == b.index && a.position === b.position }

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text("shelf \(index)")
                ScrollView(.horizontal, position: position) {
                    LazyHStack(Numbers(count: 50), spacing: 1) { Text("p\($0)") }
                }
                .frame(height: 1)
            }
        }
    }

    func testCarouselsScrolledInsideRowsLeftAloneShowTheSameFrames() {
        // Each frame one carousel scrolls sideways; the outer stack's rows
        // are not updated (no view update at all), only placed and drawn.
        assertSameFramesWithBandsOff({ model, position in
            ScrollView(position: position) {
                LazyVStack(Numbers(count: 60)) { CarouselRow(index: $0, position: model.carousels[$0 % 3]) }
            }
        }) { index, model, position, _ in
            if index % 4 == 1 { model.carousels[index % 3].scroll(by: 3) }
            if index % 4 == 3 { Self.scroll(index, position) }
        }
    }

    func testRowsWithClustersInTheArenaShowTheSameFrames() {
        // A family emoji is longer than a cell's eight bytes: kept in the grid's arena.
        assertSameFramesWithBandsOff({ _, position in
            ScrollView(position: position) {
                LazyVStack(Numbers()) { index in
                    Text(index % 4 == 0 ? "fam 👨‍👩‍👧‍👦 \(index)" : "row \(index) 漢字")
                }
            }
        }) { index, _, position, _ in Self.scroll(index, position) }
    }

    func testAStoreOverwrittenWithinAFrameOrTwoShowsTheSameFrames() {
        // Room for a few rows' bands only: most are overwritten before they are used.
        RowBands.replaceStore(capacity: 24 * 8 * 3)
        let pasted = assertSameFramesWithBandsOff({ _, position in
            ScrollView(position: position) {
                LazyVStack(Numbers()) { KeptRow(index: $0) }
            }
        }) { index, _, position, _ in if index % 2 == 0 { Self.scroll(index, position) } }
        XCTAssertGreaterThan(pasted, 0)
    }

    /// Frames that only scroll a feed of rows left alone draw no row twice:
    /// each row is drawn once (and kept), then pasted while wholly in view.
    func testAScrolledRowIsDrawnOnceAndPastedWhileItStaysInView() {
        let position = ScrollPosition()
        let host = ViewHost(size: Size(cols: 24, rows: 8)) {
            ScrollView(position: position) {
                LazyVStack(Numbers()) { KeptRow(index: $0) }
            }
        }
        var grid = Grid(size: Size(cols: 24, rows: 8))
        host.render(into: &grid)
        let keptBefore = RowBands.bandsKept
        let pastedBefore = RowBands.rowsPasted
        for _ in 0..<20 {
            position.scroll(by: 1)
            host.render(into: &grid)
        }
        // One row enters at the bottom each frame and is kept; the seven
        // others were kept before: 20 kept, 140 pasted.
        XCTAssertEqual(RowBands.bandsKept - keptBefore, 20)
        XCTAssertEqual(RowBands.rowsPasted - pastedBefore, 140)
        XCTAssertEqual(grid.line(0).trimmingCharacters(in: .whitespaces), "row 20")
        XCTAssertEqual(grid.line(7).trimmingCharacters(in: .whitespaces), "row 27")
    }
}
