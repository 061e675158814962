import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Before an animated update the host records where matched views are
/// (`MatchedGeometryNode.record`); lazy stacks hand that walk only the rows
/// a matched view was placed in (`MatchedGeometryRecording.skipsUnmarkedRows`).
/// A watcha-home tab switch walked every node of Home's rows and carousels
/// for the one underline in the tab bar; profile-feed's underline is in a
/// row (the pinned filter bar), which is still walked: each scene's tour
/// shows, frame by frame, what walking every row shows.
final class MatchedGeometryRecordingSceneTests: XCTestCase {
    override func tearDown() {
        MatchedGeometryRecording.skipsUnmarkedRows = true
        super.tearDown()
    }

    /// Nodes the walk visits on watcha-home's first switch from Home to Search (200x50).
    private func nodesVisitedSwitchingToSearch(skippingUnmarkedRows skips: Bool) throws -> Int {
        MatchedGeometryRecording.skipsUnmarkedRows = skips
        let driver = try SceneDriver<WatchaHome>(size: Size(cols: 200, rows: 50))
        driver.step()
        driver.step(.action, frames: 40)
        let before = MatchedGeometryRecording.nodesVisited
        driver.step(.selectTab(1))
        return MatchedGeometryRecording.nodesVisited - before
    }

    func testWatchaHomeTabSwitchWalksTheTabBarNotHomesRows() throws {
        let walkingEveryRow = try nodesVisitedSwitchingToSearch(skippingUnmarkedRows: false)
        let skipping = try nodesVisitedSwitchingToSearch(skippingUnmarkedRows: true)
        // Measured: 87 nodes (the tab bar and what holds Home's feed) against 1,401.
        XCTAssertLessThanOrEqual(skipping, 100, "walking every row: \(walkingEveryRow)")
        XCTAssertGreaterThan(walkingEveryRow, 10 * skipping)
    }

    func testProfileFeedShowsTheSameFramesSkippingUnmarkedRows() throws {
        try assertSameFramesWithSwitchOff(ProfileFeed.self, frames: 300) {
            MatchedGeometryRecording.skipsUnmarkedRows = $0
        }
    }

    func testWatchaHomeShowsTheSameFramesSkippingUnmarkedRows() throws {
        try assertSameFramesWithSwitchOff(WatchaHome.self, frames: 400) {
            MatchedGeometryRecording.skipsUnmarkedRows = $0
        }
    }
}
