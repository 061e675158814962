import Harness

/// `--format html`: one self-contained page of charts (`HTMLReport`), script
/// events on its time axes. A run's page shows the run alone.
struct HTMLExporter: Exporter {
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        switch subject {
        case .run(let document, _, _):
            return HTMLReport.run(document, markers: options.markers)
        case .comparison(let compared):
            return HTMLReport.comparison(
                baseline: compared.baseline, candidate: compared.candidate, report: compared.report, markers: options.markers)
        }
    }
}
