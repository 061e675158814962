import Harness

/// `--format text`: the text report (`TextReport`). A run's tables, and the
/// stored baseline's comparison after them; a comparison's rows, then its
/// budgets.
struct TextExporter: Exporter {
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        let text = TextReport(colors: options.colors)
        switch subject {
        case .run(let document, let runs, let stored):
            var body = options.omitsRunTables ? "" : text.run(document, runs: runs)
            if let stored { body += "\n" + text.comparison(stored.report, baselineName: stored.baselineName) }
            return Array(body.utf8)
        case .comparison(let compared):
            let report = compared.report
            return Array((text.comparison(report, baselineName: compared.baselineName) + "\n" + text.budgets(report.budgets)).utf8)
        }
    }
}
