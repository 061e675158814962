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

    func testInsideASynchronizedUpdateSilenceDoesNotEndTheFrameUntilTheSyncLimit() {
        var cutter = FrameCutter(gap: 30 * ms, answerWindow: 20_000 * ms, screen: nil)
        cutter.feed(Array("\(begin)half".utf8), at: 0)
        XCTAssertFalse(cutter.tick(at: 10_000 * ms))
        XCTAssertEqual(cutter.quiescenceDeadline, 20_000 * ms, "the limit of an open update, not the gap")
        cutter.feed(Array("\(end)".utf8), at: 10_001 * ms)
        XCTAssertEqual(cutter.frames.count, 1)
        XCTAssertEqual(cutter.frames[0].completeTime, 10_001 * ms)
    }

    func testASynchronizedUpdateNeverClosedIsCutAtTheLimit() {
        var cutter = FrameCutter(gap: 30 * ms, answerWindow: 500 * ms, screen: nil)
        cutter.input(index: 0, at: 0)
        cutter.feed(Array("\(begin)never closed".utf8), at: 1 * ms)
        XCTAssertFalse(cutter.tick(at: 500 * ms))
        XCTAssertTrue(cutter.tick(at: 501 * ms))
        XCTAssertEqual(cutter.frames.map(\.cut), [.limit])
        XCTAssertEqual(cutter.frames[0].cut.logName, "limit")
        cutter.feed(Array("x".utf8), at: 502 * ms)
        cutter.tick(at: 600 * ms)
        XCTAssertEqual(cutter.frames.map(\.cut), [.limit, .quiescence], "after the cut, quiet gaps cut again")
    }

    func testBytesAfterASyncEndJoinTheFrameThatClosedUntilTheNextInput() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.input(index: 0, at: 0)
        cutter.feed(Array("\(begin)AB\(end)\u{1B}[?25l".utf8), at: 5 * ms)
        cutter.feed(Array("\u{1B}]0;title\u{07}".utf8), at: 6 * ms)
        XCTAssertFalse(cutter.hasOpenFrame, "no new frame for bytes after a sync end")
        cutter.input(index: 1, at: 20 * ms)
        cutter.feed(Array("\(begin)CD\(end)\u{1B}[?25l".utf8), at: 25 * ms)
        XCTAssertEqual(cutter.frames.count, 2)
        XCTAssertEqual(cutter.frames.map(\.input), [0, 1])
        XCTAssertEqual(cutter.frames.map(\.trailingBytes), [6 + 10, 6])
        XCTAssertEqual(cutter.frames[0].bytes, 8 + 2 + 8 + 6 + 10)
        XCTAssertEqual(cutter.frames[0].completeTime, 5 * ms, "complete at the sync end")
        XCTAssertEqual(cutter.frames[0].lastByteTime, 6 * ms, "its last byte later")
        XCTAssertEqual(cutter.inputs.map(\.frames), [1, 1])
    }

    func testANewBeginMarkerEndsTheTrailingBytesAndOpensAFrame() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.input(index: 0, at: 0)
        cutter.feed(Array("\(begin)A\(end)tail\(begin)B\(end)".utf8), at: 1 * ms)
        XCTAssertEqual(cutter.frames.map(\.bytes), [8 + 1 + 8 + 4, 8 + 1 + 8])
        XCTAssertEqual(cutter.frames.map(\.role), [.first, .later], "a timer frame after the answer is a later frame")
    }

    func testAKeyAnsweredByTwoFramesHasAFirstAndALaterFrame() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.input(index: 0, at: 0)
        cutter.feed(Array("\(begin)list\(end)".utf8), at: 1 * ms)
        cutter.feed(Array("\(begin)status\(end)".utf8), at: 50 * ms)
        XCTAssertEqual(cutter.frames.map(\.input), [0, 0])
        XCTAssertEqual(cutter.frames.map(\.role), [.first, .later])
        XCTAssertEqual(cutter.inputs[0].firstFrame, 0)
        XCTAssertEqual(cutter.inputs[0].lastFrame, 1)
        XCTAssertEqual(cutter.inputs[0].frames, 2)
    }

    func testAFrameBeginningAfterTheAnswerWindowAnswersNothing() {
        var cutter = FrameCutter(gap: 30 * ms, answerWindow: 100 * ms, screen: nil)
        cutter.input(index: 0, at: 0)
        cutter.feed(Array("timer redraw".utf8), at: 1_500 * ms)
        cutter.finish()
        XCTAssertEqual(cutter.frames.map(\.role), [.unattributed])
        XCTAssertNil(cutter.frames[0].input)
        XCTAssertNil(cutter.inputs[0].firstFrame, "the key is unanswered, not timed against the redraw")
    }

    func testAFrameAfterANoframeInputIsNotTimedAgainstIt() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.input(index: 0, at: 0)
        cutter.feed(Array("answer".utf8), at: 1 * ms)
        cutter.tick(at: 100 * ms)
        cutter.input(index: 1, at: 200 * ms, expectsFrame: false)
        cutter.feed(Array("timer redraw".utf8), at: 300 * ms)
        cutter.finish()
        XCTAssertEqual(cutter.frames.map(\.role), [.first, .unattributed])
        XCTAssertNil(cutter.inputs[1].firstFrame)
    }

    func testOpenLoopFramesBelongToTheEarliestUnansweredInput() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        for index in 0..<3 { cutter.input(index: index, at: UInt64(index) * ms) }
        for index in 0..<4 { cutter.feed(Array("\(begin)f\(end)".utf8), at: UInt64(5 + 5 * index) * ms) }
        XCTAssertEqual(cutter.frames.map(\.input), [0, 1, 2, 2])
        XCTAssertEqual(cutter.frames.map(\.role), [.first, .first, .first, .later])
        XCTAssertEqual(cutter.frames.map(\.inputToComplete), [5 * ms, 9 * ms, 13 * ms, 18 * ms])
    }

    func testAttributionFollowsArrivalTimesNotTheOrderTheHarnessLearnsOfThem() {
        var cutter = FrameCutter(gap: 30 * ms, screen: nil)
        cutter.input(index: 0, at: 10 * ms)
        // A read that arrived before the key was sent, fed after it: not its answer.
        cutter.feed(Array("start".utf8), at: 9 * ms)
        cutter.tick(at: 40 * ms)
        XCTAssertEqual(cutter.frames.map(\.role), [.startup])
        XCTAssertNil(cutter.inputs[0].firstFrame)
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
