import Harness
import Foundation
import Workloads

/// The `framebench` command line: parsing and printing over the library.
/// Commands and options are declared in `CommandTable.swift` and
/// `OptionDeclarations.swift`; this is the dispatcher and the one place an
/// error becomes an exit code.
public enum FrameBenchCommand {
    /// Runs the command in `arguments` (without the program name); returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch {
            printError("\(ProgramName.current): \(error)")
            return exitCode(for: error)
        }
    }

    /// The one place an error becomes an exit code (`ExitCode`): 2 for what
    /// the user can fix in the command or its input (a bad option, file,
    /// name, script or feed; a tool to install), 3 for a failure of
    /// framebench's own (a crashed child, a child's unreadable answer, a
    /// failed tool, a scratch file), 1 for everything else (a run or a write
    /// that failed).
    static func exitCode(for error: Error) -> Int32 {
        switch error {
        case is UsageError, is UnknownWorkloadError, is WorkloadError, is MappedLineFile.OpenError:
            return ExitCode.usage.rawValue
        case is InternalFailure:
            return ExitCode.internalFailure.rawValue
        case let error as CallgrindError:
            return exitCode(for: error.reported("callgrind"))
        default:
            return ExitCode.failed.rawValue
        }
    }

    /// Takes the options before the command off `arguments`: `--help` and
    /// `--version` (the exit status, their output printed), `--package-path DIR`.
    private static func leadingOptions(_ arguments: inout [String], packagePath: inout String?) throws -> Int32? {
        while let first = arguments.first, first.hasPrefix("-") {
            arguments.removeFirst()
            switch first {
            case "--help", "-h":
                try StandardStreams.printLine(HelpText.global)
                return 0
            case "--version":
                try StandardStreams.printLine(BuildInfo.text)
                return 0
            case "--package-path":
                guard let value = arguments.first else { throw UsageError("--package-path needs a value (DIR)") }
                packagePath = value
                arguments.removeFirst()
            default:
                if first.hasPrefix("--package-path=") {
                    packagePath = String(first.dropFirst("--package-path=".count))
                    continue
                }
                throw UsageError("unknown option \(first) (before a command: --help, --version, --package-path DIR)\n\n\(HelpText.global)")
            }
        }
        return nil
    }

    private static func dispatch(_ arguments: [String]) throws -> Int32 {
        var arguments = arguments
        var packagePath: String?
        if let status = try leadingOptions(&arguments, packagePath: &packagePath) { return status }
        guard let word = arguments.first else {
            printError(HelpText.global)
            return ExitCode.usage.rawValue
        }
        arguments.removeFirst()
        if word == "help" {
            try StandardStreams.printLine(try helpTopic(arguments))
            return 0
        }
        let name: CommandName
        if word == "baseline" {
            guard let verb = arguments.first, !verb.hasPrefix("-") else {
                if arguments.contains("--help") || arguments.contains("-h") {
                    try StandardStreams.printLine(HelpText.baseline)
                    return 0
                }
                throw UsageError("baseline needs save, list or show\n\n\(HelpText.baseline)")
            }
            guard let command = CommandName(rawValue: "baseline \(verb)") else {
                throw UsageError("unknown baseline command '\(verb)' (save, list, show)")
            }
            name = command
            arguments.removeFirst()
        } else {
            guard let command = CommandName(rawValue: word), !word.contains(" ") else {
                throw UsageError("unknown command '\(word)'\(Suggestion.clause(for: word, in: CompletionScript.topLevel))\n\n\(HelpText.global)")
            }
            name = command
        }
        let parsed = try ParsedArguments(arguments, command: name)
        if parsed.wantsHelp {
            try StandardStreams.printLine(HelpText.command(name))
            return 0
        }
        PackageRoot.current = try PackageRoot.locate(explicit: parsed.string("package-path") ?? packagePath)
        GitState.packageFolder = PackageRoot.current.folder  // results record the package's commit, not this folder's
        // Two outputs on one file: refused before anything runs, not found out after (one would replace the other).
        try OutputOverlap.check(OutputOptions.declaredOutputs(parsed))
        return try CommandDeclaration.named(name).run(parsed)
    }

    /// `framebench help [COMMAND]`.
    private static func helpTopic(_ words: [String]) throws -> String {
        let topic = words.joined(separator: " ")
        if topic.isEmpty { return HelpText.global }
        if topic == "baseline" { return HelpText.baseline }
        guard let name = CommandName(rawValue: topic) else {
            throw UsageError("no command '\(topic)' to explain (commands: \(CommandName.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return HelpText.command(name)
    }

    /// Writes `message` to stderr with anything from files or arguments made
    /// harmless to the terminal; when stderr itself fails there is nowhere
    /// left to say so, and the exit code carries the failure.
    static func printError(_ message: String) {
        StandardStreams.printError(UntrustedText.terminal(message, keepsLineBreaks: true))
    }
}
