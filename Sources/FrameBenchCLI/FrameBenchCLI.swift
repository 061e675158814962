import Foundation
import Harness
import Workloads

/// framebench's whole command line over a catalog of your own: `run`,
/// `compare`, `check`, `baseline`, `list`, `profile`, `record`, `live`,
/// `help`... exactly as `framebench` has them, for the scenarios your
/// catalog names. One call is the whole executable:
///
///     import FrameBenchCLI
///     import SceneKit
///     import Workloads
///
///     @main
///     struct MyBench {
///         static func main() {
///             FrameBenchCLI.main(catalog: WorkloadCatalog.builtIn.adding([WorkloadEntry(scene: Inbox.self)]))
///         }
///     }
///
/// Runs measured in a child process (`--isolate`, instruction counts under
/// callgrind) start this same executable again: it has the same commands
/// over the same catalog, whatever it is called. Exit codes are framebench's
/// (`ExitCode`: 0 passed, 1 failed or a gate tripped, 2 bad usage or input,
/// 3 a failure of the tool's own; 129/130/143 when a signal cut it short).
public enum FrameBenchCLI {
    /// framebench's own catalog: the built-in workloads, the seed scenes and
    /// the benchmarks under `Benchmarks/Scenes`.
    public static var builtInCatalog: WorkloadCatalog { WorkloadFactory.framebenchCatalog }

    /// Runs the command line in `CommandLine.arguments` over `catalog` and
    /// exits with its code. `programName` is what help, usage and errors call
    /// the program (the executable's file name when nil).
    public static func main(catalog: WorkloadCatalog, programName: String? = nil) -> Never {
        DeterministicHashing.ensure()  // exact allocation counts between runs need a fixed hash seed
        StandardStreams.reportWriteErrorsInsteadOfSignals()
        let name = programName ?? ProgramName.executableName(CommandLine.arguments.first)
        ProgramName.current = name
        WorkloadFactory.catalog = catalog
        // A child run (isolated, or counted under callgrind) must know this catalog's scenes: it is this executable.
        CountedRun.childrenRunThisExecutable = true
        // SIGINT, SIGTERM, SIGHUP: end the children, remove scratch, say what was cut short, exit 130/143/129.
        TemporaryFiles.install(activity: ([name] + CommandLine.arguments.dropFirst().prefix(4)).joined(separator: " "))
        exit(FrameBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
    }
}
