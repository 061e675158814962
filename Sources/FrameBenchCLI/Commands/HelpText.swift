import Foundation
import Harness

/// The help `framebench` prints, made from the declarations of commands and
/// options (nothing here is written twice). The README's command list is
/// `HelpText.global`, checked by a test.
enum HelpText {
    /// `framebench --help`, `framebench help`.
    static var global: String {
        let rows = CommandDeclaration.all.map { command in
            (command.name.rawValue + (command.arguments.isEmpty ? "" : " " + command.arguments), command.summary)
        }
        let program = ProgramName.current
        var lines = [
            "usage: \(program) COMMAND [ARGUMENTS] [OPTIONS]",
            "       \(program) COMMAND --help      the command's arguments and options (or: \(program) help COMMAND)",
            "       \(program) --version",
            "",
            "commands:",
        ]
        lines += table(rows)
        lines += [
            "",
            "Every command takes --package-path DIR (default: the nearest folder upward with Package.swift",
            "and Benchmarks/suites.json) and -h, --help.",
            "--out never replaces an existing file without --force; --out - is standard output.",
        ]
        let codes = ExitCode.allCases
        lines += codes.enumerated().map { index, code in
            (index == 0 ? "exit codes: " : "            ") + "\(code.rawValue) \(code.meaning)"
                + (index < codes.count - 1 ? "," : "")
        }
        return lines.joined(separator: "\n")
    }

    /// `framebench COMMAND --help`, `-h`, `framebench help COMMAND`.
    static func command(_ name: CommandName) -> String {
        let command = CommandDeclaration.named(name)
        var lines = [
            "usage: \(ProgramName.current) \(name.rawValue)\(command.arguments.isEmpty ? "" : " " + command.arguments) [OPTIONS]",
            "",
        ]
        lines += wrap(command.summary + (command.details.isEmpty ? "" : " " + command.details), width: 100, indent: "")
        let options = OptionDeclaration.taken(by: name)
        for section in [OptionDeclaration.Section.settings, .injection] {
            let shown = options.filter { $0.section == section }
            guard !shown.isEmpty else { continue }
            lines += ["", section.rawValue + ":"]
            lines += table(
                shown.map { option in
                    let synopsis = option.name == "help" ? "-h, --help" : option.synopsis
                    let help = option.help + (option.defaultText(for: name).map { " (default: \($0))" } ?? "")
                    return (synopsis, help)
                })
        }
        return lines.joined(separator: "\n")
    }

    /// `framebench baseline --help`: the three baseline commands.
    static var baseline: String {
        let rows = CommandDeclaration.all.filter { $0.name.rawValue.hasPrefix("baseline ") }.map {
            ($0.name.rawValue + ($0.arguments.isEmpty ? "" : " " + $0.arguments), $0.summary)
        }
        let program = ProgramName.current
        return (["usage: \(program) baseline save|list|show [OPTIONS]  (\(program) baseline save --help: its options)", ""]
            + table(rows)).joined(separator: "\n")
    }

    /// Two columns: names padded to the widest (at most 36), text wrapped beside them.
    static func table(_ rows: [(String, String)]) -> [String] {
        let width = min(36, (rows.map(\.0.count).max() ?? 0) + 2)
        var lines: [String] = []
        for (name, text) in rows {
            let indent = String(repeating: " ", count: width + 2)
            var wrapped = wrap(text, width: 100 - width - 2, indent: "")
            if name.count + 2 > width {
                lines.append("  " + name)
            } else {
                lines.append("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + wrapped.removeFirst())
            }
            lines += wrapped.map { indent + $0 }
        }
        return lines
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(indent + line)
        return lines
    }
}

extension ExitCode {
    /// What the code means, in the words of the global help and the man page.
    var meaning: String {
        switch self {
        case .success: "success (check: every budget holds and nothing regressed)"
        case .failed: "a budget or regression check failed, a run failed, or output could not be written"
        case .usage: "bad usage or input (a message names the argument or file)"
        case .internalFailure: "framebench itself failed (a child process crashed, a tool failed)"
        }
    }
}
