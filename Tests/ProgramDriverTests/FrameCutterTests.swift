import XCTest

@testable import ProgramDriver

final class FrameCutterTests: XCTestCase {
    private let ms: UInt64 = 1_000_000
    private let begin = "\u{1B}[?2026h"
    private let end = "\u{1B}[?2026l"

    func testSynchronizedUpdatesEndFramesAtTheirEndMarkerEvenInsideOneRead() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.feed(Array("\(begin)AB\(end)\(begin)CD\(end)".utf8), at: 0)
        XCTAssertEqual(cutter.frames.map(\.cut), [.synchronizedUpdate, .synchronizedUpdate])
        XCTAssertEqual(cutter.frames.map(\.bytes), [18, 18])
        XCTAssertEqual(cutter.frames.map(\.readCalls), [1, 1])
        XCTAssertTrue(cutter.usesSynchronizedUpdates)
        XCTAssertFalse(cutter.hasOpenFrame)
    }

    func testMarkersSplitAcrossReadsAreFound() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        let bytes = Array("x\(begin)hello\(end)".utf8)
        for (index, byte) in bytes.enumerated() { cutter.feed([byte], at: UInt64(index)) }
        XCTAssertEqual(cutter.frames.count, 1)
        XCTAssertEqual(cutter.frames[0].bytes, bytes.count)
        XCTAssertEqual(cutter.frames[0].readCalls, bytes.count)
        XCTAssertEqual(cutter.frames[0].completeTime, UInt64(bytes.count - 1))
    }

    func testInsideASynchronizedUpdateSilenceDoesNotEndTheFrame() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.feed(Array("\(begin)half".utf8), at: 0)
        XCTAssertFalse(cutter.tick(at: 10_000 * ms))
        XCTAssertNil(cutter.quiescenceDeadline)
        cutter.feed(Array("\(end)".utf8), at: 10_001 * ms)
        XCTAssertEqual(cutter.frames.count, 1)
        XCTAssertEqual(cutter.frames[0].completeTime, 10_001 * ms)
    }

    func testWithoutMarkersAFrameEndsAfterTheGapAtItsLastByte() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.input(index: 0, at: 5 * ms)
        cutter.feed(Array("abc".utf8), at: 8 * ms)
        cutter.feed(Array("de".utf8), at: 12 * ms)
        XCTAssertFalse(cutter.tick(at: 41 * ms))
        XCTAssertTrue(cutter.tick(at: 42 * ms))
        let frame = cutter.frames[0]
        XCTAssertEqual(frame.cut, .quiescence)
        XCTAssertEqual(frame.bytes, 5)
        XCTAssertEqual(frame.readCalls, 2)
        XCTAssertEqual(frame.input, 0)
        XCTAssertEqual(frame.inputToFirstByte, 3 * ms)
        XCTAssertEqual(frame.inputToComplete, 7 * ms)
        // A read after the gap (even before a tick) starts the next frame.
        cutter.feed(Array("f".utf8), at: 100 * ms)
        cutter.feed(Array("g".utf8), at: 200 * ms)
        cutter.finish()
        XCTAssertEqual(cutter.frames.map(\.bytes), [5, 1, 1])
        XCTAssertEqual(cutter.frames[1].input, 0)
    }

    func testFramesBeforeAnyInputBelongToNoInput() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.feed(Array("start".utf8), at: 1 * ms)
        cutter.tick(at: 100 * ms)
        XCTAssertNil(cutter.frames[0].input)
        XCTAssertNil(cutter.frames[0].inputToComplete)
    }

    func testBytesAreFedToTheScreenSplitAtFrameEnds() {
        let screen = TerminalScreen(cols: 10, rows: 3)
        var cutter = FrameCutter(gap: 30 * ms, screen: screen, capturesText: true)
        cutter.feed(Array("\(begin)abc\(end)\(begin)\u{1B}[2;1Hxy\(end)".utf8), at: 0)
        XCTAssertEqual(cutter.frames.map { $0.damage?.cells }, [3, 2])
        XCTAssertEqual(cutter.frames.map { $0.lines ?? [] }, [["abc", "", ""], ["abc", "xy", ""]])
    }
}
