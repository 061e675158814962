import Harness

/// The exports of a run's results for trackers: `github-benchmark`
/// (`GitHubBenchmark`), `bmf` (`BencherMetricFormat`) and `csv`
/// (`CSVExport`). A comparison is not results: refused.
struct ResultsExporter: Exporter {
    enum Export: String {
        case githubBenchmark = "github-benchmark"
        case bmf, csv
    }

    let export: Export

    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        guard case .run(let document, _, _) = subject else {
            throw UsageError("--format \(export.rawValue) exports a run's results, not a comparison")
        }
        switch export {
        case .githubBenchmark: return Array(try GitHubBenchmark.encode(document))
        case .bmf: return Array(try BencherMetricFormat.encode(document))
        case .csv:
            // Records end in CRLF; the command's line end is the last LF.
            return Array(CSVExport.text(document, escapesControls: options.escapesControls).utf8.dropLast())
        }
    }
}
