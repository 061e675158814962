import CVTerm

/// A real terminal emulator (libvterm) as the screen a program draws on:
/// every byte the program writes goes through it; its damage callbacks say
/// which cells each frame touched; its keyboard encodes keys for the
/// program's current modes; its replies to queries (device attributes,
/// cursor position, modes) go back to the program.
///
/// Bytes reach libvterm through a `SequenceGuard` (bounded chunks, no
/// sequence it cannot hold, REP expanded); the queries libvterm 0.1.4 does
/// not answer as a current terminal would are answered here
/// (`TerminalScreen+Answers.swift`, the list in `TerminalAnswers`).
///
/// Damage is kept per cell: a cell is dirty when the frame printed or
/// erased it, even if it shows what it showed before. Cells a scroll only
/// moved are not dirty (the lines it exposes are erased, so they are); the
/// scroll is counted apart, like the renderer's own scroll-region moves.
/// A full repaint is a frame that painted every cell. `endFrame()` reads
/// the damage and clears it.
public final class TerminalScreen {
    /// What one frame did to the screen.
    public struct Damage: Equatable, Sendable {
        public var cells: Int
        public var rows: Int
        /// Every cell of the screen was touched (a clear, or a full redraw).
        public var isFullRepaint: Bool
        /// Rectangle moves (scrolls) the frame made.
        public var scrolls: Int
    }

    public private(set) var cols: Int
    public private(set) var rows: Int
    let terminal: OpaquePointer
    private let screen: OpaquePointer
    /// One flag per cell, `row * cols + col`; `dirtyCount` counts the set ones.
    private var dirty: [Bool]
    private var dirtyCount = 0
    private var scrolls = 0
    private var callbacks = VTermScreenCallbacks()
    private var sequenceGuard = SequenceGuard()
    /// Modes libvterm does not report, tracked for DECRQM.
    var modes = TerminalModes()
    /// Replies not yet taken, in the order the queries came.
    var replies: [UInt8] = []
    /// The start of a UTF-8 character whose last bytes have not arrived:
    /// libvterm 0.1.4 decodes each write on its own, so a character split
    /// between two writes (a pty read ends every ~4 KB, the guard's chunks
    /// at `SequenceGuard.chunkLimit`) would show as U+FFFD. At most 3 bytes.
    private var partialCharacter: [UInt8] = []

    public init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
        terminal = vterm_new(Int32(rows), Int32(cols))
        vterm_set_utf8(terminal, 1)
        screen = vterm_obtain_screen(terminal)
        dirty = Array(repeating: false, count: cols * rows)
        partialCharacter.reserveCapacity(4)
        callbacks.damage = { rect, user in
            Unmanaged<TerminalScreen>.fromOpaque(user!).takeUnretainedValue().markDirty(rect)
            return 1
        }
        callbacks.moverect = { _, _, user in
            Unmanaged<TerminalScreen>.fromOpaque(user!).takeUnretainedValue().scrolls += 1
            return 1  // handled: moved cells are a scroll, not painted cells (the lines it exposes are)
        }
        vterm_screen_set_callbacks(screen, &callbacks, Unmanaged.passUnretained(self).toOpaque())
        vterm_screen_set_damage_merge(screen, VTERM_DAMAGE_CELL)
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_reset(screen, 1)
        clearDamage()
    }

    deinit { vterm_free(terminal) }

    /// Feeds bytes the program wrote. Any bytes: none crashes the emulator (see `SequenceGuard`).
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        var feed = EmulatorFeed(screen: self)
        sequenceGuard.feed(bytes, into: &feed)
    }

    /// Gives bytes to libvterm as they are (the guard has bounded and
    /// checked them), holding back a UTF-8 character cut at the end until
    /// its last bytes come (`partialCharacter`).
    func passToEmulator(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        var start = 0
        if !partialCharacter.isEmpty {
            // Complete the held character with the continuation bytes that follow; anything else ends it as it is.
            let needed = Self.sequenceLength(lead: partialCharacter[0])
            while partialCharacter.count < needed && start < bytes.count && base[start] & 0xC0 == 0x80 {
                partialCharacter.append(base[start])
                start += 1
            }
            if partialCharacter.count < needed && start == bytes.count { return }  // still cut: wait for more
            partialCharacter.withUnsafeBytes { emulatorWrite($0.baseAddress!, $0.count) }
            partialCharacter.removeAll(keepingCapacity: true)
        }
        let rest = UnsafeRawBufferPointer(start: base + start, count: bytes.count - start)
        let complete = Self.completeUTF8Prefix(rest)
        if complete > 0 { emulatorWrite(base + start, complete) }
        if complete < rest.count { partialCharacter.append(contentsOf: rest[complete...]) }
    }

    private func emulatorWrite(_ base: UnsafeRawPointer, _ count: Int) {
        var offset = 0
        while offset < count {
            let taken = vterm_input_write(
                terminal, base.advanced(by: offset).assumingMemoryBound(to: CChar.self), count - offset)
            if taken == 0 { break }
            offset += taken
        }
    }

    /// The bytes a UTF-8 sequence starting with `lead` has (1 for anything that is not a lead byte).
    static func sequenceLength(lead: UInt8) -> Int {
        lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xC0 && lead < 0xE0 ? 2 : 1
    }

    /// How many of `bytes` end on a character boundary: all of them unless
    /// they end inside a multi-byte UTF-8 sequence (a lead byte with fewer
    /// continuation bytes after it than it announces).
    static func completeUTF8Prefix(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = bytes.count - 1
        // Back over at most 3 continuation bytes to the sequence's lead byte.
        while index >= 0 && index >= bytes.count - 4 {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                return bytes.count - index < sequenceLength(lead: byte) ? index : bytes.count
            }
            index -= 1
        }
        return bytes.count
    }

    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { completeUTF8Prefix($0) }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// The damage since the last call, then clears it.
    public func endFrame() -> Damage {
        vterm_screen_flush_damage(screen)
        var dirtyRows = 0
        for row in 0..<rows where dirty[(row * cols)..<((row + 1) * cols)].contains(true) {
            dirtyRows += 1
        }
        let damage = Damage(
            cells: dirtyCount, rows: dirtyRows, isFullRepaint: dirtyCount == cols * rows, scrolls: scrolls
        )
        clearDamage()
        return damage
    }

    /// Resizes the screen (the program is told separately, through the pty).
    public func resize(cols: Int, rows: Int) {
        vterm_set_size(terminal, Int32(rows), Int32(cols))
        // libvterm 0.1.4 keeps a scroll region (DECSTBM) and left/right margins
        // past the new size, and its next scroll then writes outside its lines
        // (heap corruption: `ESC[7;38r` on 9 rows, resize to 1 row, then text;
        // found by the driver fuzzer). xterm resets the margins on a resize:
        // so does this, the cursor left where it was.
        var cursor = VTermPos()
        vterm_state_get_cursorpos(vterm_obtain_state(terminal), &cursor)
        var reset = "\u{1B}[r"
        if modes.leftRightMargins { reset += "\u{1B}[s" }
        reset += "\u{1B}[\(cursor.row + 1);\(cursor.col + 1)H"
        Array(reset.utf8).withUnsafeBytes { passToEmulator($0) }
        self.cols = cols
        self.rows = rows
        dirty = Array(repeating: false, count: cols * rows)
        dirtyCount = 0
    }

    /// The bytes a key sends in the program's current modes.
    public func encode(_ key: KeyScript.Key) -> [UInt8] {
        switch key {
        case .text(let text):
            return Array(text.utf8)
        case .character(let scalar, let modifiers):
            vterm_keyboard_unichar(terminal, scalar.value, VTermModifier(UInt32(modifiers.rawValue)))
        case .named(.space, let modifiers):
            vterm_keyboard_unichar(terminal, 0x20, VTermModifier(UInt32(modifiers.rawValue)))
        case .named(let named, let modifiers):
            vterm_keyboard_key(terminal, named.vtermKey, VTermModifier(UInt32(modifiers.rawValue)))
        }
        return takeReplies()
    }

    /// Bytes the terminal sends back (replies to queries, encoded keys), in order.
    public func takeReplies() -> [UInt8] {
        drainEmulatorOutput()
        defer { replies.removeAll() }
        return replies
    }

    /// Moves libvterm's pending output (its replies, encoded keys) to `replies`.
    func drainEmulatorOutput() {
        var buffer = (
            UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)
        )
        while true {
            let count = withUnsafeMutableBytes(of: &buffer) {
                vterm_output_read(terminal, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count)
            }
            if count == 0 { break }
            withUnsafeBytes(of: buffer) { replies.append(contentsOf: $0[0..<count]) }
        }
    }

    /// The text of each row, trailing spaces trimmed (wide characters once).
    public func lines() -> [String] {
        (0..<rows).map { row in
            var line = String.UnicodeScalarView()
            var col = 0
            while col < cols {
                var cell = VTermScreenCell()
                vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(col)), &cell)
                let first = cell.chars.0
                if first == 0 {
                    line.append(" ")
                } else {
                    withUnsafeBytes(of: cell.chars) { raw in
                        for value in raw.bindMemory(to: UInt32.self) {
                            if value == 0 { break }
                            line.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                        }
                    }
                }
                col += max(1, Int(cell.width))
            }
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    private func markDirty(_ rect: VTermRect) {
        let top = max(0, Int(rect.start_row))
        let bottom = min(rows, Int(rect.end_row))
        let left = max(0, Int(rect.start_col))
        let right = min(cols, Int(rect.end_col))
        guard top < bottom, left < right else { return }
        for row in top..<bottom {
            let base = row * cols
            for col in left..<right where !dirty[base + col] {
                dirty[base + col] = true
                dirtyCount += 1
            }
        }
    }

    private func clearDamage() {
        vterm_screen_flush_damage(screen)
        if dirtyCount > 0 {
            for index in dirty.indices { dirty[index] = false }
        }
        dirtyCount = 0
        scrolls = 0
    }
}

extension NamedKey {
    var vtermKey: VTermKey {
        switch self {
        case .enter: return VTERM_KEY_ENTER
        case .tab: return VTERM_KEY_TAB
        case .backspace: return VTERM_KEY_BACKSPACE
        case .escape: return VTERM_KEY_ESCAPE
        case .space: return VTERM_KEY_NONE  // `encode` sends Space as a character
        case .up: return VTERM_KEY_UP
        case .down: return VTERM_KEY_DOWN
        case .left: return VTERM_KEY_LEFT
        case .right: return VTERM_KEY_RIGHT
        case .insert: return VTERM_KEY_INS
        case .delete: return VTERM_KEY_DEL
        case .home: return VTERM_KEY_HOME
        case .end: return VTERM_KEY_END
        case .pageUp: return VTERM_KEY_PAGEUP
        case .pageDown: return VTERM_KEY_PAGEDOWN
        case .f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12:
            return VTermKey(rawValue: VTERM_KEY_FUNCTION_0.rawValue + UInt32(Int(rawValue.dropFirst())!))
        }
    }
}

extension TerminalScreen {
    /// The cell libvterm shows at `row`, `col` (read by `styles()`, TerminalScreen+Styles.swift).
    func cell(row: Int, col: Int) -> VTermScreenCell {
        var cell = VTermScreenCell()
        vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(col)), &cell)
        return cell
    }
}
