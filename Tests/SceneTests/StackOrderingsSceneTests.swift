import FrameGrid
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Layout
@testable import Scenes

/// Stacks that keep the order they offer their children space in, and their
/// ideal length, for a layout generation and cross length, and stacks
/// placed at the size they chose that keep the sizes they measured their
/// children at (`StackOrderings.areKept`), show, frame by frame, exactly
/// what working them out on every call shows: over profile-feed's tour (rows built as the
/// feed scrolls, filter switches) and, in the long tier, watcha-home's and
/// safari-reader's.
final class StackOrderingsSceneTests: XCTestCase {
    override func tearDown() {
        StackOrderings.areKept = true
        super.tearDown()
    }

    private func assertKeptOrderingsShowWhatWorkingThemOutShows<S: Scene>(
        _ scene: S.Type, frames: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let keptBefore = StackLayout.orderingsKept + StackLayout.distributionsKept
        try assertSameFramesWithSwitchOff(S.self, frames: frames, { StackOrderings.areKept = $0 }, file: file, line: line)
        // Not a comparison of two hosts that never keep an ordering or a distribution.
        XCTAssertGreaterThan(
            StackLayout.orderingsKept + StackLayout.distributionsKept - keptBefore, 100, file: file, line: line)
    }

    func testProfileFeedShowsTheSameFramesWithKeptOrderings() throws {
        try assertKeptOrderingsShowWhatWorkingThemOutShows(ProfileFeed.self, frames: 200)
    }

    func testWatchaHomeShowsTheSameFramesWithKeptOrderings() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertKeptOrderingsShowWhatWorkingThemOutShows(WatchaHome.self, frames: 600)
    }

    func testSafariReaderShowsTheSameFramesWithKeptOrderings() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertKeptOrderingsShowWhatWorkingThemOutShows(SafariReader.self, frames: 600)
    }
}
