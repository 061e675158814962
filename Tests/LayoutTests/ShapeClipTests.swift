import XCTest

@testable import FrameGrid
@testable import Layout

/// Ellipses compute only the cells their clip shows: what they draw inside
/// the clip must equal the whole ellipse there, and nothing outside it.
final class ShapeClipTests: XCTestCase {
    func testAnEllipseDrawnInAClipEqualsTheWholeEllipseInsideTheClip() {
        let paints: [ShapePaint] = [.fill(.red), .fill(nil), .stroke(.blue, lineWidth: 1), .stroke(nil, lineWidth: 2)]
        let clips = [
            Rect(x: 3, y: 2, width: 4, height: 6), Rect(x: 0, y: 0, width: 5, height: 3),
            Rect(x: 8, y: 4, width: 10, height: 10), Rect(x: 20, y: 0, width: 2, height: 2),
        ]
        for paint in paints {
            let node = ShapeNode(shape: .ellipse, paint: paint, foreground: .green)
            node.frame = Rect(x: 1, y: 1, width: 11, height: 6)
            var whole = Grid(cols: 14, rows: 9)
            node.draw(into: &whole, RenderContext(time: 0, clip: whole.bounds))
            XCTAssertNotEqual(whole.lines.joined().trimmingCharacters(in: .whitespaces), "", "\(paint) draws")
            for clip in clips {
                var clipped = Grid(cols: 14, rows: 9)
                node.draw(into: &clipped, RenderContext(time: 0, clip: clip))
                let blank = Grid(cols: 14, rows: 9)
                for y in 0..<9 {
                    for x in 0..<14 {
                        let expected = clip.contains(x: x, y: y) ? whole[x, y] : blank[x, y]
                        XCTAssertEqual(clipped[x, y], expected, "\(paint), clip \(clip), cell (\(x), \(y))")
                    }
                }
            }
        }
    }
}
