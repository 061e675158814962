import FrameGrid

/// `random-edits`: seeded random changes to the previous frame, for
/// correctness runs rather than speed: text in random styles at random places
/// (wide characters at the edges included), style-only changes, block scrolls
/// of the body up and down by 1..n rows under a fixed header and above a fixed
/// footer, cleared rectangles, and now and then a cleared screen.
public final class RandomEdits: Workload {
    public static let name = "random-edits"
    public let size: Size
    public let seed: UInt64
    public let drawsIncrementally = true

    public init(settings: WorkloadSettings) {
        size = settings.size
        seed = settings.seed
    }

    static let samples = [
        "hello", "한글", "터미널", "😀", "🚀x", "e\u{301}", "wide 全角 text", "ＡＢＣ", "a\u{301}\u{302}",
        "line—dash", "tab\there", "esc\u{1B}[31m", "bell\u{07}", "─────", "        ", "xxxxxxxxxxxx",
    ]

    public func draw(frame index: Int, into grid: inout Grid) {
        var random = SeededRandom(seed: seed, index: index)
        if index == 0 || random.below(200) == 0 {
            grid.clear()
            grid.write(" header: fixed row ", x: 0, y: 0, style: Style(foreground: .white, background: .blue, attributes: .bold))
            grid.write(" footer 한글 ", x: 0, y: size.rows - 1, style: Style(foreground: .black, background: .palette(180)))
            if index == 0 { return }
        }
        let edits = 1 + random.below(6)
        for _ in 0..<edits {
            switch random.below(10) {
            case 0, 1, 2, 3: writeText(&grid, &random)
            case 4, 5: restyle(&grid, &random)
            case 6, 7: scrollBody(&grid, &random)
            case 8:
                let rect = Rect(
                    x: random.below(size.cols), y: random.below(size.rows),
                    width: 1 + random.below(size.cols), height: 1 + random.below(4))
                grid.fill(rect, style: randomStyle(&random))
            default:
                // A wide character written into the last column or over half of another.
                let text = ["한", "😀", "全"][random.below(3)]
                grid.write(text, x: size.cols - 1 - random.below(2), y: random.below(size.rows), style: randomStyle(&random))
            }
        }
    }

    private func writeText(_ grid: inout Grid, _ random: inout SeededRandom) {
        let text = RandomEdits.samples[random.below(RandomEdits.samples.count)]
        grid.write(text, x: random.below(size.cols + 2) - 1, y: random.below(size.rows), style: randomStyle(&random))
    }

    /// Rewrites a run of cells with their own glyphs in another style.
    private func restyle(_ grid: inout Grid, _ random: inout SeededRandom) {
        let y = random.below(size.rows)
        let start = random.below(size.cols)
        let end = min(size.cols, start + 1 + random.below(20))
        let style = randomStyle(&random)
        var x = start
        while x < end {
            var cell = grid[x, y]
            if cell.isContinuation {
                x += 1
                continue
            }
            cell.style = style
            grid.put(cell, x: x, y: y)
            x += max(1, Int(cell.width))
        }
    }

    /// Moves the body (rows 1..rows-2) up or down by 1...4 rows; exposed rows get new text.
    private func scrollBody(_ grid: inout Grid, _ random: inout SeededRandom) {
        let top = 1
        let bottom = size.rows - 2
        guard bottom - top >= 2 else { return }
        let amount = (1 + random.below(min(4, bottom - top))) * (random.below(2) == 0 ? 1 : -1)
        let source = grid
        let rows = amount > 0 ? Array(top...bottom) : Array((top...bottom).reversed())
        for y in rows {
            let from = y + amount
            grid.fill(Rect(x: 0, y: y, width: size.cols, height: 1), style: .plain)
            guard from >= top && from <= bottom else {
                grid.write("new row \(random.below(1000)) 한글 😀", x: random.below(4), y: y, style: randomStyle(&random))
                continue
            }
            for x in 0..<size.cols {
                let cell = source[x, from]
                if !cell.isContinuation {
                    var copy = cell
                    if cell.width == 2 && x + 1 >= size.cols { copy = .blank(cell.style) }
                    grid.put(copy, x: x, y: y)
                }
            }
        }
    }

    private func randomStyle(_ random: inout SeededRandom) -> Style {
        let colors: [Color] = [.default, .red, .green, .brightBlue, .palette(208), .palette(240), .rgb(10, 120, 200)]
        return Style(
            foreground: colors[random.below(colors.count)],
            background: random.below(3) == 0 ? colors[random.below(colors.count)] : .default,
            attributes: Attributes(rawValue: UInt8(random.below(64))))
    }
}
