import FrameGrid
import TerminalOutput

/// A small VT/xterm model for tests: interprets the sequences an
/// xterm-256color encoder emits and keeps the resulting screen, so a test can
/// compare what a terminal would show with the frame that was intended.
///
/// It is our own model and so not the only judge: scripts/replay_check.py
/// replays recordings through pyte and tmux.
struct TestTerminal {
    struct Slot: Equatable {
        var text: String = " "
        var width = 1  // 0: right half of a wide character
        var style = Style.plain
    }

    let cols: Int
    let rows: Int
    private(set) var screen: [[Slot]]
    private(set) var x = 0
    private(set) var y = 0
    private var pendingWrap = false
    private var top = 0
    private var bottom: Int
    private var pen = Style.plain
    private var lastPrinted: String?
    private var pending: [UInt8] = []
    /// Sequences this model did not understand (a test fails on any).
    private(set) var unknownSequences: [String] = []

    init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
        bottom = rows - 1
        screen = Array(repeating: Array(repeating: Slot(), count: cols), count: rows)
    }

    /// Rows as text, wide characters once, trailing spaces removed.
    var lines: [String] {
        screen.map { row in
            var text = row.filter { $0.width > 0 }.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// Differences between this screen and `grid` as `encoder` draws it
    /// (text and style per cell), empty when equal.
    func differences(from grid: Grid, encoder: FrameEncoder) -> [String] {
        guard grid.cols == cols, grid.rows == rows else {
            return ["frame is \(grid.size), terminal is \(cols)x\(rows)"]
        }
        let depth = encoder.colorDepth
        var problems: [String] = []
        let expected = (0..<rows).map { row -> String in
            var text = encoder.displayedLine(grid, row: row)
            while text.last == " " { text.removeLast() }
            return text
        }
        for row in 0..<rows where lines[row] != expected[row] {
            problems.append("row \(row): expected \(expected[row].debugDescription), shown \(lines[row].debugDescription)")
        }
        for row in 0..<rows {
            for col in 0..<cols {
                var cell = grid[col, row]
                cell.foreground = depth.reduce(cell.foreground)
                cell.background = depth.reduce(cell.background)
                let slot = screen[row][col]
                // A cluster sent in its safe form (two narrow characters, such
                // as a flag's region letters or a symbol and a space; see
                // ClusterFallback) fills its right half itself; the row's text
                // is compared above.
                let paddedHalf = cell.isContinuation && slot.width == 1 && col > 0 && screen[row][col - 1].width == 1
                if slot.style != cell.style || (cell.isContinuation != (slot.width == 0) && !paddedHalf) {
                    problems.append("cell \(col),\(row): expected \(cell.style) width \(cell.width), shown \(slot.style) width \(slot.width)")
                    if problems.count > 8 { return problems }
                }
            }
        }
        return problems
    }

    mutating func feed(_ bytes: [UInt8]) {
        pending.append(contentsOf: bytes)
        var index = 0
        while index < pending.count {
            guard let consumed = step(pending, index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    /// Interprets one item at `index`; returns bytes consumed, nil when incomplete.
    private mutating func step(_ bytes: [UInt8], _ index: Int) -> Int? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escape(bytes, index)
        case 0x0D: x = 0; pendingWrap = false; return 1
        case 0x0A: lineFeed(); return 1
        case 0x08: x = max(0, x - 1); pendingWrap = false; return 1
        case 0x07: return 1
        case 0x00..<0x20, 0x7F:
            unknownSequences.append("C0 \(byte)")
            return 1
        default: return printable(bytes, index)
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if y == bottom {
            scrollUp(1)
        } else if y < rows - 1 {
            y += 1
        }
    }

    private mutating func reverseIndex() {
        pendingWrap = false
        if y == top {
            scrollDown(1)
        } else if y > 0 {
            y -= 1
        }
    }

    private mutating func scrollUp(_ count: Int) {
        for _ in 0..<min(count, bottom - top + 1) {
            screen.remove(at: top)
            screen.insert(Array(repeating: Slot(text: " ", width: 1, style: Style(background: pen.background)), count: cols), at: bottom)
        }
    }

    private mutating func scrollDown(_ count: Int) {
        for _ in 0..<min(count, bottom - top + 1) {
            screen.remove(at: bottom)
            screen.insert(Array(repeating: Slot(text: " ", width: 1, style: Style(background: pen.background)), count: cols), at: top)
        }
    }

    private mutating func printable(_ bytes: [UInt8], _ index: Int) -> Int? {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return nil }
        let scalarText = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        guard let scalar = scalarText.unicodeScalars.first else { return length }
        let width = DisplayWidth.of(scalar)
        if width == 0 {
            // Combining: joins the previous cell.
            var px = pendingWrap ? x : x - 1
            if px >= 0, screen[y][px].width == 0 { px -= 1 }
            if px >= 0 { screen[y][px].text += scalarText }
            return length
        }
        put(scalarText, width: width)
        return length
    }

    private mutating func put(_ text: String, width: Int) {
        if pendingWrap {
            pendingWrap = false
            x = 0
            lineFeed()
        }
        if x + width > cols {
            x = 0
            lineFeed()
        }
        clearHalves(x, width)
        screen[y][x] = Slot(text: text, width: width, style: pen)
        if width == 2 { screen[y][x + 1] = Slot(text: "", width: 0, style: pen) }
        lastPrinted = text
        if x + width >= cols {
            x = cols - 1
            pendingWrap = true
        } else {
            x += width
        }
    }

    /// Writing over half of a wide character blanks its other half.
    private mutating func clearHalves(_ column: Int, _ width: Int) {
        if screen[y][column].width == 0, column > 0 {
            screen[y][column - 1] = Slot(text: " ", width: 1, style: screen[y][column - 1].style)
        }
        let after = column + width
        if after < cols, screen[y][after].width == 0 {
            screen[y][after] = Slot(text: " ", width: 1, style: screen[y][after].style)
        }
    }

    private mutating func escape(_ bytes: [UInt8], _ index: Int) -> Int? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "["): return csi(bytes, index)
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return index + 2 < bytes.count ? 3 : nil
        case UInt8(ascii: "M"): reverseIndex(); return 2
        case UInt8(ascii: "D"): lineFeed(); return 2
        case UInt8(ascii: "E"): x = 0; lineFeed(); return 2
        case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "7"), UInt8(ascii: "8"): return 2
        default:
            unknownSequences.append("ESC \(bytes[index + 1])")
            return 2
        }
    }

    private mutating func csi(_ bytes: [UInt8], _ index: Int) -> Int? {
        var end = index + 2
        while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        let final = Character(UnicodeScalar(bytes[end]))
        let isPrivate = body.hasPrefix("?")
        let params = (isPrivate ? String(body.dropFirst()) : body).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) ?? 0 }
        func p(_ i: Int, _ fallback: Int) -> Int { i < params.count && params[i] != 0 ? params[i] : fallback }
        if isPrivate {
            if final != "h" && final != "l" { unknownSequences.append("CSI ?\(body)\(final)") }
            return end - index + 1
        }
        pendingWrap = final == "m" ? pendingWrap : false
        switch final {
        case "H", "f": y = min(rows - 1, p(0, 1) - 1); x = min(cols - 1, p(1, 1) - 1)
        case "A": y = max(0, y - p(0, 1))
        case "B": y = min(rows - 1, y + p(0, 1))
        case "C": x = min(cols - 1, x + p(0, 1))
        case "D": x = max(0, x - p(0, 1))
        case "G": x = min(cols - 1, p(0, 1) - 1)
        case "d": y = min(rows - 1, p(0, 1) - 1)
        case "J":
            if p(0, 0) == 2 || p(0, 0) == 3 {
                screen = Array(repeating: Array(repeating: Slot(text: " ", width: 1, style: Style(background: pen.background)), count: cols), count: rows)
            } else {
                unknownSequences.append("CSI \(body)J")
            }
        case "K":
            guard p(0, 0) == 0 else { unknownSequences.append("CSI \(body)K"); break }
            clearHalves(x, 0)
            for col in x..<cols { screen[y][col] = Slot(text: " ", width: 1, style: Style(background: pen.background)) }
        case "X":
            let count = min(p(0, 1), cols - x)
            clearHalves(x, count)
            for col in x..<(x + count) { screen[y][col] = Slot(text: " ", width: 1, style: Style(background: pen.background)) }
        case "b":
            if let last = lastPrinted {
                for _ in 0..<p(0, 1) { put(last, width: DisplayWidth.of(Character(last))) }
            }
        case "S": scrollUp(p(0, 1))
        case "T": scrollDown(p(0, 1))
        case "r":
            top = p(0, 1) - 1
            bottom = min(rows - 1, p(1, rows) - 1)
            x = 0
            y = 0
        case "m": sgr(params.isEmpty ? [0] : params)
        case "h", "l": break
        default: unknownSequences.append("CSI \(body)\(final)")
        }
        return end - index + 1
    }

    private mutating func sgr(_ params: [Int]) {
        var i = 0
        while i < params.count {
            let code = params[i]
            switch code {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 9: pen.attributes.insert(.strikethrough)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 29: pen.attributes.remove(.strikethrough)
            case 30...37: pen.foreground = .palette(UInt8(code - 30))
            case 39: pen.foreground = .default
            case 40...47: pen.background = .palette(UInt8(code - 40))
            case 49: pen.background = .default
            case 90...97: pen.foreground = .palette(UInt8(code - 90 + 8))
            case 100...107: pen.background = .palette(UInt8(code - 100 + 8))
            case 38, 48:
                var color = Color.default
                if i + 2 < params.count && params[i + 1] == 5 {
                    color = .palette(UInt8(params[i + 2]))
                    i += 2
                } else if i + 4 < params.count && params[i + 1] == 2 {
                    color = .rgb(UInt8(params[i + 2]), UInt8(params[i + 3]), UInt8(params[i + 4]))
                    i += 4
                }
                if code == 38 { pen.foreground = color } else { pen.background = color }
            default: unknownSequences.append("SGR \(code)")
            }
            i += 1
        }
    }
}
