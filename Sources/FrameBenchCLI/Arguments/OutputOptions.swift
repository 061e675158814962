import Harness
import Reports
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `--format`, `--out`, `--force` and `--quiet`, shared by the reporting
/// commands: which format (`ReportFormat`, whose exporter renders it) and
/// where its bytes go.
///
/// `--out -` is standard output. Any other path is checked when the options
/// are parsed, before the work starts (an existing file needs `--force`), and
/// written by `AtomicFile`, which checks again as it commits.
struct OutputOptions {
    typealias Format = ReportFormat

    var format: Format
    var path: String?
    var quiet: Bool
    var replacing: Bool

    init(_ parsed: ParsedArguments) throws {
        let name = parsed.string("format") ?? Format.text.rawValue
        let supported = OutputOptions.formats(of: parsed.command)
        guard let format = Format(rawValue: name), supported.contains(format) else {
            throw UsageError(
                "--format for \(parsed.command.rawValue) must be one of \(supported.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
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

    /// The formats `command` writes: the values its `--format` declaration lists.
    static func formats(of command: CommandName) -> [Format] {
        let declared = OptionDeclaration.taken(by: command).first { $0.name == "format" }?.value ?? Format.text.rawValue
        return declared.split(separator: "|").compactMap { Format(rawValue: String($0)) }
    }

    /// Colour only on a terminal (not into `--out`), never when NO_COLOR is
    /// set to a non-empty value, and never for TERM=dumb (`ColorPolicy`).
    var colors: Bool {
        path == nil && ColorPolicy.allowsColor(on: STDOUT_FILENO)
    }

    /// Every file or folder `parsed` names to write (`--out`, `--trace`,
    /// `--record`, `--github-benchmark`, `--frame-log`), for `OutputOverlap`: checked by
    /// the dispatcher for every command, before the command starts.
    static func declaredOutputs(_ parsed: ParsedArguments) -> [OutputOverlap.Output] {
        let folders: [CommandName] = [.record, .profile, .shootout]
        let options: [(name: String, isFolder: Bool)] = [
            ("out", folders.contains(parsed.command)), ("trace", false), ("record", true), ("github-benchmark", false),
            ("frame-log", false),
        ]
        return options.compactMap { option in
            parsed.string(option.name).map { OutputOverlap.Output(option: "--\(option.name)", path: $0, isFolder: option.isFolder) }
        }
    }

    /// How this command's format renders here: colour and control escapes
    /// only for a terminal, a run's text tables left out under `--quiet`.
    var exportOptions: ExportOptions {
        var options = ExportOptions()
        options.colors = colors
        options.omitsRunTables = quiet
        options.escapesControls = path == nil && isatty(STDOUT_FILENO) != 0
        return options
    }

    /// Renders `subject` in `--format`'s format and prints or writes it (`emit`).
    func write(_ subject: ReportSubject, options: ExportOptions? = nil) throws {
        let bytes = try format.render(subject, options: options ?? exportOptions)
        try emit(String(decoding: bytes, as: UTF8.self))
    }

    /// Prints `text`, or writes it to `--out` atomically; a failed write is an error.
    func emit(_ text: String) throws {
        if let path {
            try AtomicFile.write(Array((text + "\n").utf8), to: path, replacing: replacing)
        } else if format == .csv && isatty(STDOUT_FILENO) != 0 {
            // Controls escaped here for CSV rendered without `escapesControls` (programs); records end in a plain LF.
            try StandardStreams.printLine(UntrustedText.terminal(text.replacingOccurrences(of: "\r\n", with: "\n"), keepsLineBreaks: true))
        } else if !quiet || format != .text {
            try StandardStreams.printLine(text)
        }
    }

    /// A progress line on stderr when it is a terminal (`ProgressLine`). It
    /// is decoration, not results: when stderr stops taking writes the line
    /// stops, and the run goes on to write its results.
    static func progressBar() -> ((SuiteProgress) -> Void)? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        var line = ProgressLine(allowsEscapes: ColorPolicy.allowsEscapes())
        var broken = false
        return { progress in
            guard !broken else { return }
            do { try StandardStreams.write(line.render(progress), to: STDERR_FILENO, name: "standard error") } catch {
                broken = true
            }
        }
    }
}
