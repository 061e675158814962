import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Lazy rows put down from the cells kept when they were last drawn
/// (`RowBands.areKept`) show, frame by frame, exactly what drawing every
/// row every frame shows, over each scene's tour: profile-feed's filter
/// switches and endless feed, watcha-home's carousels inside kept rows, its
/// sticky header and tab switches, safari-reader's bar sliding over the page.
final class RowBandsSceneTests: XCTestCase {
    // One scene's tour runs every day; the other scenes' tours are the long
    // tier (FRAMEBENCH_LONG_TESTS=1, docs/ci.md): seconds each in debug.
    override func tearDown() {
        RowBands.areKept = true
        super.tearDown()
    }

    private func assertKeptBandsShowWhatDrawingShows<S: Scene>(
        _ scene: S.Type, frames: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let pastedBefore = RowBands.rowsPasted
        try assertSameFramesWithSwitchOff(S.self, frames: frames, { RowBands.areKept = $0 }, file: file, line: line)
        // Not a comparison of two hosts that never paste a row.
        XCTAssertGreaterThan(RowBands.rowsPasted - pastedBefore, frames, file: file, line: line)
    }

    func testProfileFeedShowsTheSameFramesWithKeptBands() throws {
        try assertKeptBandsShowWhatDrawingShows(ProfileFeed.self, frames: 600)
    }

    func testWatchaHomeShowsTheSameFramesWithKeptBands() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertKeptBandsShowWhatDrawingShows(WatchaHome.self, frames: 600)
    }

    func testSafariReaderShowsTheSameFramesWithKeptBands() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertKeptBandsShowWhatDrawingShows(SafariReader.self, frames: 600)
    }
}
