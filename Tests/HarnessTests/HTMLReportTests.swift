import FrameGrid
import Foundation
import Workloads
import XCTest

@testable import Harness
@testable import Reports
@testable import FrameBenchCLI

/// The HTML report is one self-contained page: nothing external, every
/// scenario in it with an SVG per chart, every name escaped.
final class HTMLReportTests: XCTestCase {
    static let hostile = "<script>alert(1)</script>\"' onload=x \u{1B}[2J"

    private func document(_ injection: RegressionInjection = RegressionInjection()) throws -> RunDocument {
        var plain = GateTests.settings(injection, frames: 120, backend: .both)
        plain.name = HTMLReportTests.hostile
        var scene = RunSettings(
            workload: "profile-feed", frames: 60,
            workloadSettings: WorkloadSettings(size: Size(cols: 60, rows: 20), seed: 3, feedItems: 500, script: "filters"),
            catalog: WorkloadFactory.catalog)
        scene.name = "filters"
        scene.injection = injection
        return try SuiteRunner(benchmarks: [plain, scene]).run().document
    }

    /// A small run for chart tests that need a real scenario report.
    static func documentForCharts(_ injection: RegressionInjection = RegressionInjection()) throws -> RunDocument {
        try SuiteRunner(benchmarks: [GateTests.settings(injection, frames: 120, backend: .framebench)]).run().document
    }

    private func page(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func assertSelfContained(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        let lower = html.lowercased()
        for reference in ["http:", "https:", "src=", "<script", "<link", "@import", "url("] {
            XCTAssertFalse(lower.contains(reference), "the page refers to something outside it: \(reference)", file: file, line: line)
        }
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"), file: file, line: line)
        XCTAssertTrue(html.hasSuffix("</body></html>\n"), file: file, line: line)
        XCTAssertFalse(html.contains("\u{1B}"), "an escape character reached the page", file: file, line: line)
    }

    private func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    /// Every chart fits a 1400 px window with a scroll bar (1385 px) beside the page's 24 px margins,
    /// and the tiles are of the widths that sit two (comparison, output) or four (phases) to a row.
    private func assertFitsA1400PixelWindow(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        let widths = html.components(separatedBy: "<svg role=\"img\" width=\"").dropFirst().map { Int($0.prefix { $0 != "\"" })! }
        XCTAssertFalse(widths.isEmpty, file: file, line: line)
        XCTAssertLessThanOrEqual(widths.max()!, 1385 - 48, file: file, line: line)
        // Tiles: 660 px two to a row (1328 px with the gap), 325 px four (1324 px); a new width needs its own check.
        XCTAssertEqual(Set(widths).subtracting([1000, 660, 325]), [], "a chart of a width this test does not know", file: file, line: line)
    }

    func testARunPageIsSelfContainedWithEveryScenarioAndAnSVGPerChart() throws {
        let document = try document()
        let markers = Dictionary(
            document.scenarios.map { ($0.name, ScriptEvents.markers(for: $0.settings)) }, uniquingKeysWith: { first, _ in first })
        let html = page(HTMLReport.run(document, markers: markers))
        assertSelfContained(html)
        assertFitsA1400PixelWindow(html)
        // Per scenario: the timeline, a histogram per phase, bytes and dirty cells.
        var charts = 0
        for report in document.scenarios {
            XCTAssertTrue(html.contains("<h2>\(HTMLText.escape(report.key))</h2>"), report.key)
            charts += 1 + FramePhase.steps(of: report.backend.lane).count + 2
        }
        XCTAssertEqual(document.scenarios.count, 3)
        XCTAssertEqual(count("<svg ", in: html), charts)
        XCTAssertEqual(count("</svg>", in: html), charts)
        // The filters script switches filters every 40 frames: its events are ticks on the time axis.
        XCTAssertTrue(html.contains("filter switch to 3 (frame 40)"))
    }

    func testHostileNamesAreShownNotObeyed() throws {
        let html = page(HTMLReport.run(try document()))
        XCTAssertFalse(html.contains(HTMLReportTests.hostile))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; onload=x \\u{1b}[2J"))
    }

    func testAComparisonShowsBothSidesTheVerdictsAndHighlightsThePhaseThatMoved() throws {
        let baseline = try document()
        let candidate = try document(RegressionInjection(phase: .layout, allocationsPerFrame: 3))
        let report = Comparison.compare(baseline: baseline, candidate: candidate)
        let html = page(HTMLReport.comparison(baseline: baseline, candidate: candidate, report: report))
        assertSelfContained(html)
        assertFitsA1400PixelWindow(html)
        XCTAssertTrue(html.contains("FAILED"))
        for current in candidate.scenarios {
            XCTAssertTrue(html.contains("<h2>\(HTMLText.escape(current.key))</h2>"), current.key)
        }
        // One pair of distributions per timing (frame and each phase), besides the run's charts.
        let pairs = candidate.scenarios.reduce(0) { $0 + 1 + FramePhase.steps(of: $1.backend.lane).count }
        // Both timelines, bytes and dirty cells (the overlaid distributions replace the run's histograms).
        let runCharts = candidate.scenarios.count * 4
        XCTAssertEqual(count("<svg ", in: html), pairs + runCharts)
        // The baseline named in each pair of distributions and in the key of each output series it has counts for
        // (bytes, dirty cells: the ncurses lane counts no dirty cells).
        let keyed = baseline.scenarios.reduce(0) { sum, scenario in sum + [Metric.bytes, .dirtyCells].filter { !scenario.frames($0).isEmpty }.count }
        XCTAssertEqual(count(">baseline</text>", in: html), pairs + keyed)
        // The layout phase moved (its allocations, counted exactly): its pair
        // is highlighted in every lane of ours. Timings are real and short
        // (debug build, a loaded CI machine), so whether a time moved is the
        // comparison's call, not this test's: every chart is highlighted
        // exactly when the report has a worse figure of its phase, and the
        // phases downstream of layout gained no allocations.
        let moved = try XCTUnwrap(html.components(separatedBy: "class=\"moved\">Moved: ").dropFirst().first)
        XCTAssertTrue(moved.prefix { $0 != "<" }.contains("layout_allocations +"), String(moved.prefix(200)))
        // The injection runs in framebench's layout phase; the ncurses lane has no injection point there.
        let sections = html.components(separatedBy: "<section ").dropFirst().filter { $0.contains("[framebench]</h2>") }
        XCTAssertEqual(sections.count, 2)
        for section in sections {
            let layout = section.components(separatedBy: "<svg ").filter { $0.contains("<title>layout_ns: ") }
            XCTAssertEqual(layout.count, 1)
            XCTAssertTrue(layout[0].contains("fill=\"#fdecea\""), layout[0])
            let title = layout[0].components(separatedBy: "</title>")[0]
            XCTAssertTrue(title.contains("layout_allocations +"), title)
        }
        for current in candidate.scenarios {
            let rows = report.rows.filter { $0.scenario == current.key }
            let section = try XCTUnwrap(html.components(separatedBy: "<section ").first {
                $0.contains("<h2>\(HTMLText.escape(current.key))</h2>")
            })
            let charts = section.components(separatedBy: "<svg ").dropFirst()
            for phase in [FramePhase.frame] + FramePhase.steps(of: current.backend.lane) {
                let name = Metric.time(of: phase).rawValue
                let chart = try XCTUnwrap(charts.first { $0.contains("<title>\(name): ") && $0.contains(">baseline</text>") }, name)
                let worse = rows.contains { $0.metric.phase == phase && $0.verdict == .worse }
                XCTAssertEqual(chart.contains("fill=\"#fdecea\""), worse, "\(current.key) \(name): \(chart.prefix(200))")
            }
            if current.backend == .framebench {
                for phase in [FramePhase.diff, .encode, .write] {
                    let allocations = Metric.allocations(of: phase).count
                    for row in rows where row.metric == allocations {
                        XCTAssertNotEqual(row.verdict, .worse, "\(current.key) \(allocations.rawValue): \(row.evidence)")
                    }
                }
            }
        }
    }

    func testACheckWithoutABaselineShowsTheRunAndItsBudgets() throws {
        let candidate = try document()
        var report = ComparisonReport()
        report.budgets = [
            BudgetCheck(scenario: candidate.scenarios[0].key, limit: "frame_time_ns.p50", metric: .frameTime, value: 2, maximum: 1)
        ]
        let html = page(HTMLReport.comparison(baseline: nil, candidate: candidate, report: report))
        assertSelfContained(html)
        XCTAssertTrue(html.contains("FAILED"))
        XCTAssertTrue(html.contains("<h3>Budgets</h3>"))
        XCTAssertFalse(html.contains("Baseline against candidate"))
    }

    /// `body`, a part of `html`, as headless Chromium draws it with the
    /// page's own style in a window 1400 px wide and `height` high, checked
    /// by `scripts/png_variety.py` (`checks`) to hold both sides' colours on
    /// `pixels` pixels each at least. Only a part: Chromium's screenshot
    /// ignores a #fragment, and decoding a whole page's screenshot in Python
    /// takes seconds. Skipped where Chromium is not installed (`.ci/run`
    /// installs it). `FRAMEBENCH_SCREENSHOT_DIR` keeps the pages and the
    /// screenshot (`NAME.png`) for a look.
    private func assertChromiumDrawsBothSides(
        _ body: String, of html: String, named name: String, height: Int, checks: [String], pixels: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let keep = ProcessInfo.processInfo.environment["FRAMEBENCH_SCREENSHOT_DIR"]
        let directory = try keep.map { URL(fileURLWithPath: $0) } ?? TemporaryDirectory.make()
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let chromium = try HeadlessChromium.locate(home: directory)
        try Data(html.utf8).write(to: directory.appendingPathComponent("report.html"))
        let head = try XCTUnwrap(html.components(separatedBy: "<body>").first, file: file, line: line)
        let page = directory.appendingPathComponent("\(name).html")
        let picture = directory.appendingPathComponent("\(name).png")
        try Data((head + "<body>" + body + "</body></html>\n").utf8).write(to: page)
        let output = try chromium.screenshot(page, to: picture, width: 1400, height: height)
        XCTAssertTrue(FileManager.default.fileExists(atPath: picture.path), "chromium made no screenshot: \(output)", file: file, line: line)
        let check = try HeadlessChromium.checkPicture(picture, checks + [
            "--require-colour", "\(SVGChart.baselineColor.dropFirst()):\(pixels)",
            "--require-colour", "\(SVGChart.candidateColor.dropFirst()):\(pixels)",
        ])
        XCTAssertEqual(check.status, 0, check.output, file: file, line: line)
    }

    /// A comparison of two small runs (one scenario a side keeps a browser test short).
    private func smallComparison() throws -> (candidate: RunDocument, html: String) {
        let baseline = try HTMLReportTests.documentForCharts()
        let candidate = try HTMLReportTests.documentForCharts(RegressionInjection(phase: .layout, allocationsPerFrame: 3))
        let html = page(HTMLReport.comparison(
            baseline: baseline, candidate: candidate, report: Comparison.compare(baseline: baseline, candidate: candidate)))
        return (candidate, html)
    }

    /// A real browser draws the comparison: the first scenario's charts are
    /// not blank, and the baseline's and the candidate's colours each cover
    /// pixels (their boxes, densities and timeline keys).
    func testChromiumDrawsBothSidesOfTheComparisonPage() throws {
        let html = try smallComparison().html
        let block = try XCTUnwrap(html.components(separatedBy: "<h3 id=\"c0\">").dropFirst().first?.components(separatedBy: "<table>").first)
        try assertChromiumDrawsBothSides(
            "<h3>" + block, of: html, named: "comparison-charts", height: 700, checks: ["--min-colours", "64", "--min-ink", "0.05"],
            pixels: 500)
    }

    /// The compare page's bytes and dirty cells per frame draw both runs on
    /// one scale: a line in each side's colour (the baseline's wide and pale
    /// underneath, as equal counts would hide it) and a key naming both. A
    /// real browser shows both colours (the key's swatches at least: thin
    /// lines are mostly anti-aliased pixels).
    func testTheComparisonsOutputSeriesDrawBothRuns() throws {
        let (candidate, html) = try smallComparison()
        let output = try XCTUnwrap(
            html.components(separatedBy: "<h3>Output over the run</h3>").dropFirst().first?.components(separatedBy: "<h3").first)
        let charts = output.components(separatedBy: "<svg ").dropFirst()
        XCTAssertEqual(charts.count, 2, "bytes and dirty cells")
        for chart in charts {
            XCTAssertEqual(count("<polyline fill=\"none\" stroke=\"\(SVGChart.baselineColor)\" stroke-width=\"3\"", in: chart), 1)
            XCTAssertEqual(count("<polyline fill=\"none\" stroke=\"\(SVGChart.candidateColor)\" stroke-width=\"1.2\"", in: chart), 1)
            XCTAssertEqual(count("<polyline ", in: chart), 2, String(chart.prefix(300)))
            XCTAssertTrue(chart.contains(">baseline</text>") && chart.contains(">candidate</text>"), String(chart.prefix(300)))
        }
        // A run page keeps one line a chart, in its own colours, with no key.
        let run = page(HTMLReport.run(candidate))
        let runOutput = try XCTUnwrap(run.components(separatedBy: "<h3>Output over the run</h3>").dropFirst().first)
        XCTAssertEqual(count("<polyline ", in: runOutput), 2)
        XCTAssertFalse(runOutput.contains(">candidate</text>"))
        try assertChromiumDrawsBothSides(
            "<h3>Output over the run</h3>" + output, of: html, named: "comparison-output", height: 220,
            checks: ["--min-colours", "16", "--min-ink", "0.02"], pixels: 150)
    }
}

/// A fresh folder under the system's temporary directory.
enum TemporaryDirectory {
    static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
