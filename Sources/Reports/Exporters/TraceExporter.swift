import Harness

/// `--trace FILE`: a run's frames as a Chrome/Perfetto trace (`ChromeTrace`),
/// with script events and each frame's costliest view. A trace shows frames:
/// a comparison has none of its own.
public struct TraceExporter: Exporter {
    public var limits = ChromeTrace.Options()

    public init() {}

    public func render(_ subject: ReportSubject, options: ExportOptions) throws -> [UInt8] {
        guard case .run(let document, _, _) = subject else {
            throw UsageError("a trace shows a run's frames, not a comparison")
        }
        return try ChromeTrace.render(document, markers: options.markers, views: options.views, options: limits)
    }
}
