import Harness

/// `--format markdown`: `MarkdownReport`, for pull-request comments and job
/// summaries. A run's table, and the stored baseline's comparison after it.
struct MarkdownExporter: Exporter {
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        switch subject {
        case .run(let document, _, let stored):
            var text = MarkdownReport.run(document)
            if let stored { text += "\n\n" + MarkdownReport.comparison(stored.report, baselineName: stored.baselineName) }
            return Array(text.utf8)
        case .comparison(let compared):
            return Array(MarkdownReport.comparison(compared.report, baselineName: compared.baselineName).utf8)
        }
    }
}
