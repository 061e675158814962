import FrameGrid

/// `full-churn`: every cell changes every frame (glyph and colours), the
/// worst case for a diff renderer: nothing can be skipped or scrolled.
public final class FullChurn: Workload {
    public static let name = "full-churn"
    public let size: Size
    public let drawsIncrementally = false
    private static let glyphs: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    public init(settings: WorkloadSettings) {
        size = settings.size
    }

    public func draw(frame index: Int, into grid: inout Grid) {
        let count = FullChurn.glyphs.count
        for y in 0..<size.rows {
            for x in 0..<size.cols {
                let phase = x + y * 7 + index
                let style = Style(
                    foreground: .palette(UInt8(16 + (phase * 5) % 216)), background: .palette(UInt8(232 + (phase + y) % 24)))
                let glyph = FullChurn.glyphs[(phase * 13 + index) % count]
                grid.put(Cell(glyph: Glyph(ascii: glyph.asciiValue!), width: 1, style: style), x: x, y: y)
            }
        }
    }
}
