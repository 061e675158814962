import Harness
import Reports
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `--format`, `--out`, `--force` and `--quiet`, shared by the reporting
/// commands: which formats (`ReportFormat`, whose exporter renders each) and
/// where their bytes go. One measurement, any number of reports:
///
/// | arguments                                   | reports                                |
/// |---------------------------------------------|----------------------------------------|
/// | (none)                                      | text on standard output                |
/// | `--format json`                             | JSON on standard output                |
/// | `--format json --out r.json`                | JSON in r.json (as ever)               |
/// | `--out r.json`                              | JSON in r.json (format from extension) |
/// | `--out r.json --out page.html --out -`      | JSON, HTML, and text on standard output|
/// | `--format json,html --out a --out b`        | JSON in a, HTML in b (paired in order) |
///
/// Without `--format` each `--out` takes the format its extension names
/// (`ReportFormat.implied(byFileName:)`), text for a name without an
/// extension or `-`; an extension that names no format is refused (exit 2).
/// `--format A,B` pairs its formats with the `--out`s in order, one each;
/// one `--format` for several `--out`s, or a listed format whose file's
/// extension names another, is refused as ambiguous.
///
/// `--out -` is standard output (at most one report goes there). Any other
/// path is checked when the options are parsed, before the work starts (an
/// existing file needs `--force`), and written by `AtomicFile`, which checks
/// again as it commits; every report is rendered before the first is written.
struct OutputOptions {
    typealias Format = ReportFormat

    /// One report: its format and its file (nil: standard output).
    struct Target: Equatable {
        var format: Format
        var path: String?
    }

    /// The reports, in the order the command line gives them.
    var targets: [Target]
    var quiet: Bool
    var replacing: Bool

    init(_ parsed: ParsedArguments) throws {
        let supported = OutputOptions.formats(of: parsed.command)
        targets = try OutputOptions.targets(formats: parsed.string("format"), outs: parsed.strings("out"), supported: supported, command: parsed.command)
        quiet = parsed.flag("quiet")
        replacing = parsed.flag("force")
        for case let path? in targets.map(\.path) {
            guard !path.isEmpty else { throw UsageError("--out needs a file name (or - for standard output)") }
            do { try AtomicFile.check(path, replacing: replacing) } catch let error as UsageError {
                throw UsageError("--out: \(error.description)")
            }
        }
    }

    /// The reports `--format` (nil when absent) and the `--out`s ask for (see the table above).
    static func targets(formats text: String?, outs: [String], supported: [Format], command: CommandName) throws -> [Target] {
        func format(_ name: String) throws -> Format {
            guard let format = Format(rawValue: name), supported.contains(format) else {
                throw UsageError(
                    "--format for \(command.rawValue) must be one of \(supported.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
            }
            return format
        }
        let paths: [String?] = outs.map { $0 == "-" ? nil : $0 }
        guard paths.filter({ $0 == nil }).count <= 1 else {
            throw UsageError("--out - is given twice: one report at most goes to standard output")
        }
        guard let text else {
            guard !paths.isEmpty else { return [Target(format: .text, path: nil)] }
            return try paths.map { path in
                guard let path, let implied = Format.implied(byFileName: path) else {
                    if let path, let unknown = Format.fileExtension(of: path) {
                        throw unknownExtension(unknown, of: path, supported: supported, command: command)
                    }
                    return Target(format: .text, path: path)
                }
                guard supported.contains(implied) else {
                    throw UsageError(
                        "--out \(path): its extension names \(implied.rawValue), which \(command.rawValue) does not write (it writes \(supported.map(\.rawValue).joined(separator: ", "))); give --format")
                }
                return Target(format: implied, path: path)
            }
        }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let formats = try names.map(format)
        if formats.count == 1 {
            guard paths.count <= 1 else {
                throw UsageError(
                    "--format \(text) names one format for \(paths.count) --out files: give one format per --out (--format json,html) or leave --format out and each file's extension names its format")
            }
            return [Target(format: formats[0], path: paths.first ?? nil)]
        }
        guard paths.count == formats.count else {
            throw UsageError(
                "--format \(text) names \(formats.count) formats for \(paths.count) --out file\(paths.count == 1 ? "" : "s"): give one --out per format, in the same order (- for standard output)")
        }
        return try zip(formats, paths).map { format, path in
            if let path, let implied = Format.implied(byFileName: path), implied != format {
                throw UsageError(
                    "--out \(path) is paired with --format \(format.rawValue) but its extension names \(implied.rawValue): list the formats in the order of the --out files")
            }
            return Target(format: format, path: path)
        }
    }

    /// `--out FILE` whose extension names no format, with no `--format` to
    /// say one: refused rather than written as text under a name that says
    /// otherwise (`report.htlm`, `results.jsn`).
    static func unknownExtension(_ unknown: String, of path: String, supported: [Format], command: CommandName) -> UsageError {
        let known = Format.fileExtensions.filter { supported.contains($0.value) }.keys.sorted().map { "." + $0 }
        return UsageError(
            "--out \(path): .\(unknown) is not an extension \(command.rawValue) knows (\(known.joined(separator: " "))); "
                + "rename the file, or give --format for it (--format \(supported.map(\.rawValue).joined(separator: "|")))")
    }

    /// The format of the report on standard output, when one goes there.
    var standardOutputFormat: Format? { targets.first { $0.path == nil }?.format }

    /// Whether any report is in `format`.
    func writes(_ format: Format) -> Bool { targets.contains { $0.format == format } }

    /// Whether any report shows a run's comparison with the stored baseline.
    var showsStoredComparison: Bool { targets.contains { $0.format.showsStoredComparison } }

    /// Whether any report draws script events (worth a replay of each script).
    var marksScriptEvents: Bool { targets.contains { $0.format.marksScriptEvents } }

    /// The formats `command` writes: the values its `--format` declaration lists.
    static func formats(of command: CommandName) -> [Format] {
        let declared = OptionDeclaration.taken(by: command).first { $0.name == "format" }?.value ?? Format.text.rawValue
        return declared.split(separator: "|").compactMap { Format(rawValue: String($0)) }
    }

    /// Colour only on a terminal (not into `--out`), never when NO_COLOR is
    /// set to a non-empty value, and never for TERM=dumb (`ColorPolicy`).
    var colors: Bool {
        standardOutputFormat != nil && ColorPolicy.allowsColor(on: STDOUT_FILENO)
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
        // Every --out of a reporter: two reports on one file would keep only the second.
        return options.flatMap { option in
            let values = CommandName.reporters.contains(parsed.command) ? parsed.strings(option.name) : parsed.string(option.name).map { [$0] } ?? []
            return values.map { OutputOverlap.Output(option: "--\(option.name)", path: $0, isFolder: option.isFolder) }
        }
    }

    /// How this command's formats render here: colour and control escapes
    /// only for a terminal (`write` turns both off for a file), a run's text
    /// tables left out under `--quiet`.
    var exportOptions: ExportOptions {
        var options = ExportOptions()
        options.colors = colors
        options.omitsRunTables = quiet
        options.escapesControls = standardOutputFormat != nil && isatty(STDOUT_FILENO) != 0
        return options
    }

    /// Renders `subject` in every report's format, then prints or writes each
    /// (`emit`): a format that cannot render leaves no file half the reports wrote.
    func write(_ subject: ReportSubject, options: ExportOptions? = nil) throws {
        let given = options ?? exportOptions
        let rendered = try targets.map { target -> (Target, String) in
            var options = given
            if target.path != nil {
                options.colors = false
                options.escapesControls = false
            }
            return (target, String(decoding: try target.format.render(subject, options: options), as: UTF8.self))
        }
        for (target, text) in rendered { try emit(text, to: target) }
    }

    /// Prints `text`, or writes it to the target's file atomically; a failed write is an error.
    func emit(_ text: String, to target: Target) throws {
        if let path = target.path {
            try AtomicFile.write(Array((text + "\n").utf8), to: path, replacing: replacing)
        } else if target.format == .csv && isatty(STDOUT_FILENO) != 0 {
            // Controls escaped here for CSV rendered without `escapesControls` (programs); records end in a plain LF.
            try StandardStreams.printLine(UntrustedText.terminal(text.replacingOccurrences(of: "\r\n", with: "\n"), keepsLineBreaks: true))
        } else if !quiet || target.format != .text {
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
