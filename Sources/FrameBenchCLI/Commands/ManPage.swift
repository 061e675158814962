import Foundation
import Harness

/// `framebench man`: a man page (roff, man macros) made from the same
/// declarations as the help: every command with its summary, details and
/// options, their defaults, the exit codes. `framebench man > framebench.1;
/// man -l framebench.1`.
enum ManPage {
    /// Text safe in roff: backslashes escaped, hyphens as minus signs where
    /// they are options, a leading dot or quote made ordinary.
    static func roff(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    static var text: String {
        var lines = [
            ".TH FRAMEBENCH 1 \"\" \"framebench \(BuildInfo.version)\" \"User Commands\"",
            ".SH NAME",
            "framebench \\- measure a terminal UI's frames: time, allocations, instructions and bytes, by phase",
            ".SH SYNOPSIS",
            ".B framebench",
            ".I COMMAND",
            "[\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]",
            ".br",
            ".B framebench",
            ".I COMMAND",
            ".B \\-\\-help",
            ".br",
            ".B framebench \\-\\-version",
            ".SH DESCRIPTION",
            roff("FrameBench drives a terminal UI through long scripted runs and measures every whole frame by phase "
                + "(update, layout, diff, encode, write): time, allocations, instructions under callgrind, bytes and "
                + "dirty cells. It stores baselines in Results/, prints regression reports, gates CI on budgets and "
                + "regressions, and measures any terminal program through a pseudo-terminal."),
            ".SH COMMANDS",
        ]
        for command in CommandDeclaration.all {
            lines.append(".SS \"framebench \(roff(command.name.rawValue))"
                + (command.arguments.isEmpty ? "" : " \(roff(command.arguments))") + "\"")
            lines.append(roff(command.summary + (command.details.isEmpty ? "" : " " + command.details)))
            for option in OptionDeclaration.taken(by: command.name) where option.isListed {
                lines.append(".TP")
                let name = option.name == "help" ? "\\fB\\-h\\fR, \\fB\\-\\-help\\fR" : "\\fB\\-\\-\(roff(option.name))\\fR"
                lines.append(name + (option.value.map { " \\fI\(roff($0))\\fR" } ?? ""))
                let text = option.help + (option.defaultText(for: command.name).map { " (default: \($0))" } ?? "")
                lines.append(roff(text))
            }
        }
        lines.append(".SH EXIT STATUS")
        lines += exitCodes.map { ".TP\n.B \($0.code)\n\(roff($0.meaning))" }
        lines += [
            ".SH FILES",
            ".TP", ".I Benchmarks/suites.json", roff("the suites: benchmarks with their settings"),
            ".TP", ".I Benchmarks/budgets.json", roff("frame-time and count budgets that check gates on"),
            ".TP", ".I Results/", roff("baselines, one per machine (baseline save; compare and check read them)"),
            ".SH SEE ALSO",
            roff("The README and docs/ of the FrameBench repository: docs/commands.md (every command), "
                + "docs/metrics.md, docs/statistics.md, docs/programs.md, docs/results-schema.md."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The exit codes, as `ExitCode` declares them and the global help words them.
    static var exitCodes: [(code: String, meaning: String)] {
        ExitCode.allCases.map { (String($0.rawValue), $0.meaning) }
    }
}
