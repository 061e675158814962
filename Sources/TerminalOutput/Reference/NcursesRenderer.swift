import CNcurses
import FrameGrid

#if canImport(Glibc)
import Glibc
#endif

/// The reference renderer: hands the same frames to ncurses and lets
/// `doupdate` decide what to send, writing into a temporary file so its bytes
/// can be counted (and replayed) beside ours.
///
/// Set up as a fair peer: `typeahead(-1)` (never interrupt an update to poll
/// input), `idlok` (may use insert/delete line and scroll regions), `nonl`
/// (may use line feed for cursor motion, as we do), `leaveok` (no cursor
/// placement after the update, as we do), default colours allowed.
///
/// ncurses keeps global state, so one `NcursesRenderer` exists at a time,
/// used from one thread.
public final class NcursesRenderer {
    public private(set) var size: Size
    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let descriptor: Int32
    private var pairs: [UInt64: Int32] = [:]
    private var lastPair: (key: UInt64, number: Int32) = (.max, 0)
    private var transferredStamps: [UInt64]
    private let colorDepth: ColorDepth
    private var isClosed = false

    /// Errors setting up ncurses.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(term: String, size: Size) throws {
        self.size = size
        guard let output = tmpfile() else { throw SetupError(description: "ncurses: cannot create a temporary file") }
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            throw SetupError(description: "ncurses: cannot open /dev/null")
        }
        self.output = output
        self.input = input
        descriptor = fileno(output)
        setlocale(LC_CTYPE, "C.UTF-8")
        // newterm takes the size from LINES and COLUMNS when the output is not
        // a terminal; put back what the process had afterwards.
        let savedLines = getenv("LINES").map { String(cString: $0) }
        let savedColumns = getenv("COLUMNS").map { String(cString: $0) }
        setenv("LINES", String(size.rows), 1)
        setenv("COLUMNS", String(size.cols), 1)
        let created = newterm(term, output, input)
        for (name, value) in [("LINES", savedLines), ("COLUMNS", savedColumns)] {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        guard let screen = created else {
            fclose(output)
            fclose(input)
            throw SetupError(description: "ncurses: newterm failed for TERM=\(term)")
        }
        self.screen = screen
        set_term(screen)
        _ = typeahead(-1)
        _ = nonl()
        _ = idlok(framebench_stdscr(), true)
        _ = leaveok(framebench_stdscr(), true)
        _ = curs_set(0)
        if has_colors() {
            _ = start_color()
            _ = use_default_colors()
        }
        let colors = Int(framebench_colors())
        colorDepth = colors >= 16_777_216 ? .direct : colors >= 256 ? .palette256 : colors >= 16 ? .ansi16 : colors >= 8 ? .ansi8 : .monochrome
        _ = resizeterm(Int32(size.rows), Int32(size.cols))
        transferredStamps = Array(repeating: 0, count: size.rows)
    }

    deinit { close() }

    /// Ends ncurses and releases its screen and files.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        set_term(screen)
        _ = endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    /// Bytes ncurses has written so far.
    public var bytesWritten: Int { Int(lseek(descriptor, 0, SEEK_CUR)) }

    /// Everything ncurses wrote so far, for replaying.
    public func writtenBytes() -> [UInt8] {
        fflush(output)
        let count = bytesWritten
        var bytes = [UInt8](repeating: 0, count: count)
        _ = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return bytes
    }

    /// The terminal changed size (a script's resize): ncurses resizes its
    /// screens and repaints the next update in full.
    public func resize(to newSize: Size) {
        guard newSize != size else { return }
        set_term(screen)
        size = newSize
        _ = resizeterm(Int32(newSize.rows), Int32(newSize.cols))
        _ = clearok(framebench_stdscr(), true)
        transferredStamps = Array(repeating: 0, count: newSize.rows)
    }

    /// Copies the rows of `frame` that changed since the last transfer into
    /// ncurses' window (the application's side of an ncurses program).
    ///
    /// This is part of the ncurses lane's whole frame, so it is kept as lean
    /// as an application's own code would be: clusters are decoded from
    /// UTF-8 straight into `wchar_t`s (no `String` per cell). Each cell is
    /// placed with `mvwadd_wch`, so a width ncurses judges differently from
    /// the grid cannot shift the rest of the row.
    public func transfer(_ frame: Grid) {
        precondition(frame.size == size, "the reference renderer has a fixed size")
        let window = framebench_stdscr()
        for y in 0..<size.rows where frame.stamp(ofRow: y) != transferredStamps[y] {
            transferredStamps[y] = frame.stamp(ofRow: y)
            for x in 0..<size.cols {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                var character = cchar_t()
                var pair = pairNumber(cell.foreground, cell.background)
                let attributes = attributes(of: cell.attributes)
                frame.withBytes(of: cell.glyph) { bytes in
                    var wide: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
                    withUnsafeMutableBytes(of: &wide) { raw in
                        let slots = raw.bindMemory(to: wchar_t.self)
                        NcursesRenderer.decode(bytes, into: slots, limit: 5)
                        _ = setcchar(&character, slots.baseAddress, attributes, 0, &pair)
                    }
                }
                _ = mvwadd_wch(window, Int32(y), Int32(x), &character)
            }
        }
    }

    /// Decodes up to `limit` scalars of a grid cluster's UTF-8 (valid: the
    /// grid stores only valid UTF-8) into `slots`, zero-terminated.
    @inline(__always)
    static func decode(_ bytes: UnsafeRawBufferPointer, into slots: UnsafeMutableBufferPointer<wchar_t>, limit: Int) {
        var index = 0
        var count = 0
        while index < bytes.count && count < limit {
            let lead = UInt32(bytes[index])
            var scalar: UInt32
            var length: Int
            if lead < 0x80 {
                scalar = lead; length = 1
            } else if lead < 0xE0 {
                scalar = lead & 0x1F; length = 2
            } else if lead < 0xF0 {
                scalar = lead & 0x0F; length = 3
            } else {
                scalar = lead & 0x07; length = 4
            }
            guard index + length <= bytes.count else { break }
            for offset in 1..<max(1, length) { scalar = scalar << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
            slots[count] = wchar_t(bitPattern: scalar)
            count += 1
            index += length
        }
        if count < slots.count { slots[count] = 0 }
    }

    /// Lets ncurses compute and write the update; returns the bytes it wrote.
    @discardableResult
    public func update() -> Int {
        let before = bytesWritten
        refresh()
        return bytesWritten - before
    }

    /// `wnoutrefresh` + `doupdate` alone: what a benchmark times. ncurses
    /// writes the update to its file with `write(2)` inside `doupdate`; the
    /// byte count (`bytesWritten`, an `lseek`) is read outside the timed
    /// window.
    @inline(__always)
    public func refresh() {
        _ = wnoutrefresh(framebench_stdscr())
        _ = doupdate()
    }

    /// Empties the file ncurses writes into, so a long benchmark does not
    /// fill the disk; call it between timed frames. Bytes written before are
    /// gone from `writtenBytes()`.
    public func discardWritten() {
        _ = ftruncate(descriptor, 0)
        _ = lseek(descriptor, 0, SEEK_SET)
    }

    private func attributes(of attributes: Attributes) -> attr_t {
        var result = framebench_attr_normal
        if attributes.contains(.bold) { result |= framebench_attr_bold }
        if attributes.contains(.dim) { result |= framebench_attr_dim }
        if attributes.contains(.italic) { result |= framebench_attr_italic }
        if attributes.contains(.underline) { result |= framebench_attr_underline }
        if attributes.contains(.reverse) { result |= framebench_attr_reverse }
        // ncurses has no strikethrough attribute.
        return result
    }

    private func colorNumber(_ color: Color) -> Int32 {
        switch colorDepth.reduce(color).kind {
        case .default: return -1
        case .palette(let index): return Int32(index)
        case .rgb(let r, let g, let b): return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        }
    }

    private func pairNumber(_ foreground: Color, _ background: Color) -> Int32 {
        let key = UInt64(foreground.bitPattern) << 32 | UInt64(background.bitPattern)
        // Runs of cells share colours: the last pair saves a hash lookup per cell.
        if key == lastPair.key { return lastPair.number }
        if let pair = pairs[key] {
            lastPair = (key, pair)
            return pair
        }
        if foreground.isDefault && background.isDefault { return 0 }
        let pair = Int32(pairs.count + 1)
        guard pair < framebench_color_pairs() else { return 0 }
        _ = init_extended_pair(pair, colorNumber(foreground), colorNumber(background))
        pairs[key] = pair
        return pair
    }
}
