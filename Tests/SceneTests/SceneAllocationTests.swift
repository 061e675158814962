import Foundation
import CAllocationCounter
import FrameGrid
import Layout
import TerminalOutput
import Workloads
import XCTest

import SceneKit
@testable import Scenes

/// Deterministic counts over whole frames (update, layout and drawing, diff,
/// encode), as `framebench run` measures them: frames that only scroll or
/// animate allocate nothing; frames that build rows or apply a view update
/// (a filter or tab switch, a jump) stay under a ceiling per scene, one for
/// the script's first cycle (the first visit of each tab, filter or kind of
/// row builds what no earlier frame built) and one for the cycles after it
/// (recycled rows and subtrees, kept texts). Frames are told apart by what
/// they did (rows built, views updated, a resize), not by the script.
/// Release builds only (`swift test -c release --filter AllocationTests`).
final class SceneAllocationTests: XCTestCase {
    struct Counts {
        var steadyFrames = 0
        var steadyAllocations: UInt64 = 0
        var steadyWorst: UInt64 = 0
        var newRowFrames = 0
        var newRowWorst: UInt64 = 0
        var newRowWorstFrame = -1
        /// The worst frame that builds rows after the script's first cycle.
        var laterNewRowWorst: UInt64 = 0
        var laterNewRowWorstFrame = -1
        /// The most bytes a frame that builds rows allocated.
        var newRowWorstBytes: UInt64 = 0
    }

    private func counts<S: Scene>(_ scene: S.Type, script: String, frames: Int, size: Size) throws -> Counts {
        let settings = WorkloadSettings(size: size, seed: 1, feedItems: 1_000_000, script: script)
        let workload = try SceneWorkload<S>(settings: settings)
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        let sink = CountingSink()
        var grid = Grid(size: size)
        var counts = Counts()
        // Debugging aids, read before counting (reading the environment allocates):
        // FB_ALLOC_TRACE prints each steady frame that allocates, by phase;
        // FB_ALLOC_STOP_SCRIPT=S FB_ALLOC_STOP_FRAME=N stops at frame N of script S (SIGTRAP) for a debugger to break on malloc.
        let trace = ProcessInfo.processInfo.environment["FB_ALLOC_TRACE"] != nil
        let stopFrame =
            ProcessInfo.processInfo.environment["FB_ALLOC_STOP_SCRIPT"] == script
            ? ProcessInfo.processInfo.environment["FB_ALLOC_STOP_FRAME"].flatMap { Int($0) } : nil
        var resizedBefore = false
        for index in 0..<frames {
            let sizeBefore = workload.size
            let rowsBefore = LazyStackStatistics.allRowsBuilt
            let updatesBefore = LazyStackStatistics.allViewUpdates
            let before = fb_allocation_counts_now().allocations
            let bytesBefore = fb_allocation_counts_now().allocated_bytes
            if stopFrame == index { raise(SIGTRAP) }
            try workload.update(frame: index)
            let updated = fb_allocation_counts_now().allocations
            workload.draw(frame: index, into: &grid)
            let drawn = fb_allocation_counts_now().allocations
            let diff = renderer.diff(grid)
            renderer.encode(diff, grid)
            let counted = fb_allocation_counts_now().allocations - before
            let countedBytes = fb_allocation_counts_now().allocated_bytes - bytesBefore
            // Rows built, views updated or the screen resized (in this frame or
            // the one before, whose grid of the old size comes back to be
            // replaced): the frame builds new rows.
            let resized = workload.size != sizeBefore
            let buildsRows =
                LazyStackStatistics.allRowsBuilt != rowsBefore || LazyStackStatistics.allViewUpdates != updatesBefore
                || resized || resizedBefore
            resizedBefore = resized
            if trace, counted > 0, !buildsRows {
                print("steady frame \(index): update \(updated - before) draw \(drawn - updated) render \(counted - (drawn - before))")
            }
            try renderer.write(to: sink)
            renderer.commit(swapping: &grid)
            guard index >= 30 else { continue }  // warm-up: buffers reach their working sizes
            if buildsRows {
                counts.newRowFrames += 1
                counts.newRowWorstBytes = max(counts.newRowWorstBytes, countedBytes)
                if counted > counts.newRowWorst {
                    counts.newRowWorst = counted
                    counts.newRowWorstFrame = index
                }
                if index >= workload.timeline.cycleLength && counted > counts.laterNewRowWorst {
                    counts.laterNewRowWorst = counted
                    counts.laterNewRowWorstFrame = index
                }
            } else {
                counts.steadyFrames += 1
                counts.steadyAllocations += counted
                counts.steadyWorst = max(counts.steadyWorst, counted)
            }
        }
        return counts
    }

    /// `newRowCeiling`: the worst frame that builds rows may allocate this
    /// many times; `laterCeiling`: the same after the script's first cycle.
    /// Issue 11 asks for 50, first cycle included. Rows are recycled
    /// (`RowRecycler`) and so are other subtrees that leave the tree
    /// (`SubtreeRecycler`), so a row scrolled in, jumped to or rebuilt by a
    /// switch is an update of one let go of before; a view of a type never
    /// built before (a tab's first visit, a filter's first kind of row) is
    /// built from nodes of the common classes in `NodePool` (a reserve made
    /// with the host, then kept subtrees taken apart), and watcha-home's
    /// titles and captions are made with its catalog. What frames still
    /// allocate: nodes of other classes (scroll views, lazy stacks), text
    /// line buffers, the items' own strings (safari-reader's paragraphs) and
    /// model objects (a carousel's scroll position). Measured worst: profile-feed
    /// 23 (later 15), watcha-home 40 (40; 44 (41) before row-length tables were
    /// kept for reuse), safari-reader 48 (47); were 86 (15),
    /// 588 (78), 128 (89) before the node pools, 170 / 1,050 / 360 for every frame before recycling.
    /// `newRowBytesCeiling`: the most bytes such a frame may allocate (watcha-home
    /// 116,820 measured; a new carousel's row-length table alone took 96 KB before
    /// tables were sized by item count and kept, and a frame built up to five).
    private func check<S: Scene>(
        _ scene: S.Type, scripts: [String], newRowCeiling: UInt64, laterCeiling: UInt64,
        newRowBytesCeiling: UInt64? = nil
    ) throws {
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        XCTAssertEqual(fb_allocation_counter_active(), 1)
        for script in scripts {
            let found = try counts(scene, script: script, frames: 1500, size: Size(cols: 120, rows: 40))
            print("\(S.name) \(script): \(found)")
            XCTAssertGreaterThan(found.steadyFrames, 100, "\(S.name) \(script)")
            XCTAssertEqual(found.steadyAllocations, 0, "\(S.name) \(script): frames that only scroll or animate")
            XCTAssertLessThanOrEqual(
                found.newRowWorst, newRowCeiling,
                "\(S.name) \(script): frames that build rows (worst: frame \(found.newRowWorstFrame))")
            XCTAssertLessThanOrEqual(
                found.laterNewRowWorst, laterCeiling,
                "\(S.name) \(script): frames that build rows after the first cycle"
                    + " (worst: frame \(found.laterNewRowWorstFrame))")
            if let newRowBytesCeiling {
                XCTAssertLessThanOrEqual(
                    found.newRowWorstBytes, newRowBytesCeiling, "\(S.name) \(script): bytes of a frame that builds rows")
            }
        }
    }

    func testProfileFeedFramesAllocateNothingUnlessTheyBuildRows() throws {
        try check(ProfileFeed.self, scripts: ["tour", "filters", "jump"], newRowCeiling: 25, laterCeiling: 16)
    }

    func testWatchaHomeFramesAllocateNothingUnlessTheyBuildRows() throws {
        try check(
            WatchaHome.self, scripts: ["tour", "tabs", "jump"], newRowCeiling: 42, laterCeiling: 42,
            newRowBytesCeiling: 150_000)
    }

    func testSafariReaderFramesAllocateNothingUnlessTheyBuildRows() throws {
        try check(SafariReader.self, scripts: ["tour", "pull", "jump"], newRowCeiling: 50, laterCeiling: 50)
    }
}

/// Counts depend only on the scene and its script, not on what the process
/// did first: the Swift runtime instantiates type metadata and caches
/// conformances in pools shared with all earlier work, so a frame that first
/// shows a screen used to allocate a few times more or less in a process that
/// had run other scenes (or decoded a baseline) first. `SceneWorkload` meets
/// those costs before the first measured frame. (Across processes with
/// different arguments and environments: `scripts/alloc-determinism.sh`.)
final class ProcessHistoryAllocationTests: XCTestCase {
    private func perFrame<S: Scene>(_ scene: S.Type, size: Size) throws -> [UInt64] {
        let workload = try SceneWorkload<S>(settings: WorkloadSettings(size: size, seed: 1, feedItems: 1_000_000))
        var grid = Grid(size: size)
        var counts: [UInt64] = []
        counts.reserveCapacity(400)
        for index in 0..<400 {
            let before = fb_allocation_counts_now().allocations
            try workload.update(frame: index)
            workload.draw(frame: index, into: &grid)
            counts.append(fb_allocation_counts_now().allocations - before)
        }
        return counts
    }

    func testEachFrameAllocatesAsOftenWhetherTheSceneRunsFirstOrAfterOthers() throws {
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        // A size no other test uses: the workload's warm-up happens here, not in an earlier test.
        let size = Size(cols: 111, rows: 37)
        let watchaFirst = try perFrame(WatchaHome.self, size: size)
        let profileFirst = try perFrame(ProfileFeed.self, size: size)
        _ = try perFrame(SafariReader.self, size: size)
        XCTAssertEqual(try perFrame(WatchaHome.self, size: size), watchaFirst)
        XCTAssertEqual(try perFrame(ProfileFeed.self, size: size), profileFirst)
        XCTAssertGreaterThan(watchaFirst.reduce(0, +), 0, "the frames built rows")
    }
}

/// plain-feed builds one new row every frame (the item scrolling in).
final class PlainFeedAllocationTests: XCTestCase {
    func testEachFrameOfPlainFeedAllocatesAtMostFiftyTimes() throws {
        try XCTSkipIf(_isDebugAssertConfiguration(), "allocation counts are checked in release builds")
        let size = Size(cols: 200, rows: 50)
        let workload = try PlainFeed(settings: WorkloadSettings(size: size, seed: 1, feedItems: 1_000_000))
        let renderer = TerminalRenderer(capabilities: try TerminalCapabilities.load(term: "xterm-256color"))
        let sink = CountingSink()
        var grid = Grid(size: size)
        var worst: UInt64 = 0
        for index in 0..<600 {
            let before = fb_allocation_counts_now().allocations
            workload.update(frame: index)
            workload.draw(frame: index, into: &grid)
            let diff = renderer.diff(grid)
            renderer.encode(diff, grid)
            let counted = fb_allocation_counts_now().allocations - before
            try renderer.write(to: sink)
            renderer.commit(swapping: &grid)
            if index >= 30 { worst = max(worst, counted) }
        }
        print("plain-feed: worst frame \(worst) allocations")
        XCTAssertLessThanOrEqual(worst, 50)
    }
}
