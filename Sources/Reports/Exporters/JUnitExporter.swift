import Harness

/// `--format junit`: the comparison's cases (`JUnitReport`). A run shows
/// its comparison with the stored baseline, and no case without one.
struct JUnitExporter: Exporter {
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        switch subject {
        case .run(_, _, let stored): return Array(JUnitReport.report(stored?.report ?? ComparisonReport()).utf8)
        case .comparison(let compared): return Array(JUnitReport.report(compared.report).utf8)
        }
    }
}
