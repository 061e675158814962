import FrameGrid
import XCTest

@testable import Layout

/// Renders views into grids for snapshot tests.
enum Screen {
    /// The rows `view` draws on a `cols` x `rows` screen, trailing spaces trimmed,
    /// with trailing empty rows kept (so the screen's height shows).
    static func lines<V: View>(_ view: V, cols: Int, rows: Int) -> [String] {
        let host = ViewHost(size: Size(cols: cols, rows: rows)) { view }
        var grid = Grid(cols: cols, rows: rows)
        host.render(into: &grid)
        return grid.lines
    }

    /// Draws the host's next frame and returns its rows.
    static func frame<Root: View>(_ host: ViewHost<Root>, _ grid: inout Grid) -> [String] {
        host.render(into: &grid)
        return grid.lines
    }
}
