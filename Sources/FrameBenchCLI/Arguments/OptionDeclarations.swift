import Harness
import Workloads

// Every option of every `framebench` command, declared once.
//
// Each declaration gives the option's name, its value's name (none for a
// switch), its help text, its default (taken from `RunDefaults`, the one table
// of defaults, where there is one) and the commands that take it. The same
// declarations make the global help and each command's `--help` / `-h` /
// `framebench help COMMAND` (`HelpText`), drive the parsing and the "unknown
// option" errors (`ParsedArguments`), and the README's command block is
// checked against the generated global help
// (`CommandHelpTests.testTheReadmeListsTheCommandsExactlyAsHelpPrintsThem`).
//
// To add an option:
//   1. Append an `OptionDeclaration` to `OptionDeclaration.all` with the
//      commands that take it (a group such as `CommandName.runners` or a list).
//   2. Read it where it acts: `parsed.string("name")`, `parsed.flag("name")`,
//      `parsed.integer("name", default:in:)`. A run setting belongs in
//      `RunSettingsInput` (read in `RunSettingsParser.input`, checked in
//      `RunSettings.applying`, the check a suites file's entries go through
//      too) and in `RunSettings+Codable` (what a child process is handed), so
//      every command that draws frames, every suite benchmark and every child
//      gets it the same way.
//   Nothing else: help, errors and parsing follow from the declaration.
//
// To add a command (`framebench profile`, say):
//   1. Add a case to `CommandName` (its raw value is what users type).
//   2. Add a `CommandDeclaration` to `CommandDeclaration.all`
//      (Commands/CommandTable.swift): arguments, summary, details and the
//      function `(ParsedArguments) throws -> Int32` that runs it. Throw
//      `UsageError` (or any typed error) for bad input; `FrameBenchCommand.exitCode`
//      maps errors to exit codes, a command never exits itself.
//   3. Add the command to the options it takes (or to a group: adding it to
//      `CommandName.runners` gives it every run setting).
//   4. Paste the new `framebench --help` into the README's block under
//      "## Commands" (the README test prints the expected text when they differ).

/// A command as typed: `run`, `baseline save`.
enum CommandName: String, CaseIterable, Sendable {
    case list
    case run
    case record
    case live
    case overhead
    case baselineSave = "baseline save"
    case baselineList = "baseline list"
    case baselineShow = "baseline show"
    case compare
    case check
    case merge
    case program
    case profile
    case shootout
    case resultsDiff = "results-diff"
    case completions
    case man

    /// Commands that draw a scenario and take its run settings (`RunSettingsParser`).
    static let runners: [CommandName] = [.run, .record, .overhead, .profile]
    /// Commands that may run a suite of `Benchmarks/suites.json`.
    static let suiteRunners: [CommandName] = [.run, .baselineSave, .compare, .check]
    /// Commands that write a report (`OutputOptions`).
    static let reporters: [CommandName] = [.run, .baselineShow, .compare, .check]
}

/// One command-line option, declared once (see the top of this file).
struct OptionDeclaration: Sendable {
    enum Section: String, Sendable {
        /// What is drawn and how: the run's settings.
        case settings = "options"
        /// For proving that the gate catches a regression (scripts/gate-power.sh).
        case injection = "regression injection (to test the gate, as scripts/gate-power.sh does)"
        /// Between framebench and itself (a counted child under callgrind): accepted, never listed.
        case `internal`
    }

    /// Without the dashes: `frames` for `--frames`.
    let name: String
    /// The value's name in help (`N`); nil for a switch.
    let value: String?
    let help: String
    /// The default as help shows it; nil when absence means "off" or "none".
    let defaultValue: String?
    let commands: [CommandName]
    var section = Section.settings
    /// A command whose default differs from `defaultValue` (record's 200 frames).
    var commandDefaults: [CommandName: String] = [:]

    var takesValue: Bool { value != nil }
    var isListed: Bool { section != .internal }

    /// `--frames N` or `--sync`.
    var synopsis: String { "--\(name)" + (value.map { " \($0)" } ?? "") }

    func defaultText(for command: CommandName) -> String? { commandDefaults[command] ?? defaultValue }

    /// The options `command` takes, in declaration order.
    static func taken(by command: CommandName) -> [OptionDeclaration] {
        all.filter { $0.commands.contains(command) } + global
    }

    /// Options every command takes (the dispatcher handles them).
    static let global: [OptionDeclaration] = [
        OptionDeclaration(
            name: "package-path", value: "DIR",
            help: "the package whose Benchmarks/ and Results/ to use",
            defaultValue: "the nearest folder upward with Package.swift and Benchmarks/suites.json, else this one",
            commands: CommandName.allCases),
        OptionDeclaration(name: "help", value: nil, help: "this help", defaultValue: nil, commands: CommandName.allCases),
    ]

    static let all: [OptionDeclaration] = shootout + resultsDiff + listFormat + [
        // What is drawn.
        OptionDeclaration(
            name: "frames", value: "N", help: "frames to draw",
            defaultValue: "\(RunDefaults.frames)", commands: CommandName.runners + [.live],
            commandDefaults: [
                .record: "\(RunDefaults.recordFrames)", .profile: "\(RunDefaults.profileFrames)",
                .live: "\(RunDefaults.autoplayFrames)",
            ]),
        OptionDeclaration(
            name: "size", value: "COLSxROWS", help: "the terminal's size",
            defaultValue: "\(RunDefaults.workload.size)", commands: CommandName.runners,
            commandDefaults: [:]),
        OptionDeclaration(
            name: "seed", value: "S", help: "seed of generated content and scripts",
            defaultValue: "\(RunDefaults.workload.seed)", commands: CommandName.runners + [.live]),
        OptionDeclaration(
            name: "feed", value: "N", help: "items in a generated feed",
            defaultValue: "\(RunDefaults.workload.feedItems)", commands: CommandName.runners + [.live]),
        OptionDeclaration(
            name: "feed-file", value: "PATH", help: "feed items from a file (one per line: UTF-8 text or JSON with text, author)",
            defaultValue: nil, commands: CommandName.runners + [.live]),
        OptionDeclaration(
            name: "script", value: "NAME", help: "the input script driving a scene (framebench list shows each one's)",
            defaultValue: "\(RunDefaults.workload.script), the scene's own", commands: CommandName.runners + [.live]),
        OptionDeclaration(
            name: "term", value: "T", help: "terminfo entry the output is encoded for (run, record, overhead, profile: never $TERM, as in the suites)",
            defaultValue: RunDefaults.term, commands: CommandName.runners + [.live],
            commandDefaults: [.live: "$TERM, else \(RunDefaults.term)"]),
        OptionDeclaration(
            name: "backend", value: "framebench|ncurses|both", help: "which renderer draws the frames (record: one of them)",
            defaultValue: RunDefaults.backend.rawValue, commands: [.run, .record]),
        OptionDeclaration(
            name: "repeat", value: "K", help: "runs of each benchmark, interleaved, their frames pooled",
            defaultValue: "\(RunDefaults.repeats)", commands: [.run]),
        OptionDeclaration(
            name: "warm-up", value: "N", help: "frames at the start left out of the statistics",
            defaultValue: "min(10, frames/10)", commands: [.run]),
        OptionDeclaration(
            name: "sync", value: nil, help: "wrap each frame in synchronized-output sequences",
            defaultValue: nil, commands: CommandName.runners),
        OptionDeclaration(
            name: "no-scroll-regions", value: nil, help: "never scroll a region of the terminal",
            defaultValue: nil, commands: CommandName.runners),
        OptionDeclaration(
            name: "no-erase", value: nil, help: "never use erase or repeat sequences",
            defaultValue: nil, commands: CommandName.runners),
        OptionDeclaration(
            name: "styles", value: nil, help: "also record each frame's colours and attributes",
            defaultValue: nil, commands: [.record]),
        // Which benchmarks.
        OptionDeclaration(
            name: "suite", value: "NAME", help: "the suite of Benchmarks/suites.json (run SCENARIO --suite NAME: that suite's benchmarks of SCENARIO)",
            defaultValue: "default", commands: CommandName.suiteRunners),
        OptionDeclaration(
            name: "filter", value: "PATTERN",
            help: "only the suite's benchmarks whose name contains PATTERN (* and ? match as in the shell)",
            defaultValue: nil, commands: CommandName.suiteRunners),
        OptionDeclaration(
            name: "shard", value: "I/N", help: "run shard I of N of the suite (Benchmarks/SHARDING.md)",
            defaultValue: nil, commands: [.run, .baselineSave, .check]),
        // How frames are measured.
        OptionDeclaration(
            name: "frame-budget", value: "MS", help: "the frame budget late-frame figures use, ms (16.67: 60 Hz)",
            defaultValue: "the suite's, else 16.67", commands: CommandName.suiteRunners),
        OptionDeclaration(
            name: "measure", value: "time|instructions|time,instructions",
            help: "what is measured (instructions: under callgrind, after the timed runs)",
            defaultValue: "time", commands: CommandName.suiteRunners),
        OptionDeclaration(
            name: "count-lanes", value: "all|framebench",
            help: "with --measure instructions: count the ncurses lane too, or ours alone (a quarter of the time)",
            defaultValue: "all", commands: CommandName.suiteRunners),
        // Baselines and gates.
        OptionDeclaration(
            name: "name", value: "NAME", help: "the baseline's name in Results/",
            defaultValue: "this machine's", commands: [.baselineSave]),
        OptionDeclaration(
            name: "from", value: "RESULTS.json", help: "save this results file instead of running the suite",
            defaultValue: nil, commands: [.baselineSave]),
        OptionDeclaration(
            name: "baseline", value: "NAME", help: "the stored baseline to compare with",
            defaultValue: "this machine's", commands: [.compare, .check]),
        OptionDeclaration(
            name: "budgets", value: "FILE", help: "per-benchmark limits on metrics",
            defaultValue: nil, commands: [.compare, .check], commandDefaults: [.check: BudgetFile.defaultPath]),
        OptionDeclaration(
            name: "results", value: "FILE", help: "check this results file instead of running the suite",
            defaultValue: nil, commands: [.check]),
        OptionDeclaration(
            name: "gate-timing", value: nil, help: "timings gate too (by default they are reported)",
            defaultValue: nil, commands: [.check]),
        OptionDeclaration(
            name: "instruction-tolerance", value: "PERCENT", help: "instruction counts may grow this much before they fail",
            defaultValue: nil, commands: [.compare, .check]),
        OptionDeclaration(
            name: "paired", value: nil, help: "run r of A and run r of B were made back to back (compare-branches.sh)",
            defaultValue: nil, commands: [.compare]),
        // Merging.
        OptionDeclaration(
            name: "rounds", value: nil, help: "the files are repeated rounds of one suite: pool their runs",
            defaultValue: nil, commands: [.merge]),
        OptionDeclaration(
            name: "deterministic-only", value: nil, help: "keep only counts that do not vary between runs",
            defaultValue: nil, commands: [.merge]),
        OptionDeclaration(
            name: "github-benchmark", value: "FILE", help: "also write github-action-benchmark's customSmallerIsBetter JSON",
            defaultValue: nil, commands: [.merge]),
        // Live mode.
        OptionDeclaration(
            name: "autoplay", value: nil, help: "play --frames frames of the script, exit and print a summary",
            defaultValue: nil, commands: [.live]),
        OptionDeclaration(
            name: "fps", value: "N", help: "frames per second at most", defaultValue: "\(RunDefaults.liveFramesPerSecond)", commands: [.live]),
        OptionDeclaration(name: "no-hud", value: nil, help: "start with the HUD hidden", defaultValue: nil, commands: [.live]),
        // Reports.
        // Each command's formats are its declaration's value: `OutputOptions` refuses the others.
        OptionDeclaration(
            name: "format", value: "text|json|markdown|junit|html|github-benchmark|bmf|csv",
            help: "the report's format; A,B,...: one per --out, in order (html: one self-contained page of charts; github-benchmark: github-action-benchmark's customSmallerIsBetter; bmf: Bencher)",
            defaultValue: "text", commands: [.run]),
        OptionDeclaration(
            name: "format", value: "text|json|markdown|html|github-benchmark|bmf|csv",
            help: "the report's format; A,B,...: one per --out, in order (html: one self-contained page of charts; github-benchmark: github-action-benchmark's customSmallerIsBetter; bmf: Bencher)",
            defaultValue: "text", commands: [.baselineShow, .program]),
        OptionDeclaration(
            name: "format", value: "text|json|markdown|junit|html",
            help: "the report's format; A,B,...: one per --out, in order (html: one self-contained page of charts)",
            defaultValue: "text", commands: [.compare, .check]),
        OptionDeclaration(
            name: "out", value: "FILE|-",
            help: "write the report to FILE (atomically; - is standard output); again for more reports of the same run, each in its extension's format (.json .html .md .xml .csv .txt; none: text; others refused) or --format's",
            defaultValue: "-", commands: CommandName.reporters + [.program]),
        OptionDeclaration(
            name: "out", value: "DIR", help: "the folder for stream.bin and frames.jsonl (required)",
            defaultValue: nil, commands: [.record]),
        OptionDeclaration(
            name: "out", value: "FILE", help: "the merged results file (required)",
            defaultValue: nil, commands: [.merge]),
        OptionDeclaration(
            name: "out", value: "DIR", help: "the folder for callgrind.out, stacks.folded and flamegraph.svg (required)",
            defaultValue: nil, commands: [.profile]),
        OptionDeclaration(
            name: "force", value: nil, help: "replace what --out, --trace (or the baseline's name) names when it exists",
            defaultValue: nil, commands: CommandName.reporters + [.record, .merge, .baselineSave, .profile, .live, .program]),
        // Seeing where a frame goes.
        OptionDeclaration(
            name: "trace", value: "FILE",
            help: "write a Chrome/Perfetto JSON trace: frames with phases nested, counters, late frames, script events",
            defaultValue: nil, commands: [.run, .record, .live]),
        OptionDeclaration(
            name: "profile-views", value: nil,
            help: "layout time and allocations per view type and node path, and each slow frame's costliest view",
            defaultValue: nil, commands: [.run]),
        OptionDeclaration(
            name: "view-rows", value: "N", help: "rows of each --profile-views table", defaultValue: "15",
            commands: [.run]),
        OptionDeclaration(
            name: "quiet", value: nil, help: "print nothing but why a gate failed (and reports in formats other than text)",
            defaultValue: nil, commands: CommandName.reporters + [.merge, .program]),
        // Checking our own frames through a real terminal emulator (LaneVerification).
        OptionDeclaration(
            name: "verify", value: nil,
            help: "then replay each framebench-lane frame through libvterm; the first row unlike the grid fails the run",
            defaultValue: nil, commands: [.run]),
        // Any program on a pty (ProgramCommand).
        OptionDeclaration(
            name: "size", value: "COLSxROWS", help: "the pseudo-terminal's size", defaultValue: "80x24",
            commands: [.program]),
        OptionDeclaration(
            name: "script", value: "FILE", help: "the key script to type (docs/programs.md)", defaultValue: "none",
            commands: [.program]),
        OptionDeclaration(
            name: "keys", value: "SCRIPT", help: "the key script, inline ('wait 1s; j x200; PageDown x10')",
            defaultValue: nil, commands: [.program]),
        OptionDeclaration(
            name: "frames", value: "N", help: "stop after N frames that answer an input", defaultValue: "the whole script",
            commands: [.program]),
        OptionDeclaration(
            name: "term", value: "T", help: "TERM for the program", defaultValue: "xterm-256color", commands: [.program]),
        OptionDeclaration(
            name: "gap", value: "MS", help: "quiet that ends a frame when the program uses no sync markers, ms",
            defaultValue: "30", commands: [.program]),
        OptionDeclaration(
            name: "timeout", value: "MS", help: "no output at all this long while a key waits (hang), or a frame this long (flood), ends the run, ms",
            defaultValue: "5000", commands: [.program]),
        OptionDeclaration(
            name: "start-timeout", value: "MS", help: "how long start-up may take to draw and go quiet; then the keys start anyway, ms",
            defaultValue: "15000, or --timeout when shorter", commands: [.program]),
        OptionDeclaration(
            name: "answer-window", value: "MS", help: "a key whose frame has not begun this long after it is counted unanswered, ms",
            defaultValue: "1000, or --timeout when shorter", commands: [.program]),
        OptionDeclaration(
            name: "spacing", value: "LO-HIms", help: "closed loop: a random extra wait before each key, uniform in this range (covers a 60 Hz tick)",
            defaultValue: "0-20ms", commands: [.program]),
        OptionDeclaration(
            name: "seed", value: "N", help: "seed of the --spacing draws", defaultValue: "1", commands: [.program]),
        OptionDeclaration(
            name: "strict", value: nil, help: "exit 1 when any figure is doubtful (the report says why); check always is",
            defaultValue: nil, commands: [.program]),
        OptionDeclaration(
            name: "frame-log", value: "FILE", help: "write every input and frame, with raw CLOCK_MONOTONIC times, as JSON Lines",
            defaultValue: nil, commands: [.program]),
        OptionDeclaration(
            name: "repeat", value: "K", help: "runs of the program, their frames pooled", defaultValue: "1",
            commands: [.program]),
        OptionDeclaration(
            name: "name", value: "NAME", help: "the benchmark's name in the results", defaultValue: "the command's name",
            commands: [.program]),
        OptionDeclaration(
            name: "record", value: "DIR", help: "also write the first run as stream.bin and frames.jsonl (record's format)",
            defaultValue: nil, commands: [.program]),
        OptionDeclaration(
            name: "frame-budget", value: "MS", help: "the frame budget late-frame figures use, ms (16.67: 60 Hz)",
            defaultValue: "the suite's, else 16.67", commands: [.program]),
        OptionDeclaration(
            name: "suite", value: "NAME", help: "run the program entries of this suite (run --suite NAME runs all its entries)",
            defaultValue: nil, commands: [.program]),
        OptionDeclaration(
            name: "suites", value: "FILE", help: "the suites file", defaultValue: SuiteFile.defaultPath,
            commands: [.program]),
        // Regression injection, for scripts/gate-power.sh and the tests.
        OptionDeclaration(
            name: "inject-phase", value: "PHASE", help: "the phase the injections below slow (update, layout, diff, encode, write)",
            defaultValue: "encode", commands: [.run], section: .injection),
        OptionDeclaration(
            name: "inject-allocations", value: "N", help: "extra allocations per frame in that phase",
            defaultValue: "0", commands: [.run], section: .injection),
        OptionDeclaration(
            name: "inject-delay-ns", value: "N", help: "extra nanoseconds per frame in that phase (spinning)",
            defaultValue: "0", commands: [.run], section: .injection),
        OptionDeclaration(
            name: "inject-slowdown", value: "FRACTION", help: "that phase made this fraction slower (0.1: 10%)",
            defaultValue: "0", commands: [.run], section: .injection),
        OptionDeclaration(
            name: "inject-work", value: "N", help: "extra loop iterations per frame in that phase (counted instructions)",
            defaultValue: "0", commands: [.run], section: .injection),
        // framebench running itself under callgrind (CountedRun).
        OptionDeclaration(
            name: "counted-child", value: nil, help: "", defaultValue: nil, commands: [.run], section: .internal),
        // scripts/gate_power.py judging many trials drawn from one pool of rounds (GateTrials).
        OptionDeclaration(
            name: "trials", value: "FILE", help: "", defaultValue: nil, commands: [.compare], section: .internal),
        // framebench running one run of a suite in a fresh process (IsolatedRun).
        OptionDeclaration(
            name: "isolated-child", value: nil, help: "", defaultValue: nil, commands: [.run], section: .internal),
        // A child's run settings, as JSON its parent wrote (ChildSettings).
        OptionDeclaration(
            name: "settings-file", value: "FILE", help: "", defaultValue: nil, commands: [.run], section: .internal),
    ]
}
