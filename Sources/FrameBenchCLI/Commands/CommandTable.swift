import Harness

/// One `framebench` command: what it takes, what it does, and the function
/// that does it. The table below is the list the dispatcher, the global help
/// and each command's help are made from (see `OptionDeclarations.swift` for
/// how to add one).
struct CommandDeclaration {
    let name: CommandName
    /// Positional arguments as help shows them (`[SCENARIO|BENCHMARK...]`).
    let arguments: String
    /// One line for the global help.
    let summary: String
    /// More for the command's own help; empty when the summary says it all.
    var details = ""
    let run: (ParsedArguments) throws -> Int32

    static let all: [CommandDeclaration] = [
        CommandDeclaration(
            name: .list, arguments: "", summary: "Suites and scenarios with their default settings.",
            run: ListCommand.list),
        CommandDeclaration(
            name: .run, arguments: "[SCENARIO|BENCHMARK...]",
            summary: "Measures scenarios, benchmarks of a suite by name, or a whole suite.",
            details: """
                With no name: the suite (--suite, default 'default') of Benchmarks/suites.json, or the \
                benchmarks of it that --filter selects, reported against the stored baseline for this \
                machine when there is one. A SCENARIO runs at the defaults below with --suite: the suite's \
                benchmarks of that scenario. A BENCHMARK (plain-feed-80x24) runs as its suite declares it. \
                Options given replace the declared settings. A suite's program entries run too (docs/programs.md); \
                --size, --frames, --repeat, --term and --frame-budget apply to them.
                """,
            run: RunCommands.run),
        CommandDeclaration(
            name: .record, arguments: "SCENARIO",
            summary: "Writes DIR/stream.bin and DIR/frames.jsonl for replay checks.", run: RunCommands.record),
        CommandDeclaration(
            name: .live, arguments: "SCENARIO",
            summary: "The scenario in this terminal, driven by keys and the mouse wheel.",
            details: """
                Arrows, j/k, PgUp/PgDn, Home/End and the mouse wheel scroll; 1-5 and Tab switch tabs or \
                filters; Enter presses the screen's button; p plays the script (or pauses it); h toggles \
                the HUD; q quits; Ctrl-Z stops. --autoplay plays N frames, exits and prints a summary.
                """,
            run: LiveCommand.live),
        CommandDeclaration(
            name: .overhead, arguments: "[SCENARIO]",
            summary: "What the probes cost: the same frames with and without them, interleaved.",
            run: RunCommands.overhead),
        CommandDeclaration(
            name: .baselineSave, arguments: "", summary: "Runs the suite (or reads --from) and stores it in Results/.",
            run: BaselineCommands.save),
        CommandDeclaration(
            name: .baselineList, arguments: "", summary: "The baselines stored in Results/.", run: BaselineCommands.list),
        CommandDeclaration(
            name: .baselineShow, arguments: "NAME", summary: "A stored baseline (or results file) as a report.",
            run: BaselineCommands.show),
        CommandDeclaration(
            name: .compare, arguments: "[A.json B.json]",
            summary: "The regression report: B (or a run of the suite now) against A (or the baseline).",
            details: """
                A side may be a comma-separated list of results files: their runs are pooled. With no \
                files: the suite is run now and compared with --baseline (this machine's by default).
                """,
            run: BaselineCommands.compare),
        CommandDeclaration(
            name: .check, arguments: "", summary: "The CI gate: budgets, and regressions against the baseline.",
            details: """
                Allocation, output and instruction counts gate; timings are reported, and gate with \
                --gate-timing. Exit 1 when a budget does not hold, something regressed, or nothing was checked.
                """,
            run: BaselineCommands.check),
        CommandDeclaration(
            name: .merge, arguments: "FILE...",
            summary: "Results of the shards of a suite, or of repeated rounds, as one results file.",
            details: "Shards come from --shard I/N (Benchmarks/SHARDING.md); rounds from runs repeated with --rounds.",
            run: MergeCommand.merge),
        CommandDeclaration(
            name: .program, arguments: "-- COMMAND [ARGS...]",
            summary: "Any terminal program on a pseudo-terminal, typed a key script, its frames measured.",
            details: """
                Cuts the output into frames (DEC 2026 sync markers, else --gap ms of quiet) through \
                libvterm and reports input-to-frame latency, bytes and painted cells as a schema-2 \
                results document (docs/programs.md). --suite NAME runs the program entries of a suite \
                of Benchmarks/suites.json instead (run --suite NAME runs its scenes with them).
                """,
            run: ProgramCommand.program),
        CommandDeclaration(
            name: .profile, arguments: "SCENARIO",
            summary: "The measured frames under callgrind: a callgrind file, folded stacks and an SVG flame graph.",
            details: """
                Writes DIR/callgrind.out (kcachegrind, qcachegrind), DIR/stacks.folded and DIR/flamegraph.svg \
                with Swift names demangled. 200 frames unless --frames: callgrind runs code some 50 times slower.
                """,
            run: ProfileCommand.profile),
        CommandDeclaration(
            name: .shootout, arguments: "",
            summary: "Terminal UI frameworks on the same list and keys, checked to show the same rows: a table and an HTML page.",
            details: """
                Runs every peer of Benchmarks/Peers/peers.json (built by scripts/build-peers.sh) over every script \
                of Benchmarks/Peers/scripts in interleaved rounds, checks each peer's list rows against the \
                reference's after every key, prints the table and writes DIR/shootout.md and DIR/shootout.html. \
                Exit 1 when a peer is not comparable (its rows differ, or a run did not complete).
                """,
            run: ShootoutCommand.shootout),
        CommandDeclaration(
            name: .resultsDiff, arguments: "A.json B.json",
            summary: "Whether two results hold the same benchmarks with the same counts (exit 1 when not).",
            details: """
                Benchmarks must be the same, with the same settings, in the same order (--any-order: any). \
                Each kind named in --exact or --within is compared on every benchmark: summaries and every \
                frame of every run (instruction counts: each count). A side may be comma-separated files \
                taken together, such as a suite's shards; a benchmark in two of them is a difference.
                """,
            run: ResultsDiffCommand.resultsDiff),
        CommandDeclaration(
            name: .completions, arguments: "bash|zsh|fish",
            summary: "A completion script for the shell, made from the option declarations.",
            details: """
                bash: source <(framebench completions bash); zsh: save as _framebench in a folder of $fpath; \
                fish: framebench completions fish > ~/.config/fish/completions/framebench.fish.
                """,
            run: ShellSupport.completions),
        CommandDeclaration(
            name: .man, arguments: "", summary: "The man page (roff): framebench man > framebench.1; man -l framebench.1.",
            run: ShellSupport.man),
    ]

    static func named(_ name: CommandName) -> CommandDeclaration { all.first { $0.name == name }! }
}
