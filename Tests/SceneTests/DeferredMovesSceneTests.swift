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
        try assertDeferredMovesShowWhatMovingNowShows(WatchaHome.self, frames: 600)
    }

    func testProfileFeedShowsTheSameFramesWithDeferredMoves() throws {
        try assertDeferredMovesShowWhatMovingNowShows(ProfileFeed.self, frames: 600)
    }

    func testSafariReaderShowsTheSameFramesWithDeferredMoves() throws {
        try assertDeferredMovesShowWhatMovingNowShows(SafariReader.self, frames: 600)
    }
}
