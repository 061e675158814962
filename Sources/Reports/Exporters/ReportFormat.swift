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
