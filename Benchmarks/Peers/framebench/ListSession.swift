#if canImport(Glibc)
import Glibc
#endif
import FrameGrid
import Layout
import TerminalOutput

/// The peer's run loop: waits for keys and resizes, applies them to the
/// list state, and draws a frame when the state changed (a key the list
/// ignores, or one that moves nothing, draws nothing, as a view framework
/// redraws on a change of state).
final class ListSession {
    private let model: ListModel
    private let renderer: TerminalRenderer
    private let host: ViewHost<ListScreen>
    private let sink = FileDescriptorSink(descriptor: STDOUT_FILENO)
    private var grid: Grid
    /// The top the scroll position was last asked to show.
    private var shownTop: Int?

    init(model: ListModel, renderer: TerminalRenderer, size: (cols: Int, rows: Int)) {
        self.model = model
        self.renderer = renderer
        let screen = Size(cols: size.cols, rows: size.rows)
        grid = Grid(size: screen)
        host = ViewHost(size: screen) { ListScreen(model: model) }
    }

    /// The list rows between the header and the status line.
    private var listRows: Int { max(1, grid.rows - 2) }

    /// Runs until `q` or the terminal closes.
    func run() throws {
        try renderer.begin(alternateScreen: true, to: sink)
        model.state.settle(rows: listRows)
        try draw()
        var reader = KeyReader()
        var buffer = [UInt8](repeating: 0, count: 256)
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: PeerTerminal.resizeReadEnd, events: Int16(POLLIN), revents: 0),
        ]
        loop: while true {
            guard poll(&descriptors, 2, -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            let before = model.state
            var resized = false
            if descriptors[1].revents != 0, PeerTerminal.takeResize(), let size = PeerTerminal.size(),
                size != (grid.cols, grid.rows)
            {
                grid = Grid(size: Size(cols: size.cols, rows: size.rows))
                renderer.invalidate()  // the terminal's own resize moved what it shows: repaint
                model.state.settle(rows: listRows)
                resized = true
            }
            if descriptors[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                let interrupted = count < 0 && errno == EINTR
                guard count > 0 || interrupted else { break }  // the terminal closed
                for input in reader.feed(buffer[0..<max(0, count)]) {
                    switch input {
                    case .quit: break loop
                    case .key(let key): model.state.apply(key, rows: listRows)
                    }
                }
            }
            if resized || model.state != before { try draw() }
        }
        // The terminal may be gone (the driver closed it): nothing to restore then.
        try? renderer.end(rows: grid.rows, alternateScreen: true, to: sink)
    }

    /// Lays the screen out for the state and writes the frame's changes.
    private func draw() throws {
        if shownTop != model.state.top {
            model.position.scrollTo(index: model.state.top)
            shownTop = model.state.top
        }
        host.setNeedsUpdate()
        host.render(into: &grid)
        let diff = renderer.diff(grid)
        renderer.encode(diff, grid)
        try renderer.write(to: sink)
        renderer.commit(swapping: &grid)
    }
}
