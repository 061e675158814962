import Harness

/// `--format junit`: the comparison's cases (`JUnitReport`). A run has a
/// case per benchmark and backend (its frame budget), then its comparison
/// with the stored baseline when there is one.
struct JUnitExporter: Exporter {
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        switch subject {
        case .run(let document, _, let stored): return Array(JUnitReport.run(document, comparison: stored?.report).utf8)
        case .comparison(let compared): return Array(JUnitReport.report(compared.report).utf8)
        }
    }
}
