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
            charts += 1 + FramePhase.steps(of: Backend(rawValue: report.backend)!).count + 2
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
        let pairs = candidate.scenarios.reduce(0) { $0 + 1 + FramePhase.steps(of: Backend(rawValue: $1.backend)!).count }
        // Both timelines, bytes and dirty cells (the overlaid distributions replace the run's histograms).
        let runCharts = candidate.scenarios.count * 4
        XCTAssertEqual(count("<svg ", in: html), pairs + runCharts)
        XCTAssertEqual(count(">baseline</text>", in: html), pairs)
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
            for phase in [FramePhase.frame] + FramePhase.steps(of: Backend(rawValue: current.backend)!) {
                let name = Metric.time(of: phase).rawValue
                let chart = try XCTUnwrap(charts.first { $0.contains("<title>\(name): ") && $0.contains(">baseline</text>") }, name)
                let worse = rows.contains { $0.metric.phase == phase && $0.verdict == .worse }
                XCTAssertEqual(chart.contains("fill=\"#fdecea\""), worse, "\(current.key) \(name): \(chart.prefix(200))")
            }
            if current.backend == "framebench" {
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

    /// A real browser draws the page: headless Chromium takes a screenshot at
    /// 1400 px wide and `scripts/png_variety.py` checks it is not blank and
    /// that both sides were drawn: the baseline's and the candidate's colours
    /// each cover pixels (their boxes, densities and timeline keys). Skipped
    /// where Chromium is not installed (`.ci/run` installs it).
    /// `FRAMEBENCH_SCREENSHOT_DIR` keeps the page and its screenshot for a look.
    func testChromiumDrawsBothSidesOfTheComparisonPage() throws {
        let keep = ProcessInfo.processInfo.environment["FRAMEBENCH_SCREENSHOT_DIR"]
        let directory = try keep.map { URL(fileURLWithPath: $0) } ?? TemporaryDirectory.make()
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let chromium = try HeadlessChromium.locate(home: directory)
        // One small scenario a side keeps the test short (Chromium's start-up is most of it).
        let baseline = try HTMLReportTests.documentForCharts()
        let candidate = try HTMLReportTests.documentForCharts(RegressionInjection(phase: .layout, allocationsPerFrame: 3))
        let bytes = HTMLReport.comparison(
            baseline: baseline, candidate: candidate, report: Comparison.compare(baseline: baseline, candidate: candidate))
        let html = page(bytes)
        try Data(bytes).write(to: directory.appendingPathComponent("report.html"))
        // The first scenario's comparison charts with the page's own style, cut from the page: headless
        // Chromium's screenshot ignores a #fragment, and decoding a whole page's screenshot in Python takes
        // seconds, so the window holds just the part that has both sides.
        let head = try XCTUnwrap(html.components(separatedBy: "<body>").first)
        let block = try XCTUnwrap(html.components(separatedBy: "<h3 id=\"c0\">").dropFirst().first?.components(separatedBy: "<table>").first)
        let page = directory.appendingPathComponent("comparison-charts.html")
        let picture = directory.appendingPathComponent("comparison-charts.png")
        try Data((head + "<body><h3>" + block + "</body></html>\n").utf8).write(to: page)
        let output = try chromium.screenshot(page, to: picture, width: 1400, height: 700)
        XCTAssertTrue(FileManager.default.fileExists(atPath: picture.path), "chromium made no screenshot: \(output)")
        let check = try HeadlessChromium.checkPicture(picture, [
            "--min-colours", "64", "--min-ink", "0.05",
            "--require-colour", "\(SVGChart.baselineColor.dropFirst()):500",
            "--require-colour", "\(SVGChart.candidateColor.dropFirst()):500",
        ])
        XCTAssertEqual(check.status, 0, check.output)
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
