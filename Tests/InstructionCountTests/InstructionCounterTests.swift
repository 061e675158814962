import CCallgrind
import XCTest

@testable import Harness

/// The counter outside callgrind: phases are plain calls, and the Swift
/// names of the markers are the C symbols callgrind will report.
final class InstructionCounterTests: XCTestCase {
    struct Failure: Error, Equatable { let code: Int }

    func testOutsideCallgrindTheCounterIsInactiveAndPhasesRunTheirBodyOnce() {
        XCTAssertFalse(InstructionCounter.isActive)
        var runs = 0
        let value = InstructionCounter.phase(.layout, lane: .framebench) { () -> Int in
            runs += 1
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(runs, 1)
        InstructionCounter.beginMeasuredFrames()
        XCTAssertEqual(fb_callgrind_collecting(), 0, "collection toggles are no-ops outside the counted child")
        InstructionCounter.endMeasuredFrames()
    }

    func testAPhaseRethrowsItsBodysErrorWithItsType() {
        XCTAssertThrowsError(
            try InstructionCounter.phase(.render, lane: .ncurses) { () throws(Failure) -> Void in
                throw Failure(code: 7)
            }
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(code: 7))
        }
    }

    func testTheMarkerPathReturnsResultsAndErrorsAsTheDirectPathDoes() {
        // The counted path, forced: outside valgrind the C side still runs the
        // body through the marker, so the plumbing is tested on every machine.
        var runs = 0
        let value = InstructionCounter.runThroughMarker(.diff, .framebench) { () -> String in
            runs += 1
            return "diffed"
        }
        XCTAssertEqual(value, "diffed")
        XCTAssertEqual(runs, 1)
        XCTAssertThrowsError(
            try InstructionCounter.runThroughMarker(.write, .ncurses) { () throws(Failure) -> Int in
                throw Failure(code: 3)
            }
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(code: 3))
        }
    }

    func testANestedPhaseRunsItsBodyWithoutASecondMarker() {
        var order: [String] = []
        InstructionCounter.runThroughMarker(.encode, .framebench) {
            order.append("encode")
            InstructionCounter.runThroughMarker(.write, .framebench) { order.append("write") }
        }
        XCTAssertEqual(order, ["encode", "write"])
    }

    func testMarkerSymbolsInSwiftAreTheFunctionsTheCTargetDefines() {
        for lane in Backend.both.members {
            for phase in FramePhase.allCases where phase != .frame {
                let name = fb_callgrind_marker_name(lane.cValue, phase.cValue).map { String(cString: $0) }
                XCTAssertEqual(name, phase.markerSymbol(lane: lane))
            }
        }
        XCTAssertEqual(FramePhase.layout.markerSymbol(lane: .framebench), "fb_phase_ours_layout")
        XCTAssertEqual(FramePhase.render.markerSymbol(lane: .ncurses), "fb_phase_ncurses_refresh")
        XCTAssertNil(fb_callgrind_marker_name(Int32(FB_LANE_COUNT), 0))
    }

    func testSpansAndTheBothChoiceAreNeverMarked() {
        XCTAssertNil(FramePhase.frame.markerSymbol(lane: .framebench))
        XCTAssertNil(FramePhase.update.markerSymbol(lane: .both))
        XCTAssertNil(fb_callgrind_marker_name(Backend.framebench.cValue, FramePhase.frame.cValue))
        XCTAssertNil(fb_callgrind_marker_name(Backend.both.cValue, FramePhase.update.cValue))
    }

    func testEachLaneListsTheStepsItMarksInFrameOrder() {
        XCTAssertEqual(FramePhase.steps(of: .framebench), [.update, .layout, .diff, .encode, .write])
        XCTAssertEqual(FramePhase.steps(of: .ncurses), [.update, .layout, .transfer, .render])
    }
}
