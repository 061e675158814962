import FrameGrid
import XCTest

@testable import Layout

/// A view update leaves a lazy row alone when its `Equatable` view equals
/// the one its node shows (`LazyStackStatistics.rowsKept`), and updates it
/// when the view, the environment or any `@State` changed: the screen is
/// always what updating every row shows.
final class EquatableRowsTests: XCTestCase {
    final class Words: LazyDataSource {
        var words = (0..<100).map { "word \($0)" }
        var count: Int { words.count }
        func item(at index: Int) -> String { words[index] }
    }

    final class Model {
        var tint = Color.default
    }

    struct WordRow: View, Equatable {
        let word: String
        var body: some View { Text(word) }
    }

    /// Not `Equatable`: always updated.
    struct PlainRow: View {
        let word: String
        var body: some View { Text(word) }
    }

    /// A row with state of its own, shown next to the word.
    struct CountingRow: View, Equatable {
        let word: String
        @State var taps = 0
        nonisolated(unsafe) static var bindings: [String: Binding<Int>] = [:]

        static func == (a: CountingRow, b: CountingRow) -> Bool { a.word == b.word }

        var body: some View {
            CountingRow.bindings[word] = $taps
            return Text("\(word) \(taps)")
        }
    }

    private func host<Row: View>(
        _ words: Words, _ model: Model, _ position: ScrollPosition, row: @escaping (String) -> Row
    ) -> ViewHost<some View> {
        ViewHost(size: Size(cols: 20, rows: 4)) {
            ScrollView(position: position) {
                LazyVStack(words, overscan: 0, row: row)
            }
            .foregroundColor(model.tint)
        }
    }

    /// A host drawn once and updated once (the update from which its rows' views are kept).
    private func keepingHost<Row: View>(
        _ words: Words, _ position: ScrollPosition, row: @escaping (String) -> Row
    ) -> (ViewHost<some View>, Grid) {
        let host = host(words, Model(), position, row: row)
        var grid = Grid(cols: 20, rows: 4)
        host.render(into: &grid)
        host.setNeedsUpdate()
        host.render(into: &grid)
        return (host, grid)
    }

    func testEqualRowsAreKeptChangedOnesUpdated() {
        let words = Words()
        let model = Model()
        let position = ScrollPosition()
        let host = host(words, model, position) { WordRow(word: $0) }
        var grid = Grid(cols: 20, rows: 4)
        host.render(into: &grid)
        // The first update starts keeping views; the second finds them all equal.
        host.setNeedsUpdate()
        host.render(into: &grid)
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 0)
        let updated = position.lazyStatistics!.rowsUpdated
        XCTAssertEqual(updated, 4)
        host.setNeedsUpdate()
        host.render(into: &grid)
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 4)
        XCTAssertEqual(position.lazyStatistics!.rowsUpdated, updated)

        // One word changes: its row alone is updated, and shows it.
        words.words[1] = "changed"
        host.setNeedsUpdate()
        host.render(into: &grid)
        XCTAssertEqual(grid.line(1).trimmingCharacters(in: .whitespaces), "changed")
        XCTAssertEqual(position.lazyStatistics!.rowsUpdated, updated + 1)
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 7)

        // The environment changes: every row is updated, in the new colour.
        model.tint = .red
        host.setNeedsUpdate()
        host.render(into: &grid)
        XCTAssertEqual(position.lazyStatistics!.rowsUpdated, updated + 5)
        for y in 0..<4 { XCTAssertEqual(grid[0, y].foreground, .red, "row \(y)") }

        // Scrolled rows are built, and an update after keeps them too.
        position.scroll(by: 3)
        host.render(into: &grid)
        host.setNeedsUpdate()
        host.render(into: &grid)
        XCTAssertEqual(grid.line(0).trimmingCharacters(in: .whitespaces), "word 3")
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 11)
    }

    /// Counts the texts measured or placed (a probe sees each step a cache did not answer).
    final class TextWork: LayoutProbe {
        var steps = 0
        func enter(_ node: ViewNode) { if node is TextNode { steps += 1 } }
        func exit(_ node: ViewNode) {}
    }

    func testKeptRowsAreNeitherMeasuredNorPlacedAgain() {
        defer {
            LayoutProbes.current = nil
            KeptRowCaches.areCarried = true
        }
        let words = Words()
        let position = ScrollPosition()
        let (host, drawn) = keepingHost(words, position) { WordRow(word: $0) }
        var grid = drawn
        let work = TextWork()
        LayoutProbes.current = work
        host.setNeedsUpdate()
        host.layout()
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 4)
        XCTAssertEqual(work.steps, 0)
        LayoutProbes.current = nil
        host.draw(into: &grid)
        XCTAssertEqual(grid.line(3).trimmingCharacters(in: .whitespaces), "word 3")

        // A changed word: its text alone is measured and placed again.
        words.words[2] = "a longer word"
        LayoutProbes.current = work
        host.setNeedsUpdate()
        host.layout()
        XCTAssertEqual(work.steps, 2)
        LayoutProbes.current = nil
        host.draw(into: &grid)
        XCTAssertEqual(grid.line(2).trimmingCharacters(in: .whitespaces), "a longer word")

        // Without carrying, the kept rows' texts are measured and placed again.
        KeptRowCaches.areCarried = false
        work.steps = 0
        LayoutProbes.current = work
        host.setNeedsUpdate()
        host.layout()
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 11)
        XCTAssertEqual(work.steps, 8)
    }

    func testAStateChangeUpdatesRowsEvenWhenTheirViewsAreEqual() {
        let words = Words()
        let position = ScrollPosition()
        let (host, drawn) = keepingHost(words, position) { CountingRow(word: $0) }
        var grid = drawn
        CountingRow.bindings["word 2"]!.wrappedValue = 5
        host.render(into: &grid)
        XCTAssertEqual(grid.line(2).trimmingCharacters(in: .whitespaces), "word 2 5")
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 0)
        // With no state set since, equal rows are kept again.
        host.setNeedsUpdate()
        host.render(into: &grid)
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 4)
        XCTAssertEqual(grid.line(2).trimmingCharacters(in: .whitespaces), "word 2 5")
    }

    func testRowsThatAreNotEquatableAreAlwaysUpdated() {
        let words = Words()
        let position = ScrollPosition()
        let host = host(words, Model(), position) { PlainRow(word: $0) }
        var grid = Grid(cols: 20, rows: 4)
        host.render(into: &grid)
        for _ in 0..<3 {
            host.setNeedsUpdate()
            host.render(into: &grid)
        }
        XCTAssertEqual(position.lazyStatistics!.rowsKept, 0)
        XCTAssertEqual(position.lazyStatistics!.rowsUpdated, 12)
    }

    func testEnvironmentComparisonCoversEveryValue() {
        // `EnvironmentValues.isSame(as:)` lists the values by hand: a value added
        // without it would let rows made in another environment be kept.
        XCTAssertEqual(Mirror(reflecting: EnvironmentValues()).children.count, 9)
        var other = EnvironmentValues()
        XCTAssertTrue(EnvironmentValues().isSame(as: other))
        other.lineLimit = 2
        XCTAssertFalse(EnvironmentValues().isSame(as: other))
        other = EnvironmentValues()
        other.scrollPosition = ScrollPosition()
        XCTAssertFalse(EnvironmentValues().isSame(as: other))
    }
}
