import FrameGrid
import Foundation
import TerminalOutput
import Workloads

/// The `framebench` command line: parsing and printing over the library.
public enum FrameBenchCommand {
    public static let usage = """
        usage: framebench <command> [options]

        commands:
          run SCENARIO [--frames N] [--size COLSxROWS] [--seed S] [--feed N] [--term T]
                       [--backend framebench|ncurses|both] [--sync] [--no-scroll-regions] [--no-erase]
              Renders SCENARIO and prints render-stage frame time percentiles,
              bytes and allocations per frame, per backend.
          record SCENARIO --out DIR [--frames N] [--size COLSxROWS] [--seed S] [--feed N]
                       [--term T] [--backend framebench|ncurses] [--styles] [--sync] [--force]
              Writes DIR/stream.bin and DIR/frames.jsonl for replay checks.
          list
              The scenarios and their defaults.

        scenarios: \(WorkloadCatalog.names.joined(separator: ", "))
        exit codes: 0 success, 1 failure while running, 2 bad usage or input
        """

    /// Runs the command in `arguments` (without the program name); returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "run": try run(rest)
            case "record": try record(rest)
            case "list": print(list())
            case "help", "--help", "-h": print(usage)
            default: throw UsageError("unknown command '\(command)'\n\n\(usage)")
            }
            return 0
        } catch let error as UsageError {
            printError("framebench: \(error.description)")
            return 2
        } catch {
            printError("framebench: \(error)")
            return 1
        }
    }

    static let runValued: Set<String> = ["frames", "size", "seed", "feed", "term", "backend"]
    static let runSwitches: Set<String> = ["sync", "no-scroll-regions", "no-erase"]

    /// Settings from the options shared by `run` and `record`.
    static func settings(_ parsed: ParsedArguments) throws -> RunSettings {
        guard parsed.positionals.count <= 1 else {
            throw UsageError("one scenario at a time, got: \(parsed.positionals.joined(separator: " "))")
        }
        let name = parsed.positionals.first ?? PlainFeed.name
        guard WorkloadCatalog.names.contains(name) else {
            throw UsageError("unknown scenario '\(name)' (known: \(WorkloadCatalog.names.joined(separator: ", ")))")
        }
        let frames = try parsed.integer("frames", default: 2_000, in: 1...10_000_000)
        let size = try parsed.size("size", default: Size(cols: 200, rows: 50))
        let seed = try parsed.integer("seed", default: 1, in: 0...Int.max)
        let feed = try parsed.integer("feed", default: 1_000_000, in: 1...Int(Int32.max))
        let backendName = parsed.string("backend") ?? Backend.framebench.rawValue
        guard let backend = Backend(rawValue: backendName) else {
            throw UsageError("--backend must be framebench, ncurses or both, not '\(backendName)'")
        }
        let term = parsed.string("term") ?? ProcessInfo.processInfo.environment["TERM"].flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        let options = EncoderOptions(
            synchronizedOutput: parsed.flag("sync"), usesEraseAndRepeat: !parsed.flag("no-erase"),
            usesScrollRegions: !parsed.flag("no-scroll-regions"))
        return RunSettings(
            workload: name, frames: frames,
            workloadSettings: WorkloadSettings(size: size, seed: UInt64(seed), feedItems: feed),
            backend: backend, term: term, encoderOptions: options)
    }

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, valued: runValued, switches: runSwitches)
        let settings = try settings(parsed)
        let result = try PeerRun.run(settings)
        print(RunReport.text(result))
    }

    static func record(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(
            arguments, valued: runValued.union(["out"]), switches: runSwitches.union(["styles", "force"]))
        var settings = try settings(parsed)
        if parsed.string("frames") == nil { settings.frames = 200 }
        guard let out = parsed.string("out"), !out.isEmpty else { throw UsageError("record needs --out DIR") }
        var options = Recording.Options(settings: settings, directory: URL(fileURLWithPath: out))
        options.includesStyles = parsed.flag("styles")
        options.replacesExisting = parsed.flag("force")
        let bytes = try Recording.record(options)
        print("recorded \(settings.frames) frames of \(settings.workload) at \(settings.size) (\(bytes) bytes) in \(out)")
    }

    static func list() -> String {
        """
        scenarios (defaults: --frames 2000 --size 200x50 --seed 1 --feed 1000000):
          plain-feed     one row per frame over a generated feed of styled rows, fixed header and footer
          random-edits   seeded random edits, scrolls and style changes (a correctness workload)
        """
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
