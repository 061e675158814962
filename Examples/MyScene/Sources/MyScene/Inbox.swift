import FrameGrid
import Layout
import SceneKit
import Workloads

/// A mail list under a header: the selection slides from row to row, the
/// list scrolls to keep it in view, and the header counts where you are.
/// Small on purpose: a scene of your own is a `Scene` (a model, a
/// `ViewHost` and `apply`) plus the scripts that drive it.
public final class Inbox: Scene {
    public static let name = "inbox"
    public static let summary = "example package scene: a mail list under a header, the selection sliding row to row"
    public static let tabCount = 0

    public static let scripts: [Script] = [browse, paging]

    /// The default: down a row every 8 frames (the slide takes 6), a page
    /// down and back to the top.
    static let browse = Script(
        "browse", "the selection moves down a row every 8 frames, pages down twice, then back to the top",
        loop: [
            .steady(rows: 1, frames: 1), .idle(frames: 7), .steady(rows: 1, frames: 1), .idle(frames: 7),
            .steady(rows: 1, frames: 1), .idle(frames: 7), .page(pages: 1, times: 2, every: 10), .top(hold: 12),
        ])
    static let paging = Script(
        "paging", "a page down every 10 frames, to the bottom and back to the top",
        loop: [.page(pages: 1, times: 5, every: 10), .top(hold: 10)])

    let model: InboxModel
    private let host: ViewHost<InboxScreen>

    public init(settings: WorkloadSettings) throws {
        guard settings.feedFile == nil else { throw WorkloadError("\(Inbox.name) generates its mail; it takes no --feed-file") }
        let model = InboxModel(
            messages: Message.generate(count: max(1, min(settings.feedItems, 10_000)), seed: settings.seed),
            size: settings.size)
        self.model = model
        host = ViewHost(size: settings.size) { InboxScreen(model: model) }
    }

    public var size: Size { host.size }
    public var needsFrame: Bool { host.needsFrame }

    public func apply(_ input: SceneInput) {
        switch input {
        case .resize(let size):
            host.size = size
            model.size = size
        case .scroll(let rows): move(to: model.selection + rows)
        case .page(let pages): move(to: model.selection + pages * model.visibleRows)
        case .top: move(to: 0)
        case .bottom: move(to: model.messages.count - 1)
        case .jump(let fraction): move(to: Int(min(max(fraction, 0), 1) * Double(model.messages.count)))
        case .selectTab, .nextTab, .carousel, .action: return
        }
        host.setNeedsUpdate()
    }

    /// Selects message `index` (clamped), the highlight sliding over.
    private func move(to index: Int) {
        withAnimation(.easeInOut(duration: 0.1)) { model.select(index) }
    }

    public func render(into grid: inout Grid) { host.render(into: &grid) }
    public func redraw(into grid: inout Grid) { host.redrawLast(into: &grid) }
}

/// What the screen shows: the messages, the selected one, and the first row in view.
final class InboxModel {
    let messages: [Message]
    var size: Size {
        didSet { select(selection) }
    }
    private(set) var selection = 0
    private(set) var top = 0

    init(messages: [Message], size: Size) {
        self.messages = messages
        self.size = size
    }

    /// Rows under the header and above the status line.
    var visibleRows: Int { max(1, size.rows - 2) }

    func select(_ index: Int) {
        selection = min(max(index, 0), messages.count - 1)
        if selection < top { top = selection }
        if selection >= top + visibleRows { top = selection - visibleRows + 1 }
        top = max(0, min(top, messages.count - visibleRows))
    }
}

/// One generated message, the same for a seed on every machine.
struct Message {
    let id: Int
    let sender: String
    let subject: String
    let unread: Bool

    static let senders = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances", "정민", "Søren"]
    static let topics = [
        "Build times on the CI runners", "Lunch on Friday?", "Re: terminal colours in tmux",
        "Quarterly numbers (draft)", "The release notes, second pass", "Flaky test in the layout suite",
        "Your order has shipped 📦", "Design review moved to 3pm", "Benchmarks for the new diff",
    ]

    static func generate(count: Int, seed: UInt64) -> [Message] {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            // SplitMix64: a deterministic stream from the seed.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<count).map { id in
            Message(
                id: id, sender: senders[next() % senders.count], subject: topics[next() % topics.count],
                unread: next() % 3 == 0)
        }
    }
}
