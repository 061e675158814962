import Foundation
import FrameGrid

/// `plain-feed`: a feed of styled rows (colours, bold, Korean text, some
/// emoji and combining marks) scrolled one row per frame, under a fixed
/// one-row header and above a fixed one-row footer.
///
/// Items are generated from the seed and their index on demand; only the
/// visible ones are kept (in a ring that the scroll advances), so a frame
/// generates one new item and allocates only for it.
public final class PlainFeed: Workload {
    public static let name = "plain-feed"
    public let size: Size
    public let seed: UInt64
    public let itemCount: Int
    public let drawsIncrementally = false

    private var cache: [Int: FeedItem] = [:]
    private let header: String
    private let footer: String
    /// Items from a user's file, when given: mapped, indexed as far as shown.
    private let file: FileFeed?

    public init(settings: WorkloadSettings) throws {
        size = settings.size
        seed = settings.seed
        file = try settings.feedFile.map { try FileFeed(path: $0) }
        itemCount = max(1, settings.feedItems)
        header = file.map { " ◆ framebench · plain-feed · \($0.path) " }
            ?? " ◆ framebench · plain-feed · \(settings.feedItems) items · seed \(settings.seed) "
        footer = " ↑↓ one row per frame · 한글 · emoji 🚀 · the header and footer do not scroll "
        cache.reserveCapacity(size.rows * 2)
    }

    /// Generates the items frame `index` shows and forgets those scrolled away.
    public func update(frame index: Int) {
        let bodyRows = max(0, size.rows - 2)
        for row in 0..<bodyRows { _ = item(index + row) }
        evict(outside: index..<(index + bodyRows))
    }

    public var reusesLastFrame: Bool { true }

    /// Frames drawn lately with the stamps their grids' rows had after, so
    /// a grid still holding one of them is scrolled instead of drawn again
    /// (two: a harness running two lanes side by side draws into two grids).
    private var drawnFrames: [DrawnFrame] = []

    /// A frame this workload drew and the row stamps that identify it.
    private struct DrawnFrame {
        var index: Int
        var stamps: [UInt64]
    }

    /// The arena bytes up to which a grid is scrolled rather than cleared:
    /// only `clear` empties a grid's arena, so a grid only ever scrolled
    /// would keep every long cluster it was given.
    static let arenaBytesBeforeClear = 4_096

    public func draw(frame index: Int, into grid: inout Grid) {
        if let shown = drawnFrameShown(in: grid), scrollDraw(frame: index, from: shown, into: &grid) {
            remember(frame: index, grid)
            return
        }
        drawWhole(frame: index, into: &grid)
        remember(frame: index, grid)
    }

    /// Which frame drawn lately `grid` holds, told by every row's stamp
    /// (a stamp names one write, process-wide). - Complexity: O(rows).
    private func drawnFrameShown(in grid: Grid) -> Int? {
        guard grid.size == size, grid.arenaByteCount <= Self.arenaBytesBeforeClear else { return nil }
        for drawn in drawnFrames where (0..<grid.rows).allSatisfy({ grid.stamp(ofRow: $0) == drawn.stamps[$0] }) {
            return drawn.index
        }
        return nil
    }

    /// Draws frame `index` over `grid`, which holds frame `shown`, when the
    /// page moved by fewer rows than it shows: the page's rows are scrolled
    /// (header and footer stay) and only the rows that entered are written.
    /// - Returns: false when the move is too far (nothing drawn).
    /// - Complexity: O(rows + cols x rows entering).
    private func scrollDraw(frame index: Int, from shown: Int, into grid: inout Grid) -> Bool {
        let bodyRows = max(0, size.rows - 2)
        let shift = index - shown
        guard bodyRows > 0, abs(shift) < bodyRows else { return false }
        if shift == 0 { return true }
        let body = 1..<(1 + bodyRows)
        grid.scroll(rows: body, by: shift)
        let entering = shift > 0 ? (bodyRows - shift)..<bodyRows : 0..<(-shift)
        for row in entering { writeItem(index + row, row: row + 1, into: &grid) }
        evict(outside: index..<(index + bodyRows))
        return true
    }

    /// Keeps the stamps of the frame just drawn, in place of the oldest.
    private func remember(frame index: Int, _ grid: Grid) {
        var drawn = drawnFrames.count < 2 ? DrawnFrame(index: index, stamps: []) : drawnFrames.removeFirst()
        drawn.index = index
        drawn.stamps.removeAll(keepingCapacity: true)
        for y in 0..<grid.rows { drawn.stamps.append(grid.stamp(ofRow: y)) }
        drawnFrames.append(drawn)
    }

    /// Writes item `item` across row `y` (a row just cleared).
    private func writeItem(_ item: Int, row y: Int, into grid: inout Grid) {
        let cols = size.cols
        var x = 0
        for segment in self.item(item).segments {
            x = grid.write(segment.text, x: x, y: y, style: segment.style)
            if x >= cols { break }
        }
    }

    /// Draws every row of frame `index`.
    private func drawWhole(frame index: Int, into grid: inout Grid) {
        grid.clear()
        let cols = size.cols
        let headerStyle = Style(foreground: .brightWhite, background: .palette(24), attributes: .bold)
        grid.fill(Rect(x: 0, y: 0, width: cols, height: 1), style: headerStyle)
        grid.write(header, x: 0, y: 0, style: headerStyle)
        guard size.rows > 1 else { return }
        let footerStyle = Style(foreground: .palette(250), background: .palette(236))
        grid.fill(Rect(x: 0, y: size.rows - 1, width: cols, height: 1), style: footerStyle)
        grid.write(footer, x: 0, y: size.rows - 1, style: footerStyle)
        let bodyRows = max(0, size.rows - 2)
        for row in 0..<bodyRows { writeItem(index + row, row: row + 1, into: &grid) }
        evict(outside: index..<(index + bodyRows))
    }

    /// Item `index` of the file (wrapping around once its length is known;
    /// an empty file shows empty rows).
    private func fileItem(_ index: Int, _ file: FileFeed) -> FeedItem {
        guard let line = file.line(for: index) else { return FeedItem(segments: []) }
        if let cached = cache[line] { return cached }
        guard let record = file.record(atLine: line) else { return FeedItem(segments: []) }
        let made = FeedItem.make(record, index: line)
        cache[line] = made
        return made
    }

    /// Forgets items outside `visible` once the cache holds twice a screen.
    private func evict(outside visible: Range<Int>) {
        guard cache.count > visible.count * 2 + 2 else { return }
        let count = itemCount
        cache = cache.filter { entry in visible.contains { $0 % count == entry.key } }
    }

    /// Item `index` (wrapping around the feed's length), made on first use.
    func item(_ index: Int) -> FeedItem {
        if let file { return fileItem(index, file) }
        let wrapped = index % itemCount
        if let cached = cache[wrapped] { return cached }
        let made = FeedItem.make(seed: seed, index: wrapped)
        cache[wrapped] = made
        return made
    }
}

/// One row of the plain feed: text segments with their styles.
struct FeedItem {
    struct Segment {
        var text: String
        var style: Style
    }

    var segments: [Segment]

    static let korean = [
        "안녕하세요", "오늘 날씨가 좋네요", "프레임 시간을 측정합니다", "한글 텍스트", "스크롤", "새로운 소식",
        "터미널 렌더링", "감사합니다",
    ]
    static let emoji = ["😀", "🚀", "🎬", "🔥", "✨", "👍", "🌏", "🍿"]
    static let words = [
        "lorem", "ipsum", "dolor", "sit", "amet", "frame", "budget", "scroll", "terminal", "diff",
        "render", "cell", "glyph", "café", "naïve", "résumé", "jalapen\u{0303}o", "cursor", "region", "bytes",
    ]
    static let names = ["ada", "grace", "linus", "margaret", "dennis", "barbara", "ken", "frances"]

    /// An item from a line of a feed file: its text, after its `author`
    /// when the line was JSON with one (strings only: a number is no name
    /// or text here). Controls are made visible when the text is written
    /// into the grid.
    static func make(_ record: FileRecord, index: Int) -> FeedItem {
        let author = record.fields["author"]
        let text = record.numbers["text"] == nil ? record.text : ""
        let number = String(index + 1)
        var segments = [
            Segment(
                text: String(repeating: " ", count: max(0, 8 - number.count)) + number + " ",
                style: Style(foreground: .palette(244), attributes: .dim))
        ]
        if let author {
            segments.append(Segment(text: "@" + author, style: Style(foreground: .cyan, attributes: .bold)))
            segments.append(Segment(text: " · ", style: .plain))
        }
        segments.append(Segment(text: text, style: .plain))
        return FeedItem(segments: segments)
    }

    static func make(seed: UInt64, index: Int) -> FeedItem {
        var random = SeededRandom(seed: seed, index: index)
        var segments: [Segment] = []
        let number = String(index)
        segments.append(Segment(text: String(repeating: " ", count: max(0, 8 - number.count)) + number + " ", style: Style(foreground: .palette(244), attributes: .dim)))
        let name = names[random.below(names.count)]
        let nameColor = Color.palette(UInt8(1 + random.below(14)))
        segments.append(Segment(text: "@" + name, style: Style(foreground: nameColor, attributes: .bold)))
        segments.append(Segment(text: " · ", style: .plain))
        let parts = 6 + random.below(18)
        var text = ""
        for part in 0..<parts {
            if part > 0 { text += " " }
            switch random.below(10) {
            case 0, 1: text += korean[random.below(korean.count)]
            case 2: text += emoji[random.below(emoji.count)]
            default: text += words[random.below(words.count)]
            }
        }
        let bodyStyle: Style
        switch random.below(8) {
        case 0: bodyStyle = Style(foreground: .palette(UInt8(16 + random.below(216))))
        case 1: bodyStyle = Style(attributes: .italic)
        case 2: bodyStyle = Style(foreground: .black, background: .palette(UInt8(150 + random.below(80))))
        case 3: bodyStyle = Style(attributes: .underline)
        default: bodyStyle = .plain
        }
        segments.append(Segment(text: text, style: bodyStyle))
        if random.below(4) == 0 {
            segments.append(Segment(text: "  ♥ \(random.below(5000))", style: Style(foreground: .red)))
        }
        return FeedItem(segments: segments)
    }
}
