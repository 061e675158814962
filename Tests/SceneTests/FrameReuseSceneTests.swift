import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Hosts that copy their last frame when nothing changed show, frame by
/// frame, exactly what hosts drawing every frame show: the scripts' frames
/// that hold still, slide or scroll, with grids handed back as the harness
/// hands them (the frame before last, by a swap).
final class FrameReuseSceneTests: XCTestCase {
    // One scene's tour runs every day; the other scenes' tours are the long
    // tier (FRAMEBENCH_LONG_TESTS=1, docs/ci.md): seconds each in debug.
    private func assertReuseShowsWhatDrawingShows<S: Scene>(
        _ scene: S.Type, frames: Int, minimumCopied: Int, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        var shown = Grid(cols: 1, rows: 1)
        var copiedFrames = 0
        let difference = try firstDifference(
            S.self, frames: frames,
            reference: { draw in
                ViewHostDrawing.reusesUnchangedFrames = false
                draw()
                ViewHostDrawing.reusesUnchangedFrames = true
            },
            afterEach: { _, grid in
                if shown.size == grid.size
                    && (0..<grid.rows).allSatisfy({ grid.stamp(ofRow: $0) == shown.stamp(ofRow: $0) })
                {
                    copiedFrames += 1
                }
                swap(&grid, &shown)
            })
        if let difference { XCTFail(difference, file: file, line: line) }
        XCTAssertGreaterThanOrEqual(
            copiedFrames, minimumCopied, "frames copied with every row's stamp", file: file, line: line)
    }

    func testWatchaHomeTourShowsTheSameFramesWhetherUnchangedFramesAreCopiedOrDrawn() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertReuseShowsWhatDrawingShows(WatchaHome.self, frames: 520, minimumCopied: 170)
    }

    func testProfileFeedTourShowsTheSameFramesWhetherUnchangedFramesAreCopiedOrDrawn() throws {
        try assertReuseShowsWhatDrawingShows(ProfileFeed.self, frames: 400, minimumCopied: 150)
    }

    func testSafariReaderTourShowsTheSameFramesWhetherUnchangedFramesAreCopiedOrDrawn() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertReuseShowsWhatDrawingShows(SafariReader.self, frames: 400, minimumCopied: 10)
    }
}
