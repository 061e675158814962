import Harness
import Foundation
import Workloads

/// The `framebench` command line: parsing and printing over the library.
public enum FrameBenchCommand {
    public static let usage = """
        usage: framebench <command> [options]

          list
              Suites and scenarios with their default settings.
          run [SCENARIO...] [--frames N] [--size COLSxROWS] [--seed S] [--feed N] [--feed-file PATH] [--script NAME]
              [--backend framebench|ncurses|both] [--repeat K] [--term T] [--sync] [--no-scroll-regions]
              [--no-erase] [--frame-budget MS] [--measure time|instructions|time,instructions] [--suite NAME]
              [--shard I/N] [--verify] [--format text|json|markdown|junit] [--out FILE|-] [--force] [--quiet]
              --verify: then replays each framebench-lane frame through libvterm; the first screen
              row that differs from the grid fails the run (exit 1); the pass's cost is printed.
              With no scenario: the default suite (Benchmarks/suites.json), reported against
              the stored baseline for this machine when there is one.
          record SCENARIO --out DIR [--frames N] [--size COLSxROWS] [--seed S] [--feed N] [--script NAME] [--term T]
              [--backend framebench|ncurses] [--styles] [--sync] [--force]
              Writes DIR/stream.bin and DIR/frames.jsonl for replay checks.
          live SCENARIO [--autoplay --frames N] [--script NAME] [--term T] [--feed N] [--seed S] [--no-hud]
              The scenario in this terminal: arrows, j/k, PgUp/PgDn, Home/End and the mouse
              wheel scroll; 1-5 and Tab switch tabs or filters; Enter presses the screen's
              button; p plays the script (or pauses it); h toggles the HUD; q quits; Ctrl-Z stops. --autoplay plays N frames, exits and prints a summary.
        \(ProgramCommand.usage)
          overhead [SCENARIO] [--size COLSxROWS] [--term T] ...
              What the probes cost: the same frames with and without them, interleaved.
          baseline save [--name NAME] [--force] [--from RESULTS.json] [--suite NAME] [--shard I/N] [--measure ...]
          baseline list
          baseline show NAME
          compare [--baseline NAME | A.json B.json] [--paired] [--budgets FILE] [--measure ...]
              [--instruction-tolerance PERCENT] [--format ...] [--out FILE] [--force]
              The regression report: B (or a run of the suite now) against A (or the baseline).
              A side may be a comma-separated list of results files: their runs are pooled;
              --paired: run r of A and run r of B were made back to back (compare-branches.sh).
          check [--baseline NAME] [--budgets FILE] [--results FILE] [--gate-timing] [--measure ...] [--frame-budget MS]
              [--instruction-tolerance PERCENT] [--shard I/N] [--format ...] [--out FILE] [--force]
              The CI gate: budgets, and regressions against the baseline (allocation, output and
              instruction counts gate; timings are reported, and gate with --gate-timing).
          merge FILE... --out FILE [--force] [--rounds] [--deterministic-only] [--github-benchmark FILE]
              Results of the shards of a suite (--shard I/N, see Benchmarks/SHARDING.md) and of
              repeated rounds (--rounds) as one results file.

        scenarios: \(WorkloadFactory.catalog.names.joined(separator: ", "))
        --out never replaces an existing file without --force; --out - is standard output.
        exit codes: 0 success (check: every budget holds and nothing regressed),
                    1 a budget or regression check failed, a run failed, or output could not be written,
                    2 bad usage or input (a message names the argument or file)
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
            case "run": return try RunCommands.run(rest)
            case "record": return try RunCommands.record(rest)
            case "list": return try RunCommands.list(rest)
            case "baseline": return try BaselineCommands.baseline(rest)
            case "compare": return try BaselineCommands.compare(rest)
            case "check": return try BaselineCommands.check(rest)
            case "merge": return try MergeCommand.merge(rest)
            case "overhead": return try RunCommands.overhead(rest)
            case "live": return try LiveCommand.live(rest)
            case "program": return try ProgramCommand.program(rest)
            case "help", "--help", "-h":
                try StandardStreams.printLine(usage)
                return 0
            default: throw UsageError("unknown command '\(command)'\n\n\(usage)")
            }
        } catch {
            printError("framebench: \(error)")
            return exitCode(for: error)
        }
    }

    /// The one place an error becomes an exit code: 2 for what the user can
    /// fix in the command or its input (a bad option, file, name, script or
    /// feed), 1 for everything else (a run or a write that failed).
    static func exitCode(for error: Error) -> Int32 {
        switch error {
        case is UsageError, is UnknownWorkloadError, is WorkloadError, is MappedLineFile.OpenError: return 2
        default: return 1
        }
    }

    /// Writes `message` to stderr with anything from files or arguments made
    /// harmless to the terminal; when stderr itself fails there is nowhere
    /// left to say so, and the exit code carries the failure.
    static func printError(_ message: String) {
        StandardStreams.printError(UntrustedText.terminal(message, keepsLineBreaks: true))
    }
}
