import FrameGrid
import Foundation
import Layout
import Workloads
import TestSupport
import XCTest

import SceneKit
@testable import Scenes

final class ProfileFeedTests: XCTestCase {
    private let small = Size(cols: 48, rows: 20)

    // MARK: Golden screens

    func testFirstFrame() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        assertScreen(driver.step(), ProfileFeedTests.header + [
            "     Tweets         Replies          Likes",
            "                ────────────────────────────────",
            " ▄██▄ Ada Lovelace @ada · 3d",
            " ▀██▀ again scroll and why lazy wide ten again",
            "      ten ten engine render wide engine again",
            "      ten glyph swift frames glyph stack with",
        ])
        let grid = driver.grid
        XCTAssertEqual(grid[5, 0].background, TwitterColors.banner, "the banner is blue")
        XCTAssertEqual(grid[1, 0].foreground, .brightWhite, "the back arrow sits on the banner")
        XCTAssertTrue(grid[5, 14].attributes.contains(.bold), "the selected filter is bold")
        XCTAssertTrue(grid[20, 14].attributes.contains(.dim), "the other filters are dim")
        XCTAssertTrue(grid[1, 7].attributes.contains(.bold), "the name is bold")
        XCTAssertEqual(grid[14, 7].foreground, TwitterColors.blue, "the verified seal is blue")
        XCTAssertTrue(grid[1, 8].attributes.contains(.dim), "the handle is dim")
        XCTAssertEqual(grid[29, 5].foreground, TwitterColors.badge, "the bell has its badge")
        XCTAssertEqual(grid[25, 5].foreground, TwitterColors.outline, "inside a circle outline")
        XCTAssertEqual(underline(grid, row: 15), 0..<16, "the underline is under Tweets")
    }

    func testUnderlineMidSlide() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step()
        // Frame 10 of 21: a little before half way from the first third to the last.
        assertScreen(driver.step(.selectTab(2), frames: 11), ProfileFeedTests.header + [
            "     Tweets         Replies          Likes",
            "─────────────▉               ▉──────────────────",
            " ▄██▄ Barbara Liskov @liskov · 7h",
            " ▀██▀ 레이아웃 화면 안녕하세요 터미널 빠르게",
            "      스크롤 스크롤 한글 안녕하세요 빠르게 오늘",
            "      한글 오늘",
        ])
        XCTAssertTrue(driver.grid[38, 14].attributes.contains(.bold), "Likes is bold at once")
    }

    func testAfterTheSwitchSettled() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step()
        assertScreen(driver.step(.selectTab(2), frames: 30), ProfileFeedTests.header + [
            "     Tweets         Replies          Likes",
            "────────────────────────────────",
            " ▄██▄ Barbara Liskov @liskov · 7h",
            " ▀██▀ 레이아웃 화면 안녕하세요 터미널 빠르게",
            "      스크롤 스크롤 한글 안녕하세요 빠르게 오늘",
            "      한글 오늘",
        ])
        XCTAssertEqual(underline(driver.grid, row: 15), 32..<48)
        XCTAssertFalse(driver.scene.needsFrame)
    }

    func testFilterBarSticksAtTheTopAfterScrollingPastTheHeader() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step()
        assertScreen(driver.step(.scroll(20)), [
            "",
            "     Tweets         Replies          Likes",
            "                ────────────────────────────────",
            "────────────────────────────────────────────────",
            " ▄██▄ Ada Lovelace @ada · 6d",
            " ▀██▀ ten terminal every layout lazy every",
            "      screen scroll 🚀 ten engine row",
            "      💬 206    ⇄ 1.6K    ♡ 38K     ⇪",
            "────────────────────────────────────────────────",
            " ▄██▄ Ada Lovelace @ada · 7d",
            " ▀██▀ every with render ten terminal frames",
            "      engine render and lazy diff why the every",
            "      render stack engine render the swift a",
            "      scroll lazy today cells measure",
            "      💬 234    ⇄ 231     ♡ 13K     ⇪",
            "────────────────────────────────────────────────",
            " ▄██▄ Ada Lovelace @ada · 9h",
            " ▀██▀ a budget diff screen 🔥 benchmarks the",
            "      why cells glyph a wide every today",
            "      shipped cells fast engine stack with a",
        ])
        XCTAssertEqual(underline(driver.grid, row: 2), 0..<16, "the pinned bar keeps its underline")
        // Further down the feed the bar stays put while the tweets move under it.
        let lines = driver.step(.scroll(7))
        XCTAssertEqual(Array(lines[0..<3]), [
            "",
            "     Tweets         Replies          Likes",
            "                ────────────────────────────────",
        ])
        XCTAssertEqual(lines[3], " ▀██▀ every with render ten terminal frames")
    }

    // MARK: The underline's slide

    func testUnderlineSlidesFromTweetsToLikesOverEveryFrame() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step()
        assertEasedSlide(slide(driver, to: 2), from: 0, to: 32 * 8)
        XCTAssertEqual(underline(driver.grid, row: 15), 32..<48, "ends under Likes, a third wide")
    }

    func testUnderlineSlidesBackFromLikesToTweets() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step(.selectTab(2), frames: 40)
        assertEasedSlide(slide(driver, to: 0).map { -$0 }, from: -32 * 8, to: 0)
        XCTAssertEqual(underline(driver.grid, row: 15), 0..<16, "back under Tweets")
    }

    func testTheUnderlineSlidesWhileTheBarIsPinned() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step(.scroll(30))
        assertEasedSlide(slide(driver, to: 1, row: 2), from: 0, to: 16 * 8)
        XCTAssertEqual(driver.grid.lines[1], "     Tweets         Replies          Likes", "the bar stays pinned")
        XCTAssertEqual(underline(driver.grid, row: 2), 16..<32)
    }

    func testFramesThatOnlySlideTheUnderlineBuildNoRows() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step(.scroll(30))
        // The switch's first frame builds the new feed's visible rows, the next their overscan.
        driver.step(.selectTab(2), frames: 2)
        let position = driver.scene.model.position
        let built = try XCTUnwrap(position.lazyStatistics).rowsBuilt
        while driver.scene.needsFrame { driver.step() }
        XCTAssertEqual(position.lazyStatistics?.rowsBuilt, built, "the slide rebuilds nothing")
        driver.step(.scroll(1))
        XCTAssertLessThanOrEqual(
            position.lazyStatistics!.rowsBuilt - built, 1, "a one-row scroll builds at most the row coming in")
    }

    // MARK: Filters

    func testSwitchingWhilePinnedStartsTheNewFeedAtItsTopUnderTheBar() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step(.scroll(200))
        let lines = driver.step(.selectTab(1), frames: 30)
        XCTAssertEqual(lines[1], "     Tweets         Replies          Likes")
        XCTAssertEqual(lines[3], " ▄██▄ Ada Lovelace @ada · 5d", "the first reply, right under the bar")
        XCTAssertEqual(lines[4], " ▀██▀ Replying to @grace")
        XCTAssertEqual(driver.scene.model.position.anchor, LazyAnchor(index: ProfileRows.filterBarRow, offset: 0))
    }

    func testSwitchingInTheFrameOfAScrollPastTheHeaderStartsTheNewFeedAtItsTop() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step()
        let lines = driver.step(.scroll(40), .selectTab(1), frames: 30)
        XCTAssertEqual(lines[1], "     Tweets         Replies          Likes")
        XCTAssertEqual(lines[3], " ▄██▄ Ada Lovelace @ada · 5d")
        XCTAssertEqual(lines[4], " ▀██▀ Replying to @grace")
    }

    func testSwitchingAboveTheBarKeepsTheScrollPosition() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        let before = driver.step(.scroll(4))
        let after = driver.step(.selectTab(1), frames: 30)
        XCTAssertEqual(Array(before[0..<10]), Array(after[0..<10]), "the header does not move")
    }

    func testEachFilterShowsItsOwnFeed() throws {
        let driver = try SceneDriver<ProfileFeed>(size: Size(cols: 48, rows: 60))
        let tweets = driver.step().joined(separator: "\n")
        let replies = driver.step(.nextTab, frames: 30).joined(separator: "\n")
        let likes = driver.step(.nextTab, frames: 30).joined(separator: "\n")
        XCTAssertFalse(tweets.contains("Replying to"))
        XCTAssertTrue(replies.contains("Replying to @"))
        XCTAssertFalse(likes.contains("Ada Lovelace @ada ·"), "likes are other people's tweets")
        XCTAssertTrue(tweets.contains("Ada Lovelace @ada ·"))
        XCTAssertEqual(driver.scene.model.filter, .likes)
        driver.step(.nextTab, frames: 30)
        XCTAssertEqual(driver.scene.model.filter, .tweets, "nextTab wraps around")
        driver.step(.selectTab(4), frames: 30)
        XCTAssertEqual(driver.scene.model.filter, .replies, "selectTab(i) selects i % 3")
        XCTAssertEqual(ProfileFeed.tabCount, 3)
    }

    func testFeedsMixKoreanAndEmoji() throws {
        let source = TweetSource(count: 1_000, seed: 1, file: nil)
        let bodies = (0..<200).map { source.tweet($0, filter: .likes).body }
        XCTAssertTrue(bodies.contains { $0.contains("터미널") || $0.contains("화면") })
        XCTAssertTrue(bodies.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    }

    // MARK: Size of the feed

    func testTenMillionItems() throws {
        let driver = try SceneDriver<ProfileFeed>(size: small)
        driver.step()
        let source = TweetSource(count: 10_000_000, seed: 1, file: nil)
        for fraction in [0.5, 0.999] {
            let lines = driver.step(.jump(fraction))
            let item = Int(fraction * 10_000_000)
            let tweet = source.tweet(item, filter: .tweets)
            XCTAssertEqual(lines[1], "     Tweets         Replies          Likes")
            XCTAssertEqual(lines[3], " ▄██▄ Ada Lovelace @ada · \(tweet.relativeTime)", "item \(item) under the bar")
        }
        let bottom = driver.step(.bottom)
        XCTAssertEqual(bottom.last, String(repeating: "─", count: 48), "the last tweet ends at the bottom")
        XCTAssertEqual(bottom[1], "     Tweets         Replies          Likes")
        let statistics = try XCTUnwrap(driver.scene.model.position.lazyStatistics)
        XCTAssertLessThan(statistics.liveRows, 20, "only the rows in view are built")
        let top = driver.step(.top)
        XCTAssertEqual(top[0], " ←")
    }

    // MARK: Scripts

    func testScriptsAreNamedAndTheDefaultIsTheTour() {
        let names = ProfileFeed.scripts.map(\.name)
        XCTAssertEqual(names.first, "tour")
        XCTAssertTrue(names.contains("filters"))
        for common in CommonScripts.scrolling { XCTAssertTrue(names.contains(common.name)) }
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(ProfileFeed.script(named: "default")?.name, "tour")
        XCTAssertGreaterThan(ProfileFeed.tour.loopFrames, 300)
    }

    func testEveryScriptPlaysAtEverySize() throws {
        for size in [Size(cols: 80, rows: 24), Size(cols: 1, rows: 1), Size(cols: 2, rows: 1), Size(cols: 3, rows: 2)] {
            var seenAtThisSize = Set<[String]>()
            for script in ProfileFeed.scripts {
                let player = try ScenePlayer<ProfileFeed>(size: size, script: script.name)
                var distinct = Set<[String]>()
                for frame in 0..<400 { distinct.insert(player.lines(at: frame)) }
                seenAtThisSize.formUnion(distinct)
                if size.cols >= 80 {
                    XCTAssertGreaterThan(distinct.count, 4, "\(script.name) at \(size): frames change")
                }
            }
            // On a screen a row or two high the pinned bar's top row can fill it: some scripts show only that.
            if size.cols > 1 { XCTAssertGreaterThan(seenAtThisSize.count, 2, "frames change at \(size)") }
        }
    }

    func testOddSizesAndResizesDoNotCrash() throws {
        let driver = try SceneDriver<ProfileFeed>(size: Size(cols: 20, rows: 5))
        for size in [Size(cols: 20, rows: 5), Size(cols: 300, rows: 100), Size(cols: 1, rows: 1), Size(cols: 2, rows: 1)] {
            driver.step(.resize(size))
            driver.step(.scroll(5), .nextTab, frames: 5)
            driver.step(.page(1), .jump(0.3), frames: 3)
            driver.step(.bottom, .nextTab, frames: 25)
            XCTAssertEqual(driver.grid.size, size)
        }
        let lines = driver.step(.resize(Size(cols: 48, rows: 20)), .top)
        XCTAssertEqual(lines[0], " ←")
    }

    func testTheTourSwitchesFiltersAndResizes() throws {
        var inputs: [SceneInput] = []
        let timeline = ScriptTimeline(ProfileFeed.tour, seed: 1, size: Size(cols: 80, rows: 24))
        for frame in 0..<ProfileFeed.tour.loopFrames { inputs += timeline.inputs(at: frame) }
        XCTAssertTrue(inputs.contains(.selectTab(2)))
        XCTAssertTrue(inputs.contains(.resize(Size(cols: 60, rows: 18))))
        XCTAssertTrue(inputs.contains(.page(1)))
        XCTAssertTrue(inputs.contains { if case .jump = $0 { return true } else { return false } })
    }

    func testTheSameSeedGivesTheSameFramesAndOthersDiffer() throws {
        func frames(seed: UInt64) throws -> [[String]] {
            let player = try ScenePlayer<ProfileFeed>(size: Size(cols: 60, rows: 20), script: "filters", seed: seed)
            return (0..<120).map { player.lines(at: $0) }
        }
        let first = try frames(seed: 1)
        XCTAssertEqual(first, try frames(seed: 1))
        XCTAssertNotEqual(first, try frames(seed: 2))
    }

    // MARK: Feed file

    func testFeedFileItemsShowAsText() throws {
        let path = NSTemporaryDirectory() + "profile-feed-\(ProcessInfo.processInfo.processIdentifier).jsonl"
        var data = Data("plain line one\n".utf8)
        data += Data(#"{"text": "json says \u001b[31mhi", "author": "Zed Shaw", "handle": "zed"}"#.utf8)
        data += Data("\n".utf8)
        data += Data("broken ".utf8) + Data([0xFF, 0xFE]) + Data(" bytes\n".utf8)
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let scene = try ProfileFeed(
            settings: WorkloadSettings(size: Size(cols: 48, rows: 40), feedItems: 3, feedFile: path))
        var grid = Grid(size: scene.size)
        scene.apply(.jump(0))
        scene.render(into: &grid)
        let screen = grid.lines.joined(separator: "\n")
        XCTAssertTrue(screen.contains("plain line one"), screen)
        XCTAssertTrue(screen.contains("Zed Shaw @zed"), screen)
        XCTAssertTrue(screen.contains("json says ␛[31mhi"), screen)
        XCTAssertFalse(screen.contains("\u{1B}"), "no raw escape reaches the grid")
        XCTAssertTrue(screen.contains("broken \u{FFFD}\u{FFFD} bytes") || screen.contains("broken \u{FFFD} bytes"), screen)

        XCTAssertThrowsError(
            try ProfileFeed(settings: WorkloadSettings(size: small, feedFile: path + ".missing")))
    }

    // MARK: Helpers

    /// The header rows at 48x20 with the profile at the top.
    static let header = [
        " ←",
        "",
        "  ▄▄▀▀▀▀▄▄",
        " █▀██A███▀█",
        " █▄██████▄█              ▄▄▀▀▀▄▄ ╭────────────╮",
        "  ▀▀▄▄▄▄▀▀               █ 🔔• █ (Edit Profile)",
        "                         ▀▀▄▄▄▀▀ ╰────────────╯",
        " Ada Lovelace ✔",
        " @ada",
        " Poet of numbers. Writing the first programs,",
        " one frame at a time ✨",
        " 📍 London 🔗 analytical.engine",
        " 123 Following  4,567 Followers",
        "",
    ]

    /// The columns of `row` painted with the underline's blue (whole cells
    /// as background, the eighth blocks at its edges as foreground).
    private func underline(_ grid: Grid, row: Int) -> Range<Int> {
        let blue = (0..<grid.cols).filter {
            grid[$0, row].background == TwitterColors.blue || grid[$0, row].foreground == TwitterColors.blue
        }
        guard let first = blue.first, let last = blue.last else { return 0..<0 }
        return first..<(last + 1)
    }

    /// The underline's left edge in eighths of a cell: the first blue cell,
    /// less the eighths its block glyph leaves uncovered (a reversed left block).
    private func underlineLeft(_ grid: Grid, row: Int) -> Int {
        let cells = underline(grid, row: row)
        guard !cells.isEmpty else { return -1 }
        let cell = grid[cells.lowerBound, row]
        guard cell.background != TwitterColors.blue, cell.attributes.contains(.reverse) else {
            return cells.lowerBound * 8
        }
        let uncovered = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"].firstIndex(of: grid.string(of: cell.glyph)).map { $0 + 1 } ?? 0
        return cells.lowerBound * 8 + uncovered
    }

    /// The underline's left edge (in eighths) on every frame of a switch to
    /// `filter`, from the frame the switch is applied until well after it ends.
    private func slide(_ driver: SceneDriver<ProfileFeed>, to filter: Int, row: Int? = nil) -> [Int] {
        let row = row ?? driver.grid.lines.firstIndex { $0.contains("Tweets") }! + 1
        driver.scene.apply(.selectTab(filter))
        var track: [Int] = []
        for _ in 0..<40 {
            driver.step()
            track.append(underlineLeft(driver.grid, row: row))
        }
        return track
    }

    /// Left edges (eighths) that move monotonically from `start` to `end`
    /// over the animation (easeInOut 0.35 s at 60 fps: 21 frames), in small
    /// steps at the ends and large ones in the middle.
    private func assertEasedSlide(_ lefts: [Int], from start: Int, to end: Int, line: UInt = #line) {
        XCTAssertEqual(lefts.first, start, "frame 0 shows the old position: \(lefts)", line: line)
        XCTAssertEqual(lefts.last, end, line: line)
        let steps = zip(lefts, lefts.dropFirst()).map { $1 - $0 }
        XCTAssertTrue(steps.allSatisfy { $0 >= 0 }, "monotonic: \(lefts)", line: line)
        guard let arrival = lefts.firstIndex(of: end) else { return XCTFail("never arrived: \(lefts)", line: line) }
        XCTAssertTrue((19...21).contains(arrival), "arrives after the animation's 21 frames: \(lefts)", line: line)
        let moving = steps[0..<arrival]
        let distance = end - start
        XCTAssertLessThan(moving.first!, distance / 20, "slow start: \(lefts)", line: line)
        XCTAssertLessThan(moving.last!, distance / 20, "slow end: \(lefts)", line: line)
        XCTAssertGreaterThan(moving.max()!, distance / 8, "fast middle: \(lefts)", line: line)
        let fastest = moving.firstIndex(of: moving.max()!)!
        XCTAssertTrue((arrival / 3...arrival * 2 / 3).contains(fastest), "fastest in the middle: \(lefts)", line: line)
        XCTAssertGreaterThan(Set(lefts).count, 15, "moves on almost every frame: \(lefts)", line: line)
    }
}
