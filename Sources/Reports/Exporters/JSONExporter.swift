import Harness

/// `--format json`: a run's results as the results file stores them
/// (`RunDocument`, one line), a comparison as `ComparisonJSON`.
struct JSONExporter: Exporter {
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        switch subject {
        case .run(let document, _, _):
            return Array(try JSONFile.encode(document, compact: true))
        case .comparison(let compared):
            return Array(try ComparisonJSON.encode(compared.report, baselineName: compared.baselineName).utf8)
        }
    }
}
