import FrameGrid
import Foundation
import Layout
import Workloads
import SceneKit
import Scenes
import TestSupport
import XCTest

final class SafariReaderTests: XCTestCase {
    /// Frames for the bar's spring to settle (its duration at 60 frames a second, and a little more).
    private let settle = Int((SafariReader.barAnimation.duration * 60).rounded(.up)) + 2
    private let small = Size(cols: 48, rows: 20)

    // MARK: Golden screens

    func testFirstFrameShowsTheExpandedBar() throws {
        let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000_000)
        assertScreen(driver.step(), Golden.first)
    }

    func testMidCollapseTheBarSlidesDownWhileThePageGrows() throws {
        let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000_000)
        driver.step()
        driver.step(.scroll(1))
        assertScreen(driver.step(frames: 4), Golden.midCollapse)
    }

    func testScrollingDownCollapsesAndScrollingUpExpands() throws {
        let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000_000)
        driver.step()
        assertScreen(driver.step(.scroll(3), frames: settle), Golden.collapsed)
        assertScreen(driver.step(.scroll(-1), frames: settle), Golden.expandedAgain)
    }

    func testAtTheBottomCollapsedThenOneMorePullExpands() throws {
        let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000_000)
        driver.step()
        assertScreen(driver.step(.bottom, frames: settle), Golden.bottomCollapsed)
        assertScreen(driver.step(.scroll(1), frames: settle), Golden.bottomPulled)
    }

    // MARK: The collapse rules

    /// One thing the reader does, for the pure state machine.
    private enum Event {
        case scroll(Int, atBottom: Bool)
        case jump(by: Int)
        case top
        case bottom
    }

    func testCollapseRulesAsAStateMachine() {
        let down = Event.scroll(3, atBottom: false)
        let up = Event.scroll(-2, atBottom: false)
        let pull = Event.scroll(1, atBottom: true)
        let upAtBottom = Event.scroll(-1, atBottom: true)
        // (events from the expanded bar at the top, the expected state after each: true = expanded)
        let table: [(String, [Event], [Bool])] = [
            ("down collapses", [down], [false]),
            ("up expands", [down, up], [false, true]),
            ("reversals", [down, up, down, up, down], [false, true, false, true, false]),
            ("down keeps collapsed", [down, down, down], [false, false, false]),
            ("up keeps expanded", [up, up], [true, true]),
            ("no movement changes nothing", [down, .scroll(0, atBottom: false), up, .scroll(0, atBottom: true)],
             [false, false, true, true]),
            ("bottom collapses, a pull expands", [.bottom, pull], [false, true]),
            ("repeated pulls stay expanded", [.bottom, pull, pull, pull], [false, true, true, true]),
            ("down from the bottom after going up collapses", [.bottom, pull, up, down], [false, true, true, false]),
            ("reaching the bottom by scrolling collapses, then pull", [down, down, pull], [false, false, true]),
            ("up at the bottom expands", [.bottom, upAtBottom], [false, true]),
            ("a page that fits is always at its end", [pull, pull], [true, true]),
            ("top expands", [down, .top], [false, true]),
            ("top when expanded stays", [.top], [true]),
            ("bottom when expanded collapses", [up, .bottom], [true, false]),
            ("jump forward collapses", [.jump(by: 5_000)], [false]),
            ("jump back expands", [down, .jump(by: -10)], [false, true]),
            ("jump to the same place changes nothing", [down, .jump(by: 0), up, .jump(by: 0)],
             [false, false, true, true]),
            ("page down collapses, page up expands", [.scroll(17, atBottom: false), .scroll(-17, atBottom: false)],
             [false, true]),
            ("page down at the bottom is a pull", [.bottom, .scroll(17, atBottom: true)], [false, true]),
        ]
        for (name, events, expected) in table {
            var state = BottomBarState.expanded
            var states: [Bool] = []
            for event in events {
                switch event {
                case .scroll(let delta, let atBottom): state = state.scrolled(by: delta, atBottom: atBottom)
                case .jump(let delta): state = state.jumped(by: delta)
                case .top: state = state.reachedTop()
                case .bottom: state = state.reachedBottom()
                }
                states.append(state.isExpanded)
            }
            XCTAssertEqual(states, expected, name)
        }
    }

    func testCollapseRulesThroughTheScene() throws {
        // (inputs, expanded after each; each input is followed by frames enough for the spring to settle)
        let table: [(String, [SceneInput], [Bool])] = [
            ("down, up, reversals", [.scroll(2), .scroll(-1), .scroll(1), .scroll(-3)], [false, true, false, true]),
            ("bottom, pulls, up, down", [.bottom, .scroll(1), .scroll(2), .scroll(-2), .scroll(1)],
             [false, true, true, true, false]),
            ("scroll onto the bottom, then pull", [.jump(0.9999995), .scroll(-40), .scroll(200), .scroll(1)],
             [false, true, false, true]),
            ("top", [.scroll(5), .top, .top], [false, true, true]),
            ("jump forward, back, same", [.jump(0.5), .jump(0.25), .jump(0.25)], [false, true, true]),
            ("page down, up, down at the bottom", [.page(1), .page(-1), .bottom, .page(1)], [false, true, false, true]),
            ("resize changes nothing", [.scroll(2), .resize(Size(cols: 40, rows: 14)), .scroll(-1), .resize(small)],
             [false, false, true, true]),
        ]
        for (name, inputs, expected) in table {
            let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000_000)
            driver.step()
            for (input, expanded) in zip(inputs, expected) {
                let lines = driver.step(input, frames: settle)
                XCTAssertEqual(driver.scene.barState.isExpanded, expanded, "\(name): after \(input)")
                XCTAssertEqual(SafariReaderTests.showsExpandedBar(lines), expanded, "\(name): screen after \(input)")
                XCTAssertEqual(SafariReaderTests.showsCollapsedBar(lines), !expanded, "\(name): screen after \(input)")
            }
        }
    }

    /// The URL field's middle row and the toolbar at the bottom of the screen.
    static func showsExpandedBar(_ lines: [String]) -> Bool {
        guard lines.count >= 6 else { return false }
        let bar = lines.suffix(6)
        return bar.contains { $0.contains("│") && $0.contains("developer.apple.com") } && lines.last!.contains("⧉")
    }

    /// Only the domain line at the bottom of the screen.
    static func showsCollapsedBar(_ lines: [String]) -> Bool {
        guard let last = lines.last else { return false }
        guard last.contains("🔒 developer.apple.com"), !last.contains("│") else { return false }
        return !lines.contains { $0.contains("⧉") }
    }

    // MARK: The spring

    func testTheBouncyBarOvershootsAndSettlesWithinItsDuration() throws {
        let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000_000)
        driver.step()
        driver.step(.scroll(4), frames: settle)
        XCTAssertFalse(driver.scene.needsFrame)
        // Expand: the URL field's top edge rises from below the screen to row 15 and passes it.
        var rows: [Int?] = []
        driver.scene.apply(.scroll(-1))
        let frames = Int((SafariReader.barAnimation.duration * 60).rounded(.up))
        for _ in 0..<frames {
            rows.append(driver.step(frames: 1).firstIndex { $0.contains("╭") })
        }
        let target = Golden.first.firstIndex { $0.contains("╭") }!
        XCTAssertEqual(rows.first ?? nil, nil, "the first frame starts below the screen")
        XCTAssertTrue(rows.contains { $0 != nil && $0! < target }, "the field passes its place: \(rows)")
        XCTAssertEqual(rows.last, target)
        XCTAssertFalse(driver.scene.needsFrame, "settled within the animation's duration")
        // Collapse: the field slides down off the screen, the domain line settles in, all within the duration.
        var fieldRows: [Int?] = []
        driver.scene.apply(.scroll(1))
        var lines: [String] = []
        for _ in 0..<frames {
            lines = driver.step(frames: 1)
            fieldRows.append(lines.firstIndex { $0.contains("╭") })
        }
        XCTAssertEqual(fieldRows.first, target)
        XCTAssertTrue(fieldRows.contains { $0 != nil && $0! > target }, "the field slides down: \(fieldRows)")
        XCTAssertEqual(fieldRows.last, .some(nil))
        XCTAssertTrue(SafariReaderTests.showsCollapsedBar(lines))
        XCTAssertFalse(driver.scene.needsFrame)
    }

    func testFramesAreNeededOnlyWhileSomethingMoves() throws {
        let driver = try SceneDriver<SafariReader>(size: small, feedItems: 1_000)
        driver.step(frames: 2)
        XCTAssertFalse(driver.scene.needsFrame)
        driver.scene.apply(.resize(Size(cols: 40, rows: 16)))
        XCTAssertTrue(driver.scene.needsFrame)
        driver.step()
        XCTAssertFalse(driver.scene.needsFrame)
        driver.scene.apply(.scroll(1))
        XCTAssertTrue(driver.scene.needsFrame)
        driver.step(frames: settle)
        XCTAssertFalse(driver.scene.needsFrame, "the collapse has settled")
    }

    // MARK: Size, scripts, seeds, files

    func testMillionsOfBlocksJumpToTheEndAndTheMiddle() throws {
        for count in [1_000_000, 10_000_000] {
            let driver = try SceneDriver<SafariReader>(size: small, feedItems: count)
            driver.step()
            // The expanded bar slides away over the page's end: let it go first.
            let end = driver.step(.bottom, frames: settle)
            XCTAssertEqual(driver.scene.barState, .collapsed)
            // At the end a pull moves nothing: the page's last row stays just above the (now expanded) bar.
            let pulled = driver.step(.scroll(1), frames: settle)
            XCTAssertTrue(SafariReaderTests.showsExpandedBar(pulled), "\(count)")
            let pageEnd = end[end.count - 2]
            XCTAssertFalse(pageEnd.isEmpty, "\(count): the last block ends at the page's bottom")
            XCTAssertEqual(pulled[pulled.count - 7], pageEnd, "\(count): still at the end after the pull")
            XCTAssertEqual(driver.step(.scroll(1), frames: settle), pulled, "\(count): a second pull moves nothing")
            let middle = driver.step(.jump(0.5), frames: settle)
            XCTAssertEqual(driver.scene.barState, .expanded, "a jump back up expands")
            XCTAssertNotEqual(middle, pulled)
            XCTAssertFalse(middle[0].isEmpty, "\(count): a block starts at the top")
            let again = try SceneDriver<SafariReader>(size: small, feedItems: count)
            again.step()
            // From the top the jump is forward (the bar collapses): the same page above the bar.
            let fromTop = again.step(.jump(0.5), frames: settle)
            XCTAssertEqual(fromTop.prefix(13), middle.prefix(13), "\(count): the middle is the same page")
        }
    }

    func testScriptNamesAndTheTourFirst() {
        let names = SafariReader.scripts.map(\.name)
        XCTAssertEqual(names.first, "tour")
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertTrue(names.contains("pull"))
        for common in CommonScripts.scrolling { XCTAssertTrue(names.contains(common.name)) }
        XCTAssertGreaterThan(SafariReader.tour.loopFrames, 200)
    }

    func testEveryScriptPlaysAtEverySizeAndFramesChange() throws {
        for script in SafariReader.scripts {
            let sizes = [Size(cols: 80, rows: 24), Size(cols: 1, rows: 1), Size(cols: 2, rows: 1), Size(cols: 3, rows: 2)]
            for size in sizes {
                let player = try ScenePlayer<SafariReader>(size: size, script: script.name, feedItems: 1_000_000)
                var distinct = Set<[String]>()
                for frame in stride(from: 0, to: 400, by: 1) {
                    let lines = player.lines(at: frame)
                    if frame % 10 == 0 { distinct.insert(lines) }
                }
                if size.cols >= 80 {
                    XCTAssertGreaterThan(distinct.count, 3, "\(script.name) at \(size)")
                }
            }
        }
    }

    func testOddSizesAndResizesDoNotBreak() throws {
        let sizes = [Size(cols: 1, rows: 1), Size(cols: 20, rows: 5), Size(cols: 300, rows: 100), Size(cols: 5, rows: 7)]
        for size in sizes {
            let driver = try SceneDriver<SafariReader>(size: size, feedItems: 1_000)
            driver.step(.scroll(3), frames: 5)
            driver.step(.bottom, .scroll(1), frames: 5)
            driver.step(.resize(Size(cols: 2, rows: 1)), frames: 3)
            driver.step(.resize(Size(cols: 120, rows: 40)), .scroll(-2), frames: 3)
            let lines = driver.step(.resize(size), .top, frames: settle)
            XCTAssertEqual(lines.count, size.rows)
        }
    }

    func testSameSeedSameFramesOtherSeedOtherPage() throws {
        let one = try ScenePlayer<SafariReader>(size: small, script: "tour", seed: 7)
        let again = try ScenePlayer<SafariReader>(size: small, script: "tour", seed: 7)
        let other = try ScenePlayer<SafariReader>(size: small, script: "tour", seed: 8)
        var differs = false
        for frame in stride(from: 0, to: 300, by: 15) {
            XCTAssertEqual(one.lines(at: frame), again.lines(at: frame), "frame \(frame)")
            if one.grid.lines != other.lines(at: frame) { differs = true }
        }
        XCTAssertTrue(differs, "another seed gives another page")
    }

    func testFeedFileParagraphsFromLinesAndJSON() throws {
        let path = NSTemporaryDirectory() + "safari-feed-\(UUID().uuidString).txt"
        var bytes = Data("A plain paragraph from the file\n".utf8)
        bytes += Data("{\"text\": \"A JSON heading\", \"kind\": \"heading\"}\n".utf8)
        bytes += Data("escape \u{1B}[31m red\n".utf8)
        bytes += Data([0x62, 0x61, 0x64, 0x20, 0xFF, 0xFE, 0x0A])
        bytes += Data("{\"text\": \"quoted words\", \"kind\": \"quote\"}\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let player = try ScenePlayer<SafariReader>(size: small, script: "steady", feedItems: 100, feedFile: path)
        let lines = player.lines(at: 0)
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("A plain paragraph from the file"))
        XCTAssertTrue(text.contains("A JSON heading"))
        XCTAssertFalse(text.contains("kind"), "JSON shows its text, not its source")
        XCTAssertTrue(text.contains("▎ quoted words"))
        XCTAssertTrue(text.contains("␛[31m red"), "ESC shows as a control picture")
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(text.contains("bad \u{FFFD}"))
        XCTAssertThrowsError(
            try ScenePlayer<SafariReader>(size: small, feedFile: "/nonexistent/safari-\(UUID().uuidString).txt"))
    }
}

/// The golden screens, 48x20, seed 1.
private enum Golden {
    static let first: [String] = [
        " State developer developer grid safari wraps",
        " cell",
        " developer.apple.com · 12 min read",
        "",
        " Binding then every of animation view reader",
        " the modifier modifier is a shows shows is",
        " binding. Row each render developer frame.",
        " Render when when documentation state modifier",
        " cell frame shows animation cell. Safari offset",
        " wraps content a row every scroll wraps.",
        "",
        " When address lazy",
        "",
        " Then modifier to frame then page shows for",
        "",
        " ╭───────────────────────────────────────────╮",
        " │ aA        🔒 developer.apple.com        ↻ │▖",
        " ╰───────────────────────────────────────────╯",
        "  ▝                                           ▘",
        "       ‹       ›       ⇪       📖       ⧉",
    ]
    static let midCollapse: [String] = [
        " cell",
        " developer.apple.com · 12 min read",
        "",
        " Binding then every of animation view reader",
        " the modifier modifier is a shows shows is",
        " binding. Row each render developer frame.",
        " Render when when documentation state modifier",
        " cell frame shows animation cell. Safari offset",
        " wraps content a row every scroll wraps.",
        "",
        " When address lazy",
        "",
        " Then modifier to frame then page shows for",
        " text for binding bar bouncy modifier is",
        " documentation. Every shows spring lazy to",
        " frame state a render scroll when safari when",
        "▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇",
        " ╭───────────────────────────────────────────╮",
        " │ aA        🔒 developer.apple.com        ↻ │▖",
        " ╰───────────────────────────────────────────╯",
    ]
    static let collapsed: [String] = [
        "",
        " Binding then every of animation view reader",
        " the modifier modifier is a shows shows is",
        " binding. Row each render developer frame.",
        " Render when when documentation state modifier",
        " cell frame shows animation cell. Safari offset",
        " wraps content a row every scroll wraps.",
        "",
        " When address lazy",
        "",
        " Then modifier to frame then page shows for",
        " text for binding bar bouncy modifier is",
        " documentation. Every shows spring lazy to",
        " frame state a render scroll when safari when",
        " to spring. Developer every terminal spring",
        " scroll for for is bouncy every swift developer",
        " binding field wraps bar field documentation.",
        " For swift bar layout when spring every grid",
        " lazy documentation to and. Toolbar lazy each",
        "             🔒 developer.apple.com",
    ]
    static let expandedAgain: [String] = [
        " developer.apple.com · 12 min read",
        "",
        " Binding then every of animation view reader",
        " the modifier modifier is a shows shows is",
        " binding. Row each render developer frame.",
        " Render when when documentation state modifier",
        " cell frame shows animation cell. Safari offset",
        " wraps content a row every scroll wraps.",
        "",
        " When address lazy",
        "",
        " Then modifier to frame then page shows for",
        " text for binding bar bouncy modifier is",
        " documentation. Every shows spring lazy to",
        "",
        " ╭───────────────────────────────────────────╮",
        " │ aA        🔒 developer.apple.com        ↻ │▖",
        " ╰───────────────────────────────────────────╯",
        "  ▝                                           ▘",
        "       ‹       ›       ⇪       📖       ⧉",
    ]
    static let bottomCollapsed: [String] = [
        "",
        " Page modifier each safari of to stack render",
        " render scroll. Example a bouncy state grid.",
        "",
        " And grid wraps with shows bouncy view state",
        " and bouncy scroll of documentation stack cell.",
        " Example field each frame bar then with shows",
        " every and state layout every content when when",
        " page. Scroll in bar toolbar page layout frame",
        " swift cell page. Safari layout is when view is",
        " terminal modifier content wraps each safari to",
        " lazy layout. Each a scroll render wraps.",
        "",
        " In row layout the bar and terminal swift the",
        " developer. View in address stack height scroll",
        " height stack frame then height wraps for lazy",
        " the render the.",
        "",
        " For binding stack",
        "             🔒 developer.apple.com",
    ]
    static let bottomPulled: [String] = [
        " and bouncy scroll of documentation stack cell.",
        " Example field each frame bar then with shows",
        " every and state layout every content when when",
        " page. Scroll in bar toolbar page layout frame",
        " swift cell page. Safari layout is when view is",
        " terminal modifier content wraps each safari to",
        " lazy layout. Each a scroll render wraps.",
        "",
        " In row layout the bar and terminal swift the",
        " developer. View in address stack height scroll",
        " height stack frame then height wraps for lazy",
        " the render the.",
        "",
        " For binding stack",
        "",
        " ╭───────────────────────────────────────────╮",
        " │ aA        🔒 developer.apple.com        ↻ │▖",
        " ╰───────────────────────────────────────────╯",
        "  ▝                                           ▘",
        "       ‹       ›       ⇪       📖       ⧉",
    ]
}
