import Foundation
import FrameGrid
import Harness
import Reports

/// `framebench shootout`: every peer of `Benchmarks/Peers/peers.json` (the
/// same list in ncurses, tui-rs, Bubble Tea, Textual, urwid, prompt_toolkit,
/// blessed and FrameBench's own Layout and diff renderer, built by
/// `scripts/build-peers.sh`) over every script of
/// `Benchmarks/Peers/scripts/`, in interleaved rounds; each run's list rows
/// checked against the reference peer's after every key; the table printed
/// (Markdown) and written as DIR/shootout.md and DIR/shootout.html.
/// Exit 1 when a peer's rows differ from the reference or a run did not
/// complete (the table still says which and why).
enum ShootoutCommand {
    static func shootout(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else {
            throw UsageError(
                "shootout takes no names ('\(parsed.positionals[0])'): choose with --peers and --scripts")
        }
        guard let out = parsed.string("out") else {
            throw UsageError("shootout needs --out DIR (for shootout.md and shootout.html)")
        }
        let root = PackageRoot.current
        let peersFile = parsed.string("peers-file") ?? root.folder + "/Benchmarks/Peers/peers.json"
        let scriptsFolder = (peersFile as NSString).deletingLastPathComponent + "/scripts"
        var plan: ShootoutPlan
        do {
            plan = try ShootoutPlan.load(
                peersFile: peersFile, scriptsFolder: scriptsFolder, onlyPeers: list(parsed.string("peers")),
                onlyScripts: list(parsed.string("scripts")))
        } catch {
            throw UsageError("shootout: \(error)")
        }
        plan.rounds = try parsed.integer("rounds", default: 3, in: 1...100)
        plan.gapMilliseconds = try parsed.integer("gap", default: plan.gapMilliseconds, in: 1...10_000)
        plan.items = try parsed.integer("items", default: 1_000_000, in: 1...100_000_000)
        let size = try parsed.size("size", default: Size(cols: 120, rows: 40))
        (plan.cols, plan.rows) = (size.cols, size.rows)
        do { try plan.checkResizes() } catch { throw UsageError("shootout: \(error)") }
        let replacing = parsed.flag("force")
        for name in ["shootout.md", "shootout.html"]
        where !replacing && FileManager.default.fileExists(atPath: out + "/" + name) {
            throw UsageError("shootout: \(out)/\(name) exists (--force replaces it)")
        }
        try checkBuilt(plan, root: root.absoluteFolder)

        var runner = ShootoutRunner(plan: plan, root: root.absoluteFolder)
        runner.progress = { peer, script, round, index, total in
            FrameBenchCommand.printError(
                "shootout: [\(index + 1)/\(total)] round \(round + 1) \(script) \(peer)")
        }
        let versions = Dictionary(
            uniqueKeysWithValues: plan.peers.map { ($0.name, runner.version(of: $0)) })
        let measurements = try runner.run()
        let summaries = ShootoutSummary.all(measurements, plan: plan)
        let report = ShootoutReport(
            plan: plan, summaries: summaries, versions: versions, machine: machine(),
            date: ISO8601DateFormatter().string(from: Date()),
            command: "framebench shootout " + CommandLine.arguments.dropFirst(2).joined(separator: " "))
        let markdown = report.markdown()
        print(markdown, terminator: "")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try AtomicFile.write(Array(markdown.utf8), to: out + "/shootout.md", replacing: true)
        try AtomicFile.write(Array(report.html().utf8), to: out + "/shootout.html", replacing: true)
        let bad = summaries.filter { $0.notComparable != nil }
        for summary in bad {
            FrameBenchCommand.printError(
                "shootout: \(summary.peer) on \(summary.script) is not comparable: \(summary.notComparable!)"
            )
        }
        FrameBenchCommand.printError("shootout: wrote \(out)/shootout.md and \(out)/shootout.html")
        return bad.isEmpty ? 0 : 1
    }

    static func list(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// A peer built by scripts/build-peers.sh that is not there: say how to build it.
    static func checkBuilt(_ plan: ShootoutPlan, root: String) throws {
        for peer in plan.peers {
            let program = plan.command(of: peer, root: root)[0]
            if program.contains("/") && !FileManager.default.isExecutableFile(atPath: program) {
                throw UsageError(
                    "shootout: peer '\(peer.name)' is not built (\(program)): run scripts/build-peers.sh")
            }
        }
    }

    /// CPU model, cores, kernel: the machine line of the report.
    static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) }
            ?? "unknown CPU"
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(release)"
    }
}

extension OptionDeclaration {
    /// `shootout`'s options (kept here, beside the command, and added to `all`).
    static let shootout: [OptionDeclaration] = [
        OptionDeclaration(
            name: "out", value: "DIR", help: "the folder for shootout.md and shootout.html (required)",
            defaultValue: nil,
            commands: [.shootout]),
        OptionDeclaration(
            name: "rounds", value: "N",
            help: "rounds: every peer over every script once each, interleaved",
            defaultValue: "3", commands: [.shootout]),
        OptionDeclaration(
            name: "items", value: "N", help: "items in every peer's list", defaultValue: "1000000",
            commands: [.shootout]),
        OptionDeclaration(
            name: "size", value: "COLSxROWS", help: "the pseudo-terminal's size", defaultValue: "120x40",
            commands: [.shootout]),
        OptionDeclaration(
            name: "peers", value: "A,B", help: "only these peers (the reference always runs)",
            defaultValue: "all",
            commands: [.shootout]),
        OptionDeclaration(
            name: "scripts", value: "A,B", help: "only these scripts of Benchmarks/Peers/scripts",
            defaultValue: "all",
            commands: [.shootout]),
        OptionDeclaration(
            name: "peers-file", value: "FILE", help: "the peers (its scripts/ folder beside it)",
            defaultValue: "Benchmarks/Peers/peers.json", commands: [.shootout]),
        OptionDeclaration(
            name: "gap", value: "MS", help: "quiet that ends a frame, ms (only the framebench peer marks its frames)",
            defaultValue: "50", commands: [.shootout]),
        OptionDeclaration(
            name: "force", value: nil, help: "replace the report files in --out", defaultValue: nil,
            commands: [.shootout]),
    ]
}
