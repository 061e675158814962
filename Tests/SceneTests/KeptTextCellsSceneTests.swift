import FrameGrid
import Layout
import SceneKit
import Workloads
import XCTest

@testable import Scenes

/// Texts that copy the cells of lines drawn before (`TextCellKeeping`) show,
/// frame by frame, exactly what writing every line afresh shows: over the
/// scripts' scrolling, sliding, tab switches and recycled rows, with the
/// store at its size and with one so small that texts' kept lines are
/// overwritten within a frame or two and made again.
final class KeptTextCellsSceneTests: XCTestCase {
    override func tearDown() {
        TextCellKeeping.isEnabled = true
        TextCellKeeping.replaceStore()
        super.tearDown()
    }

    private func assertKeptCellsShowWhatWritingShows<S: Scene>(
        _ scene: S.Type, frames: Int, storeCells: Int = TextCellKeeping.defaultCellCapacity,
        storeEntries: Int = TextCellKeeping.defaultEntryCapacity, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        TextCellKeeping.replaceStore(cellCapacity: storeCells, entryCapacity: storeEntries)
        let settings = WorkloadSettings(size: Size(cols: 120, rows: 40), seed: 1, feedItems: 1_000_000)
        let keeping = try SceneWorkload<S>(settings: settings)
        let writing = try SceneWorkload<S>(settings: settings)
        var grid = Grid(size: keeping.size)
        var reference = Grid(size: writing.size)
        for index in 0..<frames {
            try keeping.update(frame: index)
            if grid.size != keeping.size { grid = Grid(size: keeping.size) }
            keeping.draw(frame: index, into: &grid)

            TextCellKeeping.isEnabled = false
            try writing.update(frame: index)
            if reference.size != writing.size { reference = Grid(size: writing.size) }
            writing.draw(frame: index, into: &reference)
            TextCellKeeping.isEnabled = true

            XCTAssertEqual(grid.size, reference.size, "frame \(index)", file: file, line: line)
            guard grid.size == reference.size else { return }
            for y in 0..<grid.rows {
                let same =
                    grid.line(y) == reference.line(y)
                    && (0..<grid.cols).allSatisfy {
                        grid[$0, y].style == reference[$0, y].style && grid[$0, y].width == reference[$0, y].width
                    }
                if !same {
                    XCTFail("frame \(index) row \(y):\n\(grid.line(y))\n\(reference.line(y))", file: file, line: line)
                    return
                }
            }
        }
    }

    func testWatchaHomeShowsTheSameFramesWithKeptTextCells() throws {
        try assertKeptCellsShowWhatWritingShows(WatchaHome.self, frames: 520)
    }

    func testProfileFeedShowsTheSameFramesWithKeptTextCells() throws {
        try assertKeptCellsShowWhatWritingShows(ProfileFeed.self, frames: 400)
    }

    func testSafariReaderShowsTheSameFramesWithKeptTextCells() throws {
        try assertKeptCellsShowWhatWritingShows(SafariReader.self, frames: 400)
    }

    func testScenesShowTheSameFramesWhenKeptLinesAreOverwrittenEveryFrame() throws {
        // A store of a few hundred cells holds one screen's texts for a frame at most.
        for storeCells in [512, 2_048] {
            try assertKeptCellsShowWhatWritingShows(WatchaHome.self, frames: 200, storeCells: storeCells, storeEntries: 64)
            try assertKeptCellsShowWhatWritingShows(ProfileFeed.self, frames: 200, storeCells: storeCells, storeEntries: 64)
            try assertKeptCellsShowWhatWritingShows(SafariReader.self, frames: 200, storeCells: storeCells, storeEntries: 64)
        }
    }
}
