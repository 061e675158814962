import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Removed views moving out are not drawn while wholly off the screen, and
/// frames drawn while none showed are reused (`Ghosts.areCulled`): each
/// scene's tour shows, frame by frame, what drawing every frame whole shows
/// (every ghost drawn, no frame reused). safari-reader's bar springs below the screen's edge for a second
/// after each collapse, most often dismissed while it still slides in.
final class GhostsSceneTests: XCTestCase {
    // One scene's tour runs every day; the other scenes' tours are the long
    // tier (FRAMEBENCH_LONG_TESTS=1, docs/ci.md): seconds each in debug.
    override func tearDown() {
        Ghosts.areCulled = true
        ViewHostDrawing.reusesUnchangedFrames = true
        super.tearDown()
    }

    private func cullsGhosts(_ on: Bool) {
        Ghosts.areCulled = on
        ViewHostDrawing.reusesUnchangedFrames = on
    }

    func testSafariReaderShowsTheSameFramesWithGhostsCulled() throws {
        let passedBefore = Ghosts.passedByMotion
        try assertSameFramesWithSwitchOff(SafariReader.self, frames: 600) { cullsGhosts($0) }
        // Not a comparison of two hosts that never pass a ghost over.
        XCTAssertGreaterThan(Ghosts.passedByMotion - passedBefore, 100)
    }

    func testWatchaHomeShowsTheSameFramesWithGhostsCulled() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertSameFramesWithSwitchOff(WatchaHome.self, frames: 600) { cullsGhosts($0) }
    }

    func testProfileFeedShowsTheSameFramesWithGhostsCulled() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertSameFramesWithSwitchOff(ProfileFeed.self, frames: 600) { cullsGhosts($0) }
    }
}
