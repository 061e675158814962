// The shootout's FrameBench peer: the same list as the other peers
// (Benchmarks/Peers/README.md), written on FrameBench's own core, Layout
// for the views (ListScreen.swift), TerminalRenderer (FrameGrid's diff with
// scroll detection, the terminfo encoder) for the bytes, one write a frame
// in a synchronized update, as `framebench live` draws. Driven like every
// peer: on a pty, by `framebench shootout` or `framebench program`.
// Usage: framebench-list-peer [ITEMS [JUMP]] (1,000,000 and ITEMS/2 by
// default: the lazy stack builds only the rows in view, so any count works),
// framebench-list-peer --version.
#if canImport(Glibc)
import Glibc
#endif
import FrameGrid
import Layout
import TerminalOutput

/// "FrameBench <commit>": the commit the peer was built from (GitCommitPlugin).
let version = "FrameBench " + (GitCommit.hash.map { String($0.prefix(7)) + (GitCommit.dirty == true ? "+" : "") } ?? "unknown")

func fail(_ message: String) -> Never {
    FileDescriptorSink(descriptor: STDERR_FILENO).writeLine("framebench-list-peer: \(message)")
    exit(2)
}

extension FileDescriptorSink {
    func writeLine(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        try? bytes.withUnsafeBytes { try write($0) }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--version"] {
    FileDescriptorSink(descriptor: STDOUT_FILENO).writeLine(version)
    exit(0)
}
guard arguments.count <= 2 else { fail("usage: framebench-list-peer [ITEMS [JUMP]] or --version") }
guard let items = arguments.count > 0 ? Int(arguments[0]) : 1_000_000, items >= 1 else {
    fail("ITEMS must be a positive number, not '\(arguments[0])'")
}
guard let jump = arguments.count > 1 ? Int(arguments[1]) : max(1, items / 2), (1...items).contains(jump) else {
    fail("JUMP must be an item number from 1 to \(items), not '\(arguments[1])'")
}

do {
    try PeerTerminal.enter()
} catch {
    fail("\(error)")
}
let term = getenv("TERM").map { String(cString: $0) } ?? "xterm-256color"
let capabilities: TerminalCapabilities
do { capabilities = try TerminalCapabilities.load(term: term) } catch {
    PeerTerminal.restore()
    fail("\(error)")
}
let session = ListSession(
    model: ListModel(state: ListState(items: items, jump: jump), version: version),
    renderer: TerminalRenderer(capabilities: capabilities, options: EncoderOptions(synchronizedOutput: true)),
    size: PeerTerminal.size() ?? (80, 24))
do {
    try session.run()
    PeerTerminal.restore()
} catch {
    PeerTerminal.restore()
    fail("\(error)")
}
