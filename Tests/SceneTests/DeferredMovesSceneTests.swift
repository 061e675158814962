import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Subtrees that owe a plain move (`ViewNodeMoves.areDeferred`) show, frame
/// by frame, exactly what moving every node at once shows: over the three
/// scenes' tours, with their scrolls during animations (the bar sliding, the
/// filter underline, the welcome screen's push), matched geometry, removal
/// transitions, recycled rows and resizes.
final class DeferredMovesSceneTests: XCTestCase {
    // One scene's tour runs every day; the other scenes' tours are the long
    // tier (FRAMEBENCH_LONG_TESTS=1, docs/ci.md): seconds each in debug.
    override func tearDown() {
        ViewNodeMoves.areDeferred = true
        super.tearDown()
    }

    private func assertDeferredMovesShowWhatMovingNowShows<S: Scene>(
        _ scene: S.Type, frames: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try assertSameFramesWithSwitchOff(S.self, frames: frames, { ViewNodeMoves.areDeferred = $0 }, file: file, line: line)
    }

    func testWatchaHomeShowsTheSameFramesWithDeferredMoves() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertDeferredMovesShowWhatMovingNowShows(WatchaHome.self, frames: 600)
    }

    func testProfileFeedShowsTheSameFramesWithDeferredMoves() throws {
        try assertDeferredMovesShowWhatMovingNowShows(ProfileFeed.self, frames: 600)
    }

    func testSafariReaderShowsTheSameFramesWithDeferredMoves() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertDeferredMovesShowWhatMovingNowShows(SafariReader.self, frames: 600)
    }
}
