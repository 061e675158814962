import FrameGrid
import Layout
import SceneKit
import TestSupport
import Workloads
import XCTest

@testable import Scenes

/// Texts that copy the cells of lines drawn before (`TextCellKeeping`) show,
/// frame by frame, exactly what writing every line afresh shows: over the
/// scripts' scrolling, sliding, tab switches and recycled rows, with the
/// store at its size and with one so small that texts' kept lines are
/// overwritten within a frame or two and made again.
final class KeptTextCellsSceneTests: XCTestCase {
    // One scene's tour runs every day; the other scenes' tours are the long
    // tier (FRAMEBENCH_LONG_TESTS=1, docs/ci.md): seconds each in debug.
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
        try assertSameFramesWithSwitchOff(S.self, frames: frames, { TextCellKeeping.isEnabled = $0 }, file: file, line: line)
    }

    func testWatchaHomeShowsTheSameFramesWithKeptTextCells() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertKeptCellsShowWhatWritingShows(WatchaHome.self, frames: 520)
    }

    func testProfileFeedShowsTheSameFramesWithKeptTextCells() throws {
        try assertKeptCellsShowWhatWritingShows(ProfileFeed.self, frames: 400)
    }

    func testSafariReaderShowsTheSameFramesWithKeptTextCells() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try assertKeptCellsShowWhatWritingShows(SafariReader.self, frames: 400)
    }

    func testScenesShowTheSameFramesWhenKeptLinesAreOverwrittenEveryFrame() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        // A store of a few hundred cells holds one screen's texts for a frame at most.
        for storeCells in [512, 2_048] {
            try assertKeptCellsShowWhatWritingShows(WatchaHome.self, frames: 200, storeCells: storeCells, storeEntries: 64)
            try assertKeptCellsShowWhatWritingShows(ProfileFeed.self, frames: 200, storeCells: storeCells, storeEntries: 64)
            try assertKeptCellsShowWhatWritingShows(SafariReader.self, frames: 200, storeCells: storeCells, storeEntries: 64)
        }
    }
}
