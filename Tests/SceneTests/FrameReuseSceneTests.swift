import FrameGrid
import Layout
import SceneKit
import Workloads
import XCTest

@testable import Scenes

/// Hosts that copy their last frame when nothing changed show, frame by
/// frame, exactly what hosts drawing every frame show: the scripts' frames
/// that hold still, slide or scroll, with grids handed back as the harness
/// hands them (the frame before last, by a swap).
final class FrameReuseSceneTests: XCTestCase {
    private func assertReuseShowsWhatDrawingShows<S: Scene>(
        _ scene: S.Type, frames: Int, minimumCopied: Int, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let settings = WorkloadSettings(size: Size(cols: 120, rows: 40), seed: 1, feedItems: 1_000_000)
        let reusing = try SceneWorkload<S>(settings: settings)
        let drawing = try SceneWorkload<S>(settings: settings)
        var grid = Grid(size: reusing.size)
        var shown = Grid(size: reusing.size)
        var reference = Grid(size: drawing.size)
        var copiedFrames = 0
        for index in 0..<frames {
            try reusing.update(frame: index)
            if grid.size != reusing.size { grid = Grid(size: reusing.size) }
            reusing.draw(frame: index, into: &grid)

            ViewHostDrawing.reusesUnchangedFrames = false
            try drawing.update(frame: index)
            if reference.size != drawing.size { reference = Grid(size: drawing.size) }
            drawing.draw(frame: index, into: &reference)
            ViewHostDrawing.reusesUnchangedFrames = true

            XCTAssertEqual(grid.size, reference.size, "frame \(index)", file: file, line: line)
            guard grid.size == reference.size else { return }
            for y in 0..<grid.rows {
                let same =
                    grid.line(y) == reference.line(y)
                    && (0..<grid.cols).allSatisfy { grid[$0, y].style == reference[$0, y].style }
                if !same {
                    XCTFail(
                        "frame \(index) row \(y):\n\(grid.line(y))\n\(reference.line(y))", file: file,
                        line: line)
                    return
                }
            }
            if shown.size == grid.size
                && (0..<grid.rows).allSatisfy({ grid.stamp(ofRow: $0) == shown.stamp(ofRow: $0) })
            {
                copiedFrames += 1
            }
            swap(&grid, &shown)
        }
        XCTAssertGreaterThanOrEqual(
            copiedFrames, minimumCopied, "frames copied with every row's stamp", file: file, line: line)
    }

    func testWatchaHomeTourShowsTheSameFramesWhetherUnchangedFramesAreCopiedOrDrawn() throws {
        try assertReuseShowsWhatDrawingShows(WatchaHome.self, frames: 520, minimumCopied: 170)
    }

    func testProfileFeedTourShowsTheSameFramesWhetherUnchangedFramesAreCopiedOrDrawn() throws {
        try assertReuseShowsWhatDrawingShows(ProfileFeed.self, frames: 400, minimumCopied: 150)
    }

    func testSafariReaderTourShowsTheSameFramesWhetherUnchangedFramesAreCopiedOrDrawn() throws {
        try assertReuseShowsWhatDrawingShows(SafariReader.self, frames: 400, minimumCopied: 10)
    }
}
