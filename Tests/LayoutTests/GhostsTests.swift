import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// A removed view moving out (a ghost) is not drawn while it is wholly
/// above or below the screen, is told to be there from its motion alone
/// when its subtree moves as one (`RigidRemoval`), and a frame drawn while
/// no ghost showed is reused while that stays so. Each case runs two hosts
/// through the same steps, one drawing every frame whole (`Ghosts.areCulled`
/// and `ViewHostDrawing.reusesUnchangedFrames` off: every ghost drawn, no
/// frame reused), and every frame must match cell by cell.
final class GhostsTests: XCTestCase {
    override func tearDown() {
        Ghosts.areCulled = true
        ViewHostDrawing.reusesUnchangedFrames = true
        super.tearDown()
    }

    final class Model {
        var shown = false
        var tall = false
        var tint = Color.blue
    }

    /// A page of numbered lines with a bar over its bottom that comes and
    /// goes (nothing else moves when it does).
    struct Page: View {
        let model: Model
        let removal: AnyTransition

        var body: some View {
            ZStack(alignment: .bottom) {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<12) { Text("line \($0) of the page") }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                if model.shown {
                    VStack(spacing: 0) {
                        Text("the bar").foregroundColor(model.tint)
                        if model.tall { Text("more of the bar") }
                        HStack { Text("<"); Spacer(); Text(">") }
                    }
                    .frame(maxWidth: .infinity)
                    .background(Color.palette(236))
                    .transition(removal)
                }
            }
        }
    }

    /// Runs the host with culling off through `frames` frames, then one with
    /// it on, applying `step` (by frame index) before each, and fails at the
    /// first cell that differs. Returns the ghost frames the second host
    /// passed over from their motion, and the frames it reused while a ghost moved.
    @discardableResult
    private func assertSameFramesWithCullingOff(
        frames: Int, frameRate: Double = 60, removal: AnyTransition = .move(edge: .bottom),
        _ step: (Int, Model, ViewHost<Page>) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) -> (passed: Int, reused: Int) {
        let size = Size(cols: 24, rows: 12)
        func run(culling: Bool, _ each: (Int, Grid) -> Bool) {
            let model = Model()
            let host = ViewHost(size: size, frameRate: frameRate) { Page(model: model, removal: removal) }
            var grid = Grid(size: size)
            for index in 0..<frames {
                step(index, model, host)
                Ghosts.areCulled = culling
                ViewHostDrawing.reusesUnchangedFrames = culling
                host.render(into: &grid)
                Ghosts.areCulled = true
                ViewHostDrawing.reusesUnchangedFrames = true
                if !each(index, grid) { return }
            }
        }
        var expected: [Grid] = []
        run(culling: false) { _, grid in
            expected.append(grid)
            return true
        }
        let passedBefore = Ghosts.passedByMotion
        let reusedBefore = Ghosts.framesReused
        run(culling: true) { index, grid in
            guard let difference = firstDifferingRow(grid, expected[index]) else { return true }
            XCTFail("frame \(index) \(difference)", file: file, line: line)
            return false
        }
        return (Ghosts.passedByMotion - passedBefore, Ghosts.framesReused - reusedBefore)
    }

    private static func set(_ shown: Bool, _ model: Model, _ host: ViewHost<Page>, _ animation: Animation) {
        withAnimation(animation) {
            model.shown = shown
            host.setNeedsUpdate()
        }
    }

    func testABarDismissedAtRestSpringsBelowTheScreenUndrawn() {
        // Shown without animation, dismissed with a bouncy spring: it slides
        // down past the edge and swings there for about a second.
        let result = assertSameFramesWithCullingOff(frames: 150) { index, model, host in
            if index == 2 { model.shown = true; host.setNeedsUpdate() }
            if index == 10 { Self.set(false, model, host, .bouncy(duration: 0.5, extraBounce: 0.3)) }
        }
        XCTAssertGreaterThan(result.passed, 20, "ghost frames passed over from the motion")
        XCTAssertGreaterThan(result.reused, 20, "frames reused while the ghost moved unseen")
    }

    func testABarDismissedWhileSlidingInMovesAsOne() {
        // Dismissed part way through its insertion: every node is shown the
        // same distance below its frame when the removal starts.
        let result = assertSameFramesWithCullingOff(frames: 150) { index, model, host in
            let spring = Animation.bouncy(duration: 0.5, extraBounce: 0.3)
            if index == 2 { Self.set(true, model, host, spring) }
            if index == 9 { Self.set(false, model, host, spring) }
            if index == 60 { Self.set(true, model, host, spring) }
            if index == 63 { Self.set(false, model, host, spring) }
        }
        XCTAssertGreaterThan(result.passed, 20)
    }

    func testHalfRowsRoundTheWayDrawingRoundsThem() {
        // Linear motions at 4 frames a second: the bar is shown 1.5 and 4.5
        // rows down (halves, rounded away from zero), and an odd shift.
        for removal in [AnyTransition.offset(y: 7), .offset(y: -11), .move(edge: .bottom)] {
            assertSameFramesWithCullingOff(frames: 24, frameRate: 4, removal: removal) { index, model, host in
                if index == 1 { Self.set(true, model, host, .linear(duration: 1)) }
                if index == 3 { Self.set(false, model, host, .linear(duration: 2)) }
                if index == 12 { Self.set(true, model, host, .linear(duration: 1)) }
                if index == 15 { Self.set(false, model, host, .linear(duration: 1.5)) }
            }
        }
    }

    func testAGhostWhosePartsMoveApartIsWalked() {
        // The bar grows a line with animation and is dismissed while it
        // grows: its parts are shown at different distances from their
        // frames, the background at another height, so the removal does not
        // move as one. The ghost is walked to find where it is, and frames
        // are the same.
        for removal in [AnyTransition.offset(y: 9), .move(edge: .bottom)] {
            let result = assertSameFramesWithCullingOff(frames: 120, removal: removal) { index, model, host in
                if index == 1 { model.shown = true; host.setNeedsUpdate() }
                if index == 8 {
                    withAnimation(.linear(duration: 0.3)) {
                        model.tall = true
                        host.setNeedsUpdate()
                    }
                }
                if index == 10 { Self.set(false, model, host, .spring(response: 0.4, dampingFraction: 0.5)) }
            }
            XCTAssertEqual(result.passed, 0, "no ghost frame is passed over from a motion that is not one")
            XCTAssertGreaterThan(result.reused, 0, "once walked off the screen, frames are reused")
        }
    }

    func testAGhostStillShownKeepsFramesFromBeingReused() {
        // Dismissed with a slow linear motion: every frame until it has gone
        // moves it on screen, and none is reused before then; nor is the
        // last one that showed it, once it has ended (a first version reused it).
        let result = assertSameFramesWithCullingOff(frames: 40, frameRate: 10) { index, model, host in
            if index == 1 { model.shown = true; host.setNeedsUpdate() }
            if index == 3 { Self.set(false, model, host, .linear(duration: 2)) }
        }
        XCTAssertEqual(result.passed, 0, "a linear motion ends as it leaves the screen")
        XCTAssertEqual(result.reused, 0)
    }
}
