import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// A feed of rows that each hold a carousel (a lazy stack in a horizontal
/// scroll view): while the feed scrolls, a carousel with no scroll request
/// since its last layout is moved, not laid out again, and shows exactly
/// what laying it out would.
final class CarouselTranslationTests: XCTestCase {
    private let cols = 12
    private let rows = 4
    private let label = 4

    /// Row `row` as laying everything out gives it: its label, then its
    /// carousel's digits from the carousel's offset.
    private func expectedLine(_ row: Int, offset: Int) -> String {
        let name = "r\(row)".padding(toLength: label, withPad: " ", startingAt: 0)
        let digits = (offset..<(offset + cols - label)).map { String($0 % 10) }.joined()
        return name + digits
    }

    /// A feed of 100 rows, each a label and a carousel of digits with
    /// `carouselOverscan` columns of overscan; the feed's and carousels' positions.
    private func feedOfCarousels(carouselOverscan: Int) -> (ViewHost<some View>, ScrollPosition, [ScrollPosition]) {
        let outer = ScrollPosition()
        let carousels = (0..<100).map { _ in ScrollPosition() }
        let feed = GeneratedDataSource(count: 100) { $0 }
        let digits = GeneratedDataSource(count: 1_000) { "\($0 % 10)" }
        let host = ViewHost(size: Size(cols: cols, rows: rows)) {
            ScrollView(position: outer) {
                LazyVStack(feed, overscan: 1) { row in
                    HStack(spacing: 0) {
                        Text("r\(row)").frame(width: 4, alignment: .leading)
                        ScrollView(.horizontal, position: carousels[row]) {
                            LazyHStack(digits, spacing: 0, overscan: carouselOverscan) { Text($0) }
                        }
                    }
                    .frame(height: 1)
                }
            }
        }
        return (host, outer, carousels)
    }

    func testCarouselsMoveWithTheFeedAndScrollWhenAsked() {
        let (host, outer, carousels) = feedOfCarousels(carouselOverscan: 0)
        var grid = Grid(cols: cols, rows: rows)
        var carouselOffsets = [Int](repeating: 0, count: 100)
        var top = 0
        for step in 0..<12 {
            outer.scroll(by: 1)
            top += 1
            // Now and then a visible carousel scrolls in the same frame as the feed.
            if step % 4 == 1 {
                let row = top + 1
                carousels[row].scroll(by: 3)
                carouselOffsets[row] += 3
            }
            let layoutsBefore = (top..<(top + rows)).map { carousels[$0].lazyStatistics?.layouts ?? 0 }
            let lines = Screen.frame(host, &grid)
            let expected = (top..<(top + rows)).map { expectedLine($0, offset: carouselOffsets[$0]) }
            XCTAssertEqual(lines, expected, "step \(step)")
            for (slot, row) in (top..<(top + rows)).enumerated() {
                let layouts = carousels[row].lazyStatistics?.layouts ?? 0
                let asked = step % 4 == 1 && row == top + 1
                // A carousel already on screen is laid out again only when its own scroll was asked for.
                if layoutsBefore[slot] > 0 {
                    XCTAssertEqual(layouts - layoutsBefore[slot], asked ? 1 : 0, "step \(step), row \(row)")
                }
            }
        }
    }

    /// The feed's first frame builds the rows it shows and leaves its
    /// overscan row to the next frame; a carousel, placed inside a row,
    /// builds its own overscan with the row, so no third frame places the
    /// new row again.
    func testACarouselBuildsItsOverscanWithTheRowThatHoldsIt() {
        let (host, outer, carousels) = feedOfCarousels(carouselOverscan: 2)
        var grid = Grid(cols: cols, rows: rows)
        let shown = (0..<rows).map { expectedLine($0, offset: 0) }
        XCTAssertEqual(Screen.frame(host, &grid), shown)
        XCTAssertEqual(outer.lazyStatistics?.rowsBuilt, rows, "the feed's rows in view, no overscan yet")
        for row in 0..<rows {
            XCTAssertEqual(
                carousels[row].lazyStatistics?.rowsBuilt, cols - label + 2, "row \(row): 8 digits and 2 more")
        }
        XCTAssertEqual(Screen.frame(host, &grid), shown)
        XCTAssertEqual(outer.lazyStatistics?.rowsBuilt, rows + 1, "the overscan row, a frame later")
        XCTAssertEqual(carousels[rows].lazyStatistics?.rowsBuilt, cols - label + 2, "its carousel's overscan with it")
        let layouts = carousels[rows].lazyStatistics?.layouts
        XCTAssertEqual(Screen.frame(host, &grid), shown)
        XCTAssertEqual(carousels[rows].lazyStatistics?.layouts, layouts, "nothing left to place")
        XCTAssertEqual(outer.lazyStatistics?.rowsBuilt, rows + 1)
    }

    /// A carousel that jumps shows its columns first and builds its overscan
    /// a frame later, as any jump does, though it sits in a feed's row.
    func testACarouselThatJumpsBuildsItsOverscanAFrameLater() {
        let (host, _, carousels) = feedOfCarousels(carouselOverscan: 2)
        var grid = Grid(cols: cols, rows: rows)
        _ = Screen.frame(host, &grid)
        _ = Screen.frame(host, &grid)
        let built = carousels[1].lazyStatistics!.rowsBuilt
        carousels[1].scrollTo(index: 500)
        XCTAssertEqual(Screen.frame(host, &grid)[1], expectedLine(1, offset: 500))
        XCTAssertEqual(carousels[1].lazyStatistics!.rowsBuilt - built, cols - label, "the 8 digits in view")
        XCTAssertEqual(Screen.frame(host, &grid)[1], expectedLine(1, offset: 500))
        XCTAssertEqual(carousels[1].lazyStatistics!.rowsBuilt - built, cols - label + 4, "and 2 each side")
    }
}
