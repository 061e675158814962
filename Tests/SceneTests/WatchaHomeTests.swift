import FrameGrid
import Foundation
import Workloads
import TestSupport
import XCTest

import SceneKit
@testable import Scenes

final class WatchaHomeTests: XCTestCase {
    private let small = Size(cols: 48, rows: 20)

    /// A driver on the main screen's home tab, the push settled.
    private func home(size: Size? = nil, seed: UInt64 = 1) throws -> SceneDriver<WatchaHome> {
        let driver = try SceneDriver<WatchaHome>(size: size ?? small, seed: seed)
        driver.step()
        driver.step(.action, frames: 40)
        return driver
    }

    // MARK: Golden screens

    func testWelcomeThenMidPushThenHome() throws {
        let player = try ScenePlayer<WatchaHome>(size: small, script: "tour")
        assertScreen(player.lines(at: 0), Goldens.welcome, "welcome (first frame)")
        assertScreen(player.lines(at: 8), Goldens.midPush, "mid-navigation")
        assertScreen(player.lines(at: 30), Goldens.home, "home after the push")
    }

    func testStickyHeaderMidAndFullProgress() throws {
        let driver = try home()
        assertScreen(driver.step(.scroll(3)), Goldens.midProgress, "mid-progress")
        XCTAssertEqual(driver.scene.model.headerProgress, 0.5)
        assertScreen(driver.step(.scroll(5)), Goldens.fullProgress, "full progress")
        XCTAssertEqual(driver.scene.model.headerProgress, 1)
    }

    func testSearchTabAfterSwitch() throws {
        let driver = try home()
        assertScreen(driver.step(.selectTab(1), frames: 30), Goldens.search)
    }

    func testCarouselScrolledSideways() throws {
        let driver = try home()
        assertScreen(driver.step(.carousel(10)), Goldens.carousel)
    }

    // MARK: Behaviour

    func testHeaderProgressFollowsTheScrollOffset() throws {
        let driver = try home()
        let model = driver.scene.model
        var progresses: [Double] = []
        var borderRows: [Int] = []
        var titleColumns: [Int] = []
        for step in 0...10 {
            let lines = step == 0 ? driver.step() : driver.step(.scroll(1))
            let offset = model.homePosition.offset
            XCTAssertEqual(offset, step)
            XCTAssertEqual(model.headerProgress, min(1, Double(offset) / 6))
            progresses.append(model.headerProgress)
            let border = try XCTUnwrap(lines.indices.first { $0 > 0 && lines[$0].hasPrefix("────") })
            borderRows.append(border)
            XCTAssertEqual(border, SubscriptionHeader.rows(progress: model.headerProgress), "the border rises")
            let title = try XCTUnwrap(lines[1].range(of: "Subscribe to Watcha"))
            titleColumns.append(lines[1].distance(from: lines[1].startIndex, to: title.lowerBound))
            // Two title rows (and a details row) until the header turns compact, then one.
            XCTAssertEqual(lines[2].contains("First month free"), border > 2)
            XCTAssertEqual(lines[1].contains("First month free"), border == 2)
        }
        XCTAssertEqual(progresses.first, 0)
        XCTAssertEqual(progresses.last, 1)
        XCTAssertEqual(progresses, progresses.sorted(), "monotonic")
        XCTAssertEqual(borderRows, [4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2])
        XCTAssertEqual(titleColumns, titleColumns.sorted(), "the title shifts right as the header collapses")
        XCTAssertGreaterThan(titleColumns.last!, titleColumns.first!)
        // And back: scrolling up to the top expands it again.
        let top = driver.step(.top)
        XCTAssertEqual(model.headerProgress, 0)
        XCTAssertTrue(top[3].contains("4K · offline downloads"))
    }

    func testTopBarAndFloatingReleaseStayWhileTheFeedScrolls() throws {
        let driver = try home()
        let title = driver.scene.model.catalog.poster(section: 1, column: 0).title
        func floatingRow(_ lines: [String]) -> Int? { lines.firstIndex { $0.contains("NEW  \(title)") } }
        let first = driver.step()
        let topBar = first[0]
        let width = "NEW  \(title)  ▶".count + 2
        let top = "╭" + String(repeating: "─", count: width) + "╮"
        let bottom = "╰" + String(repeating: "─", count: width) + "╯"
        let row = try XCTUnwrap(floatingRow(first))
        XCTAssertTrue(first[row - 1].contains(top) && first[row + 1].contains(bottom))
        XCTAssertEqual(row, 15, "just above the tab bar (divider at row 17)")
        var feedRows: Set<[String]> = []
        for input in [SceneInput.scroll(1), .scroll(2), .scroll(5), .page(1), .scroll(-3), .jump(0.4), .scroll(7)] {
            let lines = driver.step(input)
            XCTAssertEqual(lines[0], topBar, "the top bar does not scroll")
            XCTAssertEqual(floatingRow(lines), row, "the floating box stays put")
            XCTAssertTrue(lines[row - 1].contains(top) && lines[row + 1].contains(bottom), "the box is whole")
            feedRows.insert(Array(lines[5..<row]))
        }
        XCTAssertGreaterThan(feedRows.count, 5, "the content under them moved")
    }

    func testCarouselScrollingMovesOnlyThatCarousel() throws {
        let driver = try home()
        let model = driver.scene.model
        let before = driver.step()
        let after = driver.step(.carousel(4))
        XCTAssertEqual(model.carousel(for: 0).offset, 4)
        XCTAssertEqual(model.carousel(for: 1).offset, 0)
        XCTAssertEqual(model.homePosition.offset, 0, "the feed did not scroll")
        XCTAssertNotEqual(Array(after[6...14]), Array(before[6...14]), "the hero carousel moved")
        XCTAssertEqual(Array(after[0...5]), Array(before[0...5]))
        XCTAssertEqual(after[16], before[16])
        // Once the hero's posters are mostly scrolled off, "just arrived" is the carousel nearest the top.
        driver.step(.scroll(9))
        XCTAssertEqual(model.sectionNearestTop, 1)
        let moved = driver.step(.carousel(3))
        XCTAssertEqual(model.carousel(for: 1).offset, 3)
        XCTAssertEqual(model.carousel(for: 0).offset, 4)
        XCTAssertTrue(moved.contains { $0.contains("Just arrived") })
        // Back up: the hero kept its own position.
        driver.step(.top)
        XCTAssertEqual(model.carousel(for: 0).offset, 4)
    }

    func testTabsSwitchAndShowTheirOwnContent() throws {
        XCTAssertEqual(WatchaHome.tabCount, 5)
        let driver = try home()
        let model = driver.scene.model
        let expected = [
            (1, "Popular searches"), (2, "Coming to Watcha"), (3, "Saved on this device"), (4, "Watcha member"),
            (0, "Today's picks"),
        ]
        for (tab, text) in expected {
            let lines = driver.step(.selectTab(tab), frames: 30)
            XCTAssertEqual(model.tab, tab)
            XCTAssertTrue(lines.contains { $0.contains(text) }, "tab \(tab) shows \(text)")
            XCTAssertGreaterThan(lines.filter { !$0.isEmpty }.count, 10, "tab \(tab) is not empty")
        }
        driver.step(.selectTab(7))
        XCTAssertEqual(model.tab, 2, "7 % 5")
        for expectedTab in [3, 4, 0, 1] {
            driver.step(.nextTab)
            XCTAssertEqual(model.tab, expectedTab)
        }
        // The home feed keeps its place across tab switches.
        driver.step(.selectTab(0), .scroll(20), frames: 2)
        driver.step(.selectTab(2), frames: 20)
        driver.step(.selectTab(0), frames: 20)
        XCTAssertEqual(model.homePosition.offset, 20)
    }

    func testTheTabIndicatorSlides() throws {
        let driver = try home()
        var columns: [Int] = []
        driver.step(.selectTab(4))
        for _ in 0..<25 {
            let divider = driver.step()[17]
            // The indicator is a coloured run without lines: its first blank column.
            // (At the right end the run is trailing blanks, trimmed: the line's length then.)
            columns.append(divider.firstIndex(of: " ").map { divider.distance(from: divider.startIndex, to: $0) } ?? divider.count)
        }
        XCTAssertGreaterThan(Set(columns).count, 3, "the indicator moves over several frames: \(columns)")
        XCTAssertEqual(columns.last, 38)
    }

    func testTenMillionSections() throws {
        let driver = try home()
        let model = driver.scene.model
        XCTAssertEqual(model.catalog.count, 10_000_000)
        let middle = driver.step(.jump(0.5))
        XCTAssertEqual(model.homePosition.anchor.index, 5_000_000)
        XCTAssertTrue(middle.contains { $0.contains(SectionKind.hero.title) })
        let end = driver.step(.bottom)
        XCTAssertEqual(model.homePosition.anchor.index, 9_999_998, "the last sections fill the viewport")
        XCTAssertTrue(end.contains { $0.contains(SectionKind.comingSoon.title) }, "section 9,999,999 is a coming soon row")
        driver.step(.scroll(50))
        XCTAssertEqual(model.homePosition.anchor.index, 9_999_998, "no scrolling past the end")
        let nearEnd = driver.step(.jump(0.9999999))
        XCTAssertGreaterThan(model.homePosition.anchor.index, 9_999_990)
        XCTAssertNotEqual(nearEnd, middle)
        driver.step(.carousel(5_000))
        XCTAssertLessThan(model.homePosition.lazyStatistics!.rowsBuilt, 100, "only visible sections were built")
        driver.step(.top)
        XCTAssertEqual(model.homePosition.offset, 0)
    }

    func testScrollingPastTheThresholdDoesNotReevaluateTheViews() throws {
        let driver = try home()
        let model = driver.scene.model
        driver.step(.scroll(10))
        XCTAssertEqual(model.headerProgress, 1)
        let before = model.homePosition.lazyStatistics!
        for _ in 0..<20 { driver.step(.scroll(1)) }
        driver.step(.carousel(3))
        let after = model.homePosition.lazyStatistics!
        XCTAssertEqual(after.rowsUpdated, before.rowsUpdated, "scrolls only lay out")
        XCTAssertEqual(after.rowsKept, before.rowsKept, "scrolls only lay out")
        // Within the threshold the header changes, and the views are evaluated
        // again: the sections' rows are equal to what they show, so they are kept.
        driver.step(.top)
        let evaluated = model.homePosition.lazyStatistics!
        XCTAssertGreaterThan(evaluated.rowsUpdated + evaluated.rowsKept, after.rowsUpdated + after.rowsKept)
    }

    func testNeedsFrameOnlyWhileSomethingChanges() throws {
        let driver = try SceneDriver<WatchaHome>(size: small)
        driver.step()
        XCTAssertFalse(driver.scene.needsFrame)
        driver.scene.apply(.scroll(3))
        XCTAssertFalse(driver.scene.needsFrame, "the welcome screen does not scroll")
        driver.scene.apply(.action)
        XCTAssertTrue(driver.scene.needsFrame)
        driver.step(frames: 10)
        XCTAssertTrue(driver.scene.needsFrame, "the push is still moving")
        driver.step(frames: 30)
        XCTAssertFalse(driver.scene.needsFrame)
        driver.scene.apply(.scroll(1))
        XCTAssertTrue(driver.scene.needsFrame)
        driver.step()
        driver.scene.apply(.carousel(1))
        XCTAssertTrue(driver.scene.needsFrame)
        driver.step()
        XCTAssertFalse(driver.scene.needsFrame)
    }

    // MARK: Scripts

    func testScriptsAreNamedAndStartAtMain() {
        let names = WatchaHome.scripts.map(\.name)
        XCTAssertEqual(names.first, "tour")
        XCTAssertEqual(Set(names).count, names.count, "unique names")
        for name in ["tabs", "carousel"] + CommonScripts.scrolling.map(\.name) {
            XCTAssertTrue(names.contains(name), name)
            XCTAssertEqual(WatchaHome.script(named: name)?.intro, [.action(hold: 30)], name)
        }
    }

    /// Every script at every size, 150 frames each (the long tier plays 400).
    func testEveryScriptPlaysAtEverySize() throws {
        try playEveryScriptAtEverySize(frames: 150)
    }

    func testEveryScriptPlaysAtEverySizeOverLongRuns() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try playEveryScriptAtEverySize(frames: 400)
    }

    private func playEveryScriptAtEverySize(frames: Int) throws {
        for script in WatchaHome.scripts {
            let player = try ScenePlayer<WatchaHome>(size: Size(cols: 80, rows: 24), script: script.name)
            var distinct: Set<[String]> = []
            for frame in 0..<frames { distinct.insert(player.lines(at: frame)) }
            XCTAssertGreaterThan(distinct.count, 20, "\(script.name) changes the screen")
            for size in [Size(cols: 1, rows: 1), Size(cols: 2, rows: 1), Size(cols: 3, rows: 2)] {
                let tiny = try ScenePlayer<WatchaHome>(size: size, script: script.name)
                tiny.lines(at: frames - 1)
            }
        }
    }

    func testOddAndLargeSizesAndResizes() throws {
        for size in [Size(cols: 20, rows: 5), Size(cols: 300, rows: 100)] {
            let player = try ScenePlayer<WatchaHome>(size: size, script: "tour")
            let lines = player.lines(at: 120)
            XCTAssertEqual(lines.count, size.rows)
        }
        let driver = try home()
        for size in [Size(cols: 1, rows: 1), Size(cols: 80, rows: 24), Size(cols: 2, rows: 1), Size(cols: 48, rows: 20)] {
            let lines = driver.step(.resize(size), .scroll(2), .carousel(1), frames: 2)
            XCTAssertEqual(lines.count, size.rows)
        }
        XCTAssertTrue(driver.step().contains { $0.contains("WATCHA") })
    }

    func testSameSeedSameFramesOtherSeedOtherTitles() throws {
        let a = try ScenePlayer<WatchaHome>(size: small, script: "tour", seed: 7)
        let b = try ScenePlayer<WatchaHome>(size: small, script: "tour", seed: 7)
        let c = try ScenePlayer<WatchaHome>(size: small, script: "tour", seed: 8)
        var differs = false
        for frame in stride(from: 0, to: 300, by: 5) {
            let lines = a.lines(at: frame)
            XCTAssertEqual(lines, b.lines(at: frame), "frame \(frame)")
            if lines != c.lines(at: frame) { differs = true }
        }
        XCTAssertTrue(differs, "another seed gives other titles")
    }

    func testFeedFileTitlesShowAsText() throws {
        let path = NSTemporaryDirectory() + "watcha-feed-\(getpid()).txt"
        var bytes = Data("Plain title one\nEscape \u{1B}[31mred\n".utf8)
        bytes.append(Data(#"{"title": "Json Title", "text": "not shown"}"#.utf8))
        bytes.append(Data("\n".utf8))
        bytes.append(Data(#"{"text": "Text only"}"#.utf8))
        bytes.append(Data("\nBad ".utf8) + Data([0xFF, 0xFE]) + Data(" bytes\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let player = try ScenePlayer<WatchaHome>(size: small, script: "tabs", feedFile: path)
        let search = player.lines(at: 60)
        XCTAssertTrue(search.contains { $0.contains("Popular searches") })
        let text = search.joined(separator: "\n")
        for shown in ["Plain title one", "Escape ␛[31mred", "Json Title", "Text only", "Bad \u{FFFD}"] {
            XCTAssertTrue(text.contains(shown), "\(shown) in\n\(text)")
        }
        XCTAssertFalse(text.contains("not shown"), "the JSON title wins over its text")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B }, "no raw escape reaches the grid")
        let home = player.lines(at: 200)
        XCTAssertTrue(home.contains { $0.contains("Today's picks") })

        XCTAssertThrowsError(
            try WatchaHome(settings: WorkloadSettings(size: small, feedFile: "/nonexistent/watcha-feed.txt")))
    }
}

/// The expected screens, 48x20.
private enum Goldens {
    static let welcome = [
        "",
        "",
        "",
        "",
        "",
        "",
        "           █ █ █ ▄▀█ ▀█▀ █▀▀ █ █ ▄▀█",
        "           ▀▄▀▄▀ █▀█  █  █▄▄ █▀█ █▀█",
        "",
        " Movies, series and webtoons, all in one place",
        "",
        "               ╭───────────────╮",
        "               ( Go to main  › )",
        "               ╰───────────────╯",
        "",
        "",
        "",
        "",
        "",
        "",
    ]
    static let midPush = [
        "                                      WATCHA",
        "                                      Subscribe",
        "                                      First mont",
        "                                      4K · offli",
        "                                     ───────────",
        "                                      Today's pi",
        "█ █ █ ▄▀█ ▀█▀ █▀▀ █ █ ▄▀█             ╭─────────",
        "▀▄▀▄▀ █▀█  █  █▄▄ █▀█ █▀█             │WATCHA ON",
        "                                      │",
        "ries and webtoons, all in one place   │",
        "                                      │",
        "    ╭───────────────╮                 │",
        "    ( Go to main  › )                 │Hidden De",
        "    ╰───────────────╯                 │Comedy ·",
        "                                      ╰───────╭─",
        "                                              │",
        "                                      Just arr╰─",
        "                                     ▍        ▍─",
        "                                        ⌂",
        "                                       Home    S",
    ]
    static let home = [
        " WATCHA                               ⌕  🔔  👤",
        " Subscribe to Watcha",
        " First month free ›",
        " 4K · offline downloads · cancel anytime",
        "────────────────────────────────────────────────",
        " Today's picks                           More ›",
        " ╭──────────────────────╮ ╭────────────────────",
        " │WATCHA ONLY           │ │WATCHA ONLY",
        " │                      │ │",
        " │                      │ │",
        " │                      │ │",
        " │                      │ │",
        " │Hidden Detective      │ │River of Letters",
        " │Comedy · 1999         │ │Drama · 2005",
        " ╰───────╭───────────────────────────╮─────────",
        "         │ NEW  Kingdom of Garden  ▶ │",
        " Just arr╰───────────────────────────╯   More ›",
        "         ───────────────────────────────────────",
        "   ⌂        ⌕         📅        ↓         …",
        "  Home    Search   Upcoming Downloads    More",
    ]
    static let midProgress = [
        " WATCHA                               ⌕  🔔  👤",
        "   Subscribe to Watcha",
        "   First month free ›",
        "────────────────────────────────────────────────",
        " │                      │ │",
        " │                      │ │",
        " │                      │ │",
        " │                      │ │",
        " │Hidden Detective      │ │River of Letters",
        " │Comedy · 1999         │ │Drama · 2005",
        " ╰──────────────────────╯ ╰────────────────────",
        "",
        " Just arrived                            More ›",
        " ╭──────────╮ ╭──────────╮ ╭──────────╮ ╭──────",
        " │NEW    ╭───────────────────────────╮│ │NEW",
        " │       │ NEW  Kingdom of Garden  ▶ ││ │",
        " │Kingdom╰───────────────────────────╯│ │Wild",
        "         ───────────────────────────────────────",
        "   ⌂        ⌕         📅        ↓         …",
        "  Home    Search   Upcoming Downloads    More",
    ]
    static let fullProgress = [
        " WATCHA                               ⌕  🔔  👤",
        "    Subscribe to Watcha · First month free ›",
        "────────────────────────────────────────────────",
        " │Comedy · 1999         │ │Drama · 2005",
        " ╰──────────────────────╯ ╰────────────────────",
        "",
        " Just arrived                            More ›",
        " ╭──────────╮ ╭──────────╮ ╭──────────╮ ╭──────",
        " │NEW       │ │NEW       │ │NEW       │ │NEW",
        " │          │ │          │ │          │ │",
        " │Kingdom of│ │Midnight  │ │          │ │Wild",
        " │Garden    │ │Island    │ │마더      │ │Island",
        " ╰──────────╯ ╰──────────╯ ╰──────────╯ ╰──────",
        "",
        " Watchago╭───────────────────────────╮   More ›",
        " ╭───────│ NEW  Kingdom of Garden  ▶ │╮ ╭──────",
        " │★ 5.0  ╰───────────────────────────╯│ │★ 4.5",
        "         ───────────────────────────────────────",
        "   ⌂        ⌕         📅        ↓         …",
        "  Home    Search   Upcoming Downloads    More",
    ]
    static let search = [
        "╭──────────────────────────────────────────────╮",
        "│⌕ Titles, people, collections                 │",
        "╰──────────────────────────────────────────────╯",
        " Popular searches",
        " 1. River of Orchard               Drama · 2014",
        " 2. The Little Train               Crime · 2013",
        " 3. 마더                         Romance · 2011",
        " 4. 오징어 게임                 Thriller · 2001",
        " 5. Frozen Garden                 Sci-fi · 2018",
        " 6. Lost Orchard                  Sci-fi · 2017",
        " 7. 마더                     Documentary · 2000",
        " 8. The Broken Station             Drama · 2015",
        " 9. Garden of Kingdom        Documentary · 2022",
        " 10. The Golden Station         Thriller · 2003",
        " 11. 킹덤                         Sci-fi · 2020",
        " 12. Frozen Summer           Documentary · 2008",
        " 13. The Paper Island             Sci-fi · 2004",
        "─────────         ──────────────────────────────",
        "   ⌂        ⌕         📅        ↓         …",
        "  Home    Search   Upcoming Downloads    More",
    ]
    static let carousel = [
        " WATCHA                               ⌕  🔔  👤",
        " Subscribe to Watcha",
        " First month free ›",
        " 4K · offline downloads · cancel anytime",
        "────────────────────────────────────────────────",
        " Today's picks                           More ›",
        " ─────────────╮ ╭──────────────────────╮ ╭─────",
        " LY           │ │WATCHA ONLY           │ │WATCH",
        "              │ │                      │ │",
        "              │ │                      │ │",
        "              │ │                      │ │",
        "              │ │                      │ │",
        " tective      │ │River of Letters      │ │시그",
        " 1999         │ │Drama · 2005          │ │Crime",
        " ────────╭───────────────────────────╮─╯ ╰─────",
        "         │ NEW  Kingdom of Garden  ▶ │",
        " Just arr╰───────────────────────────╯   More ›",
        "         ───────────────────────────────────────",
        "   ⌂        ⌕         📅        ↓         …",
        "  Home    Search   Upcoming Downloads    More",
    ]
}
