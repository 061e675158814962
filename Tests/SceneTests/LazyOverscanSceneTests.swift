import FrameGrid
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Layout
@testable import Scenes

/// Lazy stacks that build the rows a frame shows and leave their overscan
/// to the next frame (`LazyOverscan.waitsForShownRows`) show, frame by
/// frame, exactly what building the overscan in the same frame shows: over
/// profile-feed's tour (pages, jumps, filter switches), watcha-home's (tab
/// switches rebuilding a feed of carousels, pages, resizes) and
/// safari-reader's. About 3 s each in a debug build.
final class LazyOverscanSceneTests: XCTestCase {
    override func tearDown() {
        LazyOverscan.waitsForShownRows = true
        super.tearDown()
    }

    private func assertWaitingShowsWhatBuildingAtOnceShows<S: Scene>(
        _ scene: S.Type, frames: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let waitedBefore = LazyOverscan.placementsThatWaited
        try assertSameFramesWithSwitchOff(
            S.self, frames: frames, { LazyOverscan.waitsForShownRows = $0 }, file: file, line: line)
        // Not a comparison of two hosts in which no placement waited.
        XCTAssertGreaterThan(LazyOverscan.placementsThatWaited - waitedBefore, 3, file: file, line: line)
    }

    func testProfileFeedShowsTheSameFramesWhenOverscanWaits() throws {
        // Past the tour's pages (frames 173-196) and its first jump (222).
        try assertWaitingShowsWhatBuildingAtOnceShows(ProfileFeed.self, frames: 240)
    }

    func testWatchaHomeShowsTheSameFramesWhenOverscanWaits() throws {
        try assertWaitingShowsWhatBuildingAtOnceShows(WatchaHome.self, frames: 600)
    }

    func testSafariReaderShowsTheSameFramesWhenOverscanWaits() throws {
        try assertWaitingShowsWhatBuildingAtOnceShows(SafariReader.self, frames: 600)
    }
}
