import FrameGrid
import Layout
import SceneKit
import Workloads

/// Watcha's home, from a SwiftUI clone of the streaming app: a welcome
/// screen whose button pushes the main tab view; the home tab is a feed of
/// poster carousels under a fixed top bar and a sticky subscription header
/// that collapses as the feed scrolls, with a floating "new release" box
/// above the tab bar. Each carousel scrolls sideways on its own.
public final class WatchaHome: Scene {
    public static let name = "watcha-home"
    public static let summary = "streaming home: welcome push, poster carousels, collapsing sticky header, five tabs"
    public static let tabCount = WatchaModel.tabCount

    /// Frames the push from the welcome screen takes to settle, before a script's loop starts.
    static let toMain: [ScriptStep] = [.action(hold: 30)]

    public static let scripts: [Script] =
        [tour, tabs, carousel] + CommonScripts.scrolling.map { Script($0.name, $0.summary, intro: toMain, loop: $0.loop) }

    static let tour = Script(
        "tour", "welcome, go to main, then scroll the feed and its carousels, switch tabs, fling, page, jump and resize",
        intro: toMain,
        loop: [
            .steady(rows: 1, frames: 10), .carousel(columns: 2, frames: 20), .fling(velocity: 14, decay: 0.9),
            .reversals(rows: 2, every: 10, frames: 40), .select(index: 1, hold: 30), .steady(rows: 1, frames: 10),
            .select(index: 0, hold: 30), .page(pages: 1, times: 3, every: 8), .carousel(columns: -3, frames: 10),
            .jump(times: 3, every: 15), .fling(velocity: -20, decay: 0.9), .overscroll(pulls: 2, rows: 2, every: 10),
            .top(hold: 20), .select(index: 2, hold: 20), .select(index: 3, hold: 20), .select(index: 4, hold: 20),
            .select(index: 0, hold: 20), .resize(scale: 0.75, hold: 20), .steady(rows: 1, frames: 10),
            .resize(scale: 1, hold: 20),
        ])
    static let tabs = Script(
        "tabs", "go to main, then the next tab every 40 frames", intro: toMain,
        loop: [
            .select(index: 1, hold: 39), .select(index: 2, hold: 39), .select(index: 3, hold: 39),
            .select(index: 4, hold: 39), .select(index: 0, hold: 39),
        ])
    static let carousel = Script(
        "carousel", "go to main, then scroll carousels sideways, moving down a section between", intro: toMain,
        loop: [
            .carousel(columns: 2, frames: 40), .steady(rows: 2, frames: 4), .carousel(columns: 3, frames: 30),
            .carousel(columns: -2, frames: 20), .steady(rows: -1, frames: 8), .carousel(columns: -1, frames: 30),
        ])

    let model: WatchaModel
    private let host: ViewHost<WatchaRootView>
    /// A scroll is waiting for the next layout (it needs no view update).
    private var scrollPending = false

    public init(settings: WorkloadSettings) throws {
        let model = WatchaModel(catalog: try WatchaCatalog(settings: settings), size: settings.size)
        self.model = model
        host = ViewHost(size: settings.size) { WatchaRootView(model: model) }
        model.invalidate = { [weak host] in host?.setNeedsUpdate() }
        // The welcome screen exists before the first input, so a "go to main"
        // in frame 0 pushes over it (rather than building the main screen alone).
        host.layout()
    }

    public var size: Size { host.size }
    public var needsFrame: Bool { scrollPending || host.needsFrame }

    public func apply(_ input: SceneInput) {
        switch input {
        case .resize(let size):
            host.size = size
            model.size = size
            host.setNeedsUpdate()
        case .action:
            guard !model.showsMain else { return }
            withAnimation(.easeInOut(duration: 0.35)) {
                model.showsMain = true
                host.setNeedsUpdate()
            }
        case .selectTab(let index):
            select(tab: index)
        case .nextTab:
            select(tab: model.tab + 1)
        case .carousel(let columns):
            guard model.showsMain, model.tab == WatchaTab.home.rawValue, let section = model.sectionNearestTop else {
                return
            }
            model.carousel(for: section).scroll(by: columns)
            scrollPending = true
        case .scroll, .page, .top, .bottom, .jump:
            guard model.showsMain else { return }
            scroll(input)
            scrollPending = true
        }
    }

    /// Shows tab `index` (wrapping), the tab bar's indicator sliding over.
    private func select(tab index: Int) {
        guard model.showsMain else { return }
        let count = WatchaModel.tabCount
        let tab = (index % count + count) % count
        guard tab != model.tab else { return }
        withAnimation(.easeInOut(duration: 0.3)) {
            model.tab = tab
            host.setNeedsUpdate()
        }
    }

    /// Moves the current tab's list.
    private func scroll(_ input: SceneInput) {
        let position = model.activePosition
        let count = model.activeCount
        switch input {
        case .scroll(let rows):
            position.scroll(by: rows)
        case .page(let pages):
            let viewport = position.viewportLength > 0 ? position.viewportLength : host.size.rows
            position.scroll(by: pages * viewport)
        case .top:
            position.scrollTo(index: 0)
        case .bottom:
            position.scrollTo(index: max(0, count - 1))
        case .jump(let fraction):
            let index = Int(min(max(fraction, 0), 1) * Double(count))
            position.scrollTo(index: max(0, min(count - 1, index)))
        default:
            break
        }
    }

    public func render(into grid: inout Grid) {
        scrollPending = false
        host.render(into: &grid)
    }

    public func redraw(into grid: inout Grid) { host.redrawLast(into: &grid) }
}
