import Foundation
import Harness
import Reports

/// `--trace FILE` and `--profile-views` on `run`: what a run shows beyond its
/// report. The trace (`ChromeTrace`) carries each scenario's script events
/// and, with `--profile-views`, each frame's costliest view; the per-view
/// tables go to standard output after the report (standard error when the
/// report itself goes to standard output in another format).
///
/// Profiling views runs the benchmarks in this process (the probe lives
/// here), not one process per run.
struct SeeingOptions {
    var tracePath: String?
    var replacing: Bool
    var profilesViews: Bool
    var viewRows: Int
    private var profilers: [String: ViewProfiler] = [:]

    init(_ parsed: ParsedArguments) throws {
        tracePath = parsed.string("trace")
        replacing = parsed.flag("force")
        profilesViews = parsed.flag("profile-views")
        viewRows = try parsed.integer("view-rows", default: 15, in: 1...1_000)
        if let tracePath {
            guard !tracePath.isEmpty, tracePath != "-" else { throw UsageError("--trace needs a file name") }
            do { try AtomicFile.check(tracePath, replacing: replacing) } catch let error as UsageError {
                throw UsageError("--trace: \(error.description)")
            }
        }
    }

    /// Installs a view profiler on each benchmark when asked. Refuses, before
    /// anything runs, a trace or view profile of a benchmark with more
    /// measured frames than a run keeps one by one: both need every frame.
    mutating func prepare(_ runner: inout SuiteRunner) throws {
        for (option, wanted) in [("--trace", tracePath != nil), ("--profile-views", profilesViews)] where wanted {
            try Recording.checkEveryFrameFits(runner.benchmarks, option: option)
        }
        guard profilesViews else { return }
        runner.isolation = .inProcess
        runner.benchmarks = runner.benchmarks.map { declared in
            var settings = declared
            let profiler = profilers[settings.name] ?? ViewProfiler(warmUpFrames: settings.warmUpFrames)
            profilers[settings.name] = profiler
            settings.viewProfiler = profiler
            return settings
        }
    }

    /// Writes the trace and prints the per-view tables.
    func finish(_ document: RunDocument, tablesToStandardError: Bool) throws {
        var views: [String: [Int: FrameViewCost]] = [:]
        var tables: [String] = []
        for report in document.scenarios where report.backend == .framebench {
            guard let profile = profilers[report.name]?.report() else { continue }
            views[report.key] = profile.frames
            let times = report.frames(.frameTime).enumerated().map { (report.settings.warmUpFrames + $0.offset, $0.element) }
            tables.append(profile.text(title: report.key, count: viewRows, frameTimes: times))
        }
        if profilesViews && tables.isEmpty {
            tables.append("per-view layout cost: no framebench lane laid out views (scenes have views; plain workloads do not)")
        }
        if let tracePath {
            var options = ExportOptions()
            options.markers = SeeingOptions.markers([document])
            options.views = views
            try AtomicFile.write(try TraceExporter().render(.run(document), options: options), to: tracePath, replacing: replacing)
        }
        for table in tables {
            if tablesToStandardError { FrameBenchCommand.printError(table) } else { try StandardStreams.printLine(table) }
        }
    }

    /// Script events of every scenario of `documents`, for the trace and HTML reports.
    static func markers(_ documents: [RunDocument]) -> [String: [TraceMarker]] {
        var markers: [String: [TraceMarker]] = [:]
        for report in documents.flatMap(\.scenarios) where markers[report.name] == nil {
            markers[report.name] = ScriptEvents.markers(for: report.settings)
        }
        return markers
    }
}
