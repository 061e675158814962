import Harness

/// The formats of `--format NAME`, each mapped to its exporter here and
/// nowhere else. Which formats a command takes is its `--format`
/// declaration's business (`OutputOptions`).
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, markdown, junit, html
    case githubBenchmark = "github-benchmark"
    case bmf, csv

    /// The exporter that writes this format.
    public var exporter: any Exporter {
        switch self {
        case .text: return TextExporter()
        case .json: return JSONExporter()
        case .markdown: return MarkdownExporter()
        case .junit: return JUnitExporter()
        case .html: return HTMLExporter()
        case .githubBenchmark: return ResultsExporter(export: .githubBenchmark)
        case .bmf: return ResultsExporter(export: .bmf)
        case .csv: return ResultsExporter(export: .csv)
        }
    }

    /// The format a file name's extension names (`results.json`, `report.html`,
    /// `summary.md`, `junit.xml`, `results.csv`, `report.txt`; any case), for
    /// `--out FILE` without `--format`; nil for any other name.
    public static func implied(byFileName name: String) -> ReportFormat? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        return fileExtensions[name[name.index(after: dot)...].lowercased()]
    }

    /// The extension of a file name (`report.htm`: "htm"), nil when its last
    /// component has none: no dot, a dot only in front (`.results`) or at the end.
    public static func fileExtension(of name: String) -> String? {
        let file = name.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(name)
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex, file.index(after: dot) != file.endIndex else { return nil }
        return String(file[file.index(after: dot)...])
    }

    /// The extensions `implied(byFileName:)` knows, each with its format.
    public static let fileExtensions: [String: ReportFormat] = [
        "json": .json, "html": .html, "htm": .html, "md": .markdown, "markdown": .markdown, "xml": .junit, "csv": .csv, "txt": .text,
    ]

    /// Whether `run` shows its comparison with the stored baseline in this
    /// format (HTML and JSON show the run alone; the exports are results).
    public var showsStoredComparison: Bool { self == .text || self == .markdown || self == .junit }

    /// Whether this format draws time axes with script events on them
    /// (`ExportOptions.markers`, which cost a replay of each script to find).
    public var marksScriptEvents: Bool { self == .html }

    /// `subject` in this format: `exporter.render`.
    public func render(_ subject: ReportSubject, options: ExportOptions = ExportOptions()) throws -> [UInt8] {
        try exporter.render(subject, options: options)
    }
}
