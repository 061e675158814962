import Harness
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `--format`, `--out`, `--force` and `--quiet`, shared by the reporting commands.
///
/// `--out -` is standard output. Any other path is checked when the options
/// are parsed, before the work starts (an existing file needs `--force`), and
/// written by `AtomicFile`, which checks again as it commits.
struct OutputOptions {
    enum Format: String { case text, json, markdown, junit, html }

    var format: Format
    var path: String?
    var quiet: Bool
    var replacing: Bool

    init(_ parsed: ParsedArguments) throws {
        let name = parsed.string("format") ?? "text"
        guard let format = Format(rawValue: name) else {
            throw UsageError("--format must be text, json, markdown, junit or html, not '\(name)'")
        }
        self.format = format
        let out = parsed.string("out")
        path = out == "-" ? nil : out
        quiet = parsed.flag("quiet")
        replacing = parsed.flag("force")
        if let path {
            guard !path.isEmpty else { throw UsageError("--out needs a file name (or - for standard output)") }
            do { try AtomicFile.check(path, replacing: replacing) } catch let error as UsageError {
                throw UsageError("--out: \(error.description)")
            }
        }
    }

    /// Colour only on a terminal, and never when NO_COLOR is set.
    var colors: Bool {
        path == nil && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Prints `text`, or writes it to `--out` atomically; a failed write is an error.
    func emit(_ text: String) throws {
        if let path {
            try AtomicFile.write(Array((text + "\n").utf8), to: path, replacing: replacing)
        } else if !quiet || format != .text {
            try StandardStreams.printLine(text)
        }
    }

    /// A progress bar on stderr when it is a terminal. It is decoration, not
    /// results: when stderr stops taking writes the bar stops, and the run
    /// goes on to write its results.
    static func progressBar() -> ((Int, Int, String) -> Void)? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        var broken = false
        return { done, total, name in
            guard !broken else { return }
            let width = 30
            let filled = total == 0 ? width : done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = done == total ? "\r\u{1B}[K" : "\r\u{1B}[K\(bar) \(done)/\(total) \(UntrustedText.terminal(name))"
            do { try StandardStreams.write(line, to: STDERR_FILENO, name: "standard error") } catch { broken = true }
        }
    }
}
