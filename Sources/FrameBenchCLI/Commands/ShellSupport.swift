import Foundation
import Harness

/// `framebench completions bash|zsh|fish` and `framebench man`: shell
/// completions and a man page made from the same declarations as the help
/// (`CommandDeclaration.all`, `OptionDeclaration`), so they cannot drift
/// from what the parser accepts.
enum ShellSupport {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func completions(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 1, let shell = Shell(rawValue: parsed.positionals[0]) else {
            throw UsageError(
                "completions takes one shell: \(Shell.allCases.map(\.rawValue).joined(separator: ", "))"
                    + (parsed.positionals.isEmpty ? "" : " (got \(parsed.positionals.joined(separator: " ")))"))
        }
        print(CompletionScript.text(for: shell), terminator: "")
        return 0
    }

    static func man(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else {
            throw UsageError("man takes no arguments (got \(parsed.positionals.joined(separator: " ")))")
        }
        print(ManPage.text, terminator: "")
        return 0
    }
}

/// What completion needs of one command, from the declarations.
struct CompletedCommand {
    let name: String  // "run", "baseline save"
    let summary: String
    let options: [OptionDeclaration]
    /// The command's positional arguments complete to scenario names.
    let takesScenarios: Bool

    static var all: [CompletedCommand] {
        CommandDeclaration.all.map { command in
            CompletedCommand(
                name: command.name.rawValue, summary: command.summary,
                options: OptionDeclaration.taken(by: command.name).filter(\.isListed),
                takesScenarios: command.arguments.contains("SCENARIO"))
        }
    }

    static var scenarios: [String] { WorkloadFactory.catalog.names }
}

extension OptionDeclaration {
    /// The values a shell may offer: the choices of `a|b|c`, nil for free text.
    var choices: [String]? {
        guard let value, value.contains("|"), !value.contains(" ") else { return nil }
        let parts = value.split(separator: "|").map(String.init)
        // `FILE|-` is a placeholder and a word, not a list of choices.
        return parts.contains { $0.contains(where: \.isUppercase) } ? nil : parts
    }

    /// The value names a path (files complete there).
    var takesPath: Bool {
        guard let value else { return false }
        return ["FILE", "DIR", "PATH"].contains { value.contains($0) }
    }

    var takesDirectory: Bool { value == "DIR" }
}
