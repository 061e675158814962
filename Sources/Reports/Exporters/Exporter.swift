import Harness

/// A format: renders what a command reports (`ReportSubject`) to the bytes
/// it writes. Every format framebench writes is one (`ReportFormat.exporter`
/// maps `--format NAME` to it; `TraceExporter` is `--trace`); commands
/// choose the subject and where the bytes go, never how they look.
///
/// The bytes are the document without a final line end: the command adds
/// one when it prints or writes them (`OutputOptions.emit`).
public protocol Exporter {
    /// `subject` in this format.
    /// - Throws: `UsageError` when the format does not show this subject (a
    ///   comparison as CSV); an encoder's error when a value cannot be written.
    func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8]
}

/// What a report is about.
public enum ReportSubject {
    /// A run's results (`run`, `baseline show`, `program`): `runs` are the
    /// runs just made (the text report's lines on the two lanes; none for
    /// stored results), `stored` the run compared with the stored baseline.
    case run(RunDocument, runs: [RunResult] = [], stored: ComparedRuns? = nil)
    /// A comparison or a check (`compare`, `check`).
    case comparison(ComparedRuns)
}

/// A comparison with what was compared: the baseline's name as the reader
/// knows it, its results when there are any (a check may have budgets only),
/// and the candidate's.
public struct ComparedRuns {
    public var report: ComparisonReport
    public var baselineName: String
    public var baseline: RunDocument?
    public var candidate: RunDocument

    public init(report: ComparisonReport, baselineName: String, baseline: RunDocument?, candidate: RunDocument) {
        self.report = report
        self.baselineName = baselineName
        self.baseline = baseline
        self.candidate = candidate
    }
}

/// How a format renders: what depends on where the bytes go and on what
/// the command knows beyond the results.
public struct ExportOptions {
    /// Text: colour (a terminal that takes it, not `--out`).
    public var colors = false
    /// Text: a run's tables left out (`--quiet`); a comparison's lines stay.
    public var omitsRunTables = false
    /// CSV: control characters in fields shown as `\u{1b}` (standard output is a terminal).
    public var escapesControls = false
    /// HTML and trace: script events per scenario name, on the time axes.
    public var markers: [String: [TraceMarker]] = [:]
    /// Trace: the costliest view of each frame, per report key (`--profile-views`).
    public var views: [String: [Int: FrameViewCost]] = [:]

    public init() {}
}
