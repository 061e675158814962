// libFuzzer entry point for the render core: arbitrary bytes drive writes
// of arbitrary (often invalid or hostile) text into a small grid, and every
// rendered frame is replayed through the test terminal model, which must
// show exactly the intended frame. Built and run by scripts/fuzz.sh.
import FrameGrid
import TerminalOutput

private let capabilities = try! TerminalCapabilities.load(term: "xterm-256color")

/// Reads the fuzzer's bytes as a little program.
private struct Program {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func chunk() -> [UInt8] {
        let length = Int(byte() ?? 0) % 24
        let end = min(bytes.count, position + length)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func renderFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var program = Program(bytes: UnsafeBufferPointer(start: data, count: size))
    guard let a = program.byte(), let b = program.byte() else { return 0 }
    let cols = 1 + Int(a) % 40
    let rows = 1 + Int(b) % 12
    let renderer = TerminalRenderer(capabilities: capabilities)
    let capture = CaptureSink()
    var terminal = TestTerminal(cols: cols, rows: rows)
    var grid = Grid(cols: cols, rows: rows)
    var consumed = 0
    while let operation = program.byte() {
        let x = Int(program.byte() ?? 0) % (cols + 2) - 1
        let y = Int(program.byte() ?? 0) % rows
        let look = program.byte() ?? 0
        let style = Style(
            foreground: look & 1 == 0 ? .default : .palette(look),
            background: look & 2 == 0 ? .default : .rgb(look, 255 &- look, look &* 7),
            attributes: Attributes(rawValue: look >> 2 & 0x3F))
        switch operation % 6 {
        case 0, 1, 2:
            grid.write(String(decoding: program.chunk(), as: UTF8.self), x: x, y: y, style: style)
        case 3:
            grid.fill(Rect(x: x, y: y, width: Int(look % 9), height: Int(look % 4)), style: style)
        case 4:
            grid.clear()
        default:
            break
        }
        checkWideInvariant(grid)
        try! renderer.render(grid, to: capture)
        let bytes = Array(capture.bytes[consumed...])
        consumed = capture.bytes.count
        terminal.feed(bytes)
        let problems = terminal.differences(from: grid, encoder: renderer.encoder)
        if !problems.isEmpty || !terminal.unknownSequences.isEmpty {
            fatalError("replay differs from the frame: \(problems) \(terminal.unknownSequences)")
        }
        // Rendering the frame the terminal already shows sends nothing.
        let before = capture.bytes.count
        try! renderer.render(grid, to: capture)
        precondition(capture.bytes.count == before, "an unchanged frame emitted bytes")
    }
    return 0
}

private func checkWideInvariant(_ grid: Grid) {
    for y in 0..<grid.rows {
        for x in 0..<grid.cols {
            let cell = grid[x, y]
            if cell.width == 2 {
                precondition(x + 1 < grid.cols && grid[x + 1, y].isContinuation, "wide cell without its right half")
            }
            if cell.isContinuation {
                precondition(x > 0 && grid[x - 1, y].width == 2, "right half without its wide cell")
            }
        }
    }
}
