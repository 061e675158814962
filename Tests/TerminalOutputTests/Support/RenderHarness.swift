import FrameGrid
import XCTest

@testable import TerminalOutput

/// Renders frames with a real xterm-256color terminfo entry into a capture
/// sink and replays every frame's bytes through `TestTerminal`.
final class RenderHarness {
    let renderer: TerminalRenderer
    let capture = CaptureSink()
    var terminal: TestTerminal
    private var consumed = 0

    init(cols: Int, rows: Int, term: String = "xterm-256color", options: EncoderOptions = EncoderOptions()) throws {
        let capabilities = try TerminalCapabilities.load(term: term)
        renderer = TerminalRenderer(capabilities: capabilities, options: options)
        terminal = TestTerminal(cols: cols, rows: rows)
        try renderer.begin(to: capture)
        replay()
    }

    /// Renders `frame`, replays its bytes; returns the bytes it took.
    @discardableResult
    func render(_ frame: Grid, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        try renderer.render(frame, to: capture)
        let bytes = replay()
        let problems = terminal.differences(from: frame, encoder: renderer.encoder)
        XCTAssertEqual(problems, [], "screen differs from the frame", file: file, line: line)
        XCTAssertEqual(terminal.unknownSequences, [], file: file, line: line)
        return bytes
    }

    @discardableResult
    private func replay() -> [UInt8] {
        let bytes = Array(capture.bytes[consumed...])
        consumed = capture.bytes.count
        terminal.feed(bytes)
        return bytes
    }

    /// Starts over on a terminal of another size (the renderer repaints fully).
    func resize(cols: Int, rows: Int) {
        terminal = TestTerminal(cols: cols, rows: rows)
        renderer.invalidate()
    }
}

extension Grid {
    static func lines(_ lines: [String], cols: Int, rows: Int? = nil, style: Style = .plain) -> Grid {
        var grid = Grid(cols: cols, rows: rows ?? lines.count)
        for (y, line) in lines.enumerated() { grid.write(line, x: 0, y: y, style: style) }
        return grid
    }
}
