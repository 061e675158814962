import FrameGrid
import XCTest

@testable import SceneKit
import Scenes

final class ScriptTests: XCTestCase {
    func testFlingDecaysAndCarriesFractions() {
        let rows = ScriptStep.flingVelocities(10, 0.5)
        // 10, 5, 2.5, 1.25, 0.625 -> cumulative 10, 15, 17.5, 18.75, 19.375 rounded 10, 15, 18, 19, 19
        XCTAssertEqual(rows, [10, 5, 3, 1, 0])
        XCTAssertEqual(ScriptStep.fling(velocity: 10, decay: 0.5).frames, 5)
        XCTAssertEqual(ScriptStep.flingVelocities(-10, 0.5), [-10, -5, -3, -1, 0])
    }

    func testTimelineIntroOnceThenLoop() {
        let script = Script("t", "", intro: [.action(hold: 1)], loop: [.steady(rows: 2, frames: 2), .idle(frames: 1)])
        let timeline = ScriptTimeline(script, seed: 1, size: Size(cols: 80, rows: 24))
        let frames = (0..<8).map { timeline.inputs(at: $0) }
        XCTAssertEqual(frames, [[.action], [], [.scroll(2)], [.scroll(2)], [], [.scroll(2)], [.scroll(2)], []])
    }

    func testJumpsAreSeededPerFrame() {
        let script = Script("j", "", loop: [.jump(times: 3, every: 2)])
        let a = ScriptTimeline(script, seed: 7, size: Size(cols: 80, rows: 24))
        let b = ScriptTimeline(script, seed: 7, size: Size(cols: 80, rows: 24))
        let c = ScriptTimeline(script, seed: 8, size: Size(cols: 80, rows: 24))
        let jumps = (0..<12).map { a.inputs(at: $0) }
        XCTAssertEqual(jumps, (0..<12).map { b.inputs(at: $0) })
        XCTAssertNotEqual(jumps, (0..<12).map { c.inputs(at: $0) })
        let targets = jumps.flatMap { $0 }.compactMap { input -> Double? in
            if case .jump(let fraction) = input { return fraction } else { return nil }
        }
        XCTAssertEqual(targets.count, 6)
        XCTAssertEqual(Set(targets).count, 6, "every jump goes somewhere else")
        XCTAssertTrue(targets.allSatisfy { $0 >= 0 && $0 < 1 })
        XCTAssertEqual(jumps[1], [])
    }

    func testResizeIsRelativeToTheRunSize() {
        let script = Script("r", "", loop: [.resize(scale: 0.5, hold: 1), .resize(scale: 1, hold: 0), .resize(scale: 0, hold: 0)])
        let timeline = ScriptTimeline(script, seed: 1, size: Size(cols: 81, rows: 24))
        XCTAssertEqual(timeline.inputs(at: 0), [.resize(Size(cols: 41, rows: 12))])
        XCTAssertEqual(timeline.inputs(at: 2), [.resize(Size(cols: 81, rows: 24))])
        XCTAssertEqual(timeline.inputs(at: 3), [.resize(Size(cols: 1, rows: 1))])
    }

    func testOverscrollGoesToTheBottomThenPulls() {
        let script = Script("o", "", loop: [.overscroll(pulls: 2, rows: 3, every: 4)])
        let timeline = ScriptTimeline(script, seed: 1, size: Size(cols: 80, rows: 24))
        XCTAssertEqual(script.loopFrames, 9)
        XCTAssertEqual((0..<9).map { timeline.inputs(at: $0) }, [[.bottom], [.scroll(3)], [], [], [], [.scroll(3)], [], [], []])
    }

    func testPagesAndReversals() {
        let pages = ScriptTimeline(Script("p", "", loop: [.page(pages: -1, times: 2, every: 3)]), seed: 1, size: Size(cols: 9, rows: 9))
        XCTAssertEqual((0..<6).map { pages.inputs(at: $0) }, [[.page(-1)], [], [], [.page(-1)], [], []])
        let reversals = ScriptTimeline(
            Script("r", "", loop: [.reversals(rows: 2, every: 2, frames: 5)]), seed: 1, size: Size(cols: 9, rows: 9))
        XCTAssertEqual(
            (0..<5).map { reversals.inputs(at: $0) }, [[.scroll(2)], [.scroll(2)], [.scroll(-2)], [.scroll(-2)], [.scroll(2)]])
    }
}
