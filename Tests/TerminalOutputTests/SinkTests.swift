import FrameGrid
import XCTest

@testable import TerminalOutput

#if canImport(Glibc)
import Glibc
#endif

final class SinkTests: XCTestCase {
    func testFileDescriptorSinkWritesAWholeFrameThroughAPipe() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        let sink = FileDescriptorSink(descriptor: ends[1])
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        var frame = Grid(cols: 20, rows: 3)
        frame.write("through a pipe 한글", x: 0, y: 1)
        let written = try renderer.render(frame, to: sink)
        close(ends[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, 4096) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        XCTAssertEqual(received.count, written)
        XCTAssertEqual(received, Array(renderer.encoder.output))
        var terminal = TestTerminal(cols: 20, rows: 3)
        terminal.feed(received)
        XCTAssertEqual(terminal.lines, ["", "through a pipe 한글", ""])
    }

    func testWritingToAClosedDescriptorIsAnErrorNotACrash() throws {
        let sink = FileDescriptorSink(descriptor: -1)
        XCTAssertThrowsError(try sink.write([1, 2, 3])) { error in
            XCTAssertTrue("\(error)".contains("write to descriptor -1"), "\(error)")
        }
    }

    func testCountingSinkCountsAndCaptureSinkKeepsFrameEnds() throws {
        let counting = CountingSink()
        try counting.write([1, 2, 3])
        try counting.write([4])
        XCTAssertEqual(counting.bytesWritten, 4)
        XCTAssertEqual(counting.writes, 2)
        let capture = CaptureSink()
        try capture.write([1, 2])
        try capture.write([3])
        XCTAssertEqual(capture.bytes, [1, 2, 3])
        XCTAssertEqual(capture.writeEnds, [2, 3])
    }

    func testOneWritePerFrameAndNoneForAnUnchangedFrame() throws {
        let capture = CaptureSink()
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        var frame = Grid(cols: 30, rows: 5)
        for index in 0..<5 {
            frame.write("frame \(index)", x: index, y: index)
            try renderer.render(frame, to: capture)
        }
        try renderer.render(frame, to: capture)
        XCTAssertEqual(capture.writeEnds.count, 5)
    }

    func testSynchronizedOutputWrapsNonEmptyFramesOnly() throws {
        let capture = CaptureSink()
        let renderer = TerminalRenderer(
            capabilities: try TerminalCapabilities.load(term: "xterm-256color"),
            options: EncoderOptions(synchronizedOutput: true))
        var frame = Grid(cols: 10, rows: 2)
        frame.write("sync", x: 0, y: 0)
        try renderer.render(frame, to: capture)
        let text = String(decoding: capture.bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}[?2026h"), text.debugDescription)
        XCTAssertTrue(text.hasSuffix("\u{1B}[?2026l"), text.debugDescription)
        try renderer.render(frame, to: capture)
        XCTAssertEqual(capture.writeEnds.count, 1)
    }
}

final class LineFeedTranslationTests: XCTestCase {
    /// Moves straight down one or two rows, where `\n` would be the cheapest.
    private func output(lineFeedReturnsCarriage: Bool) throws -> [UInt8] {
        var options = EncoderOptions()
        options.lineFeedReturnsCarriage = lineFeedReturnsCarriage
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"), options: options)
        let capture = CaptureSink()
        var frame = Grid(cols: 20, rows: 6)
        try renderer.render(frame, to: capture)
        frame.write("a", x: 5, y: 1)
        frame.write("b", x: 6, y: 2)
        frame.write("c", x: 7, y: 3)
        capture.removeAll()
        try renderer.render(frame, to: capture)
        return capture.bytes
    }

    func testABareLineFeedMovesDownOnlyWhenTheOutputPathKeepsIt() throws {
        XCTAssertTrue(try output(lineFeedReturnsCarriage: false).contains(0x0A))
        let safe = try output(lineFeedReturnsCarriage: true)
        XCTAssertFalse(safe.contains(0x0A), String(decoding: safe, as: UTF8.self).debugDescription)
        var terminal = TestTerminal(cols: 20, rows: 6)
        terminal.feed(safe)
        XCTAssertEqual(terminal.lines, ["", "     a", "      b", "       c", "", ""])
    }

    func testAPipeIsNotATerminalThatTranslates() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        XCTAssertFalse(FileDescriptorSink(descriptor: ends[1]).translatesLineFeeds)
    }
}
