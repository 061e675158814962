import Foundation
import FrameGrid
import Harness
import Reports
import SceneKit
import Workloads

/// Benchmarks `Inbox` the way `framebench run inbox` would, and prints the
/// same report: `swift run -c release my-scene [--frames N] [--size COLSxROWS]
/// [--script NAME] [--backend framebench|ncurses|both]`.
///
/// The catalog is the library's built-in workloads plus this package's
/// scene; `RunSettings` names the scene in it, `SuiteRunner` runs it (in
/// this process) and `TextReport` prints what `framebench run` prints.

let catalog = WorkloadCatalog.builtIn.adding([WorkloadEntry(scene: Inbox.self)])

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("my-scene: \(message)\n".utf8))
    exit(2)
}

var frames = 2_000
var size = Size(cols: 80, rows: 24)
var script = "default"
var backend = Backend.framebench
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage("\(option) needs a value (or is unknown)") }
    switch option {
    case "--frames":
        guard let count = Int(value), count > 0 else { usage("--frames takes a positive number, not '\(value)'") }
        frames = count
    case "--size":
        let parts = value.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { usage("--size takes COLSxROWS, not '\(value)'") }
        size = Size(cols: parts[0], rows: parts[1])
    case "--script": script = value
    case "--backend":
        guard let choice = Backend(rawValue: value) else { usage("--backend takes framebench, ncurses or both") }
        backend = choice
    default: usage("unknown option \(option) (takes --frames, --size, --script, --backend)")
    }
}

var settings = RunSettings(
    workload: Inbox.name, frames: frames, workloadSettings: WorkloadSettings(size: size), backend: backend,
    catalog: catalog)
settings.script = script
do {
    try catalog.checkScript(script, for: Inbox.name)
} catch {
    usage("\(error)")
}
do {
    let (document, runs) = try SuiteRunner(benchmarks: [settings]).run()
    print(TextReport(colors: ColorPolicy.allowsColor(on: STDOUT_FILENO)).run(document, runs: runs))
} catch {
    FileHandle.standardError.write(Data("my-scene: \(error)\n".utf8))
    exit(1)
}
