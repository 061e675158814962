import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Lazy rows a view update leaves alone keep their cached sizes and
/// placements (`KeptRowCaches.areCarried`) and show, frame by frame, exactly
/// what measuring and placing everything again after each update shows:
/// over watcha-home's tour (the sticky header shrinking through view updates
/// while the feed scrolls, tab switches, carousels) and safari-reader's (the
/// bar sliding in and out through updates while the page scrolls).
final class CarriedCachesSceneTests: XCTestCase {
    // One scene's tour runs every day; the other scenes' tours are the long
    // tier (FRAMEBENCH_LONG_TESTS=1, docs/ci.md): seconds each in debug.
    override func tearDown() {
        KeptRowCaches.areCarried = true
        super.tearDown()
    }

    private func assertCarriedCachesShowWhatLayingOutAgainShows<S: Scene>(
        _ scene: S.Type, frames: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let carriedBefore = KeptRowCaches.rowsCarried
        try assertSameFramesWithSwitchOff(S.self, frames: frames, { KeptRowCaches.areCarried = $0 }, file: file, line: line)
        // Not a comparison of two hosts that never carry anything.
        XCTAssertGreaterThan(KeptRowCaches.rowsCarried - carriedBefore, 50, file: file, line: line)
    }

    func testWatchaHomeShowsTheSameFramesWithCarriedCaches() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertCarriedCachesShowWhatLayingOutAgainShows(WatchaHome.self, frames: 600)
    }

    func testSafariReaderShowsTheSameFramesWithCarriedCaches() throws {
        try assertCarriedCachesShowWhatLayingOutAgainShows(SafariReader.self, frames: 600)
    }
}
