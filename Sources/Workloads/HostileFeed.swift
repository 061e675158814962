import FrameGrid

/// `hostile-feed`: a feed whose items are what an attacker or a broken
/// source would send a terminal: escape and control sequences (CSI, OSC 52
/// clipboard writes, DCS, C1 controls, BEL, NUL, DEL), invalid UTF-8 from a
/// byte source, bidirectional overrides, long ZWJ chains, a letter under
/// thousands of combining marks, tabs, CR and LF. Scrolled one row per frame
/// like `plain-feed`; none of it may reach the terminal raw.
public final class HostileFeed: Workload {
    public static let name = "hostile-feed"
    public let size: Size
    public let drawsIncrementally = false

    /// Items as raw bytes, as a file or socket would deliver them.
    static let items: [[UInt8]] = [
        Array("clear screen \u{1B}[2J\u{1B}[H and home".utf8),
        Array("clipboard \u{1B}]52;c;cm0gLXJmIH4=\u{07} write".utf8),
        Array("title \u{1B}]0;pwned\u{1B}\\ set".utf8),
        Array("C1 CSI \u{9B}31m red? and NEL \u{85} here".utf8),
        Array("DCS \u{1B}P1$r0m\u{1B}\\ query".utf8),
        Array("bell \u{07}\u{07} nul \u{0} del \u{7F}".utf8),
        [0x69, 0x6E, 0x76, 0x61, 0x6C, 0x69, 0x64, 0x20, 0xFF, 0xFE, 0xC3, 0x28, 0x20, 0xE2, 0x82, 0x20, 0xF0, 0x9F, 0x98, 0x20, 0x75, 0x74, 0x66, 0x38],
        Array("bidi \u{202E}txet desrever\u{202C} and \u{2066}isolate\u{2069}".utf8),
        Array(("zwj " + Array(repeating: "👩", count: 40).joined(separator: "\u{200D}") + " chain").utf8),
        Array(("zalgo e" + String(repeating: "\u{301}", count: 3_000) + " marks").utf8),
        Array("tab\there cr\rlf\nend".utf8),
        Array("flags 🇰🇷🇺🇳 skin 👍🏽 heart ❤️ keycap 1️⃣".utf8),
        Array("cursor save \u{1B}7 move \u{1B}[10;10H restore \u{1B}8 alt \u{1B}[?1049h".utf8),
        Array("한글 😀 plain row for contrast".utf8),
    ]

    public init(settings: WorkloadSettings) {
        size = settings.size
    }

    public func draw(frame index: Int, into grid: inout Grid) {
        grid.clear()
        grid.write(" hostile-feed: none of this may reach the terminal raw ", x: 0, y: 0, style: Style(attributes: .reverse))
        for row in 1..<max(1, size.rows) {
            let item = HostileFeed.items[(index + row) % HostileFeed.items.count]
            grid.write(utf8: item, x: 0, y: row, style: Style(foreground: .palette(UInt8(row % 7 + 1))))
        }
    }
}
