import Foundation
import XCTest

@testable import Harness
@testable import Reports

/// The HTML pages of runs that kept distributions rather than frames (past
/// `FrameSamples.exactFrameLimit`): histograms and box plots from the
/// buckets, a line where the per-frame charts would be, never "no frames".
final class SummarizedHTMLReportTests: XCTestCase {
    /// `document` as if every run had gone past the frame limit: each run's
    /// frames become distributions (what `FrameSamples` hands over then).
    static func summarized(_ document: RunDocument) -> RunDocument {
        var summarized = document
        for index in summarized.scenarios.indices {
            var scenario = summarized.scenarios[index]
            scenario.runs = scenario.runs.map { run in
                RunSamples(frames: [:], distributions: run.frames.mapValues { FrameDistribution($0.map(Double.init)) })
            }
            // The summaries as a summarized run has them: from the distributions.
            for metric in scenario.metrics.keys {
                if let distribution = scenario.pooledDistribution(metric) { scenario.metrics[metric] = Summary(distribution) }
            }
            scenario.summarizedFrames = FrameSummaryNote(frames: scenario.pooledDistribution(.frameTime)?.count ?? 0)
            summarized.scenarios[index] = scenario
        }
        return summarized
    }

    private func page(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    func testASummarizedRunPageDrawsItsHistogramsFromTheBucketsAndSaysWhyThereIsNoTimeline() throws {
        let exact = try HTMLReportTests.documentForCharts()
        let document = Self.summarized(exact)
        let report = try XCTUnwrap(document.scenarios.first)
        XCTAssertTrue(report.isSummarized(.frameTime))
        let html = page(HTMLReport.run(document))
        let phases = FramePhase.steps(of: .framebench)
        // The whole frame's histogram and one per phase, nothing else: no timeline (nor its legend), no output series.
        XCTAssertEqual(count("<svg ", in: html), 1 + phases.count)
        XCTAssertEqual(count("</svg>", in: html), 1 + phases.count)
        XCTAssertFalse(html.contains("late frame</span>"), "the timeline's legend without a timeline")
        XCTAssertFalse(html.contains("no frames"), "a summarized run's histograms are empty")
        XCTAssertFalse(html.contains("frame time by phase over the run"), "a timeline was drawn from frames the run did not keep")
        XCTAssertEqual(count("class=\"note summarized\"", in: html), 2, "one line for the timeline, one for the output series")
        XCTAssertTrue(html.contains("kept a distribution of its frame times past \(FrameSamples.exactFrameLimit) frames"))
        // Each histogram holds every frame: the bars' frame counts add up to the run's.
        let frames = try XCTUnwrap(report.pooledDistribution(.frameTime)).count
        XCTAssertEqual(frames, exact.scenarios[0].frames(.frameTime).count)
        XCTAssertTrue(html.contains("(\(frames) measured frames)"))
        for phase in [.frame] + phases {
            let chart = try XCTUnwrap(html.components(separatedBy: "<svg ").first { $0.contains("<title>\(Metric.time(of: phase).rawValue)</title>") })
            let bars = chart.components(separatedBy: "<title>").dropFirst(2).compactMap { Int($0.prefix { $0 != " " }) }
            XCTAssertFalse(bars.isEmpty, "\(phase): no bars")
            XCTAssertEqual(bars.reduce(0, +), frames, "\(phase)")
        }
        // The exact run's page keeps its per-frame charts.
        XCTAssertEqual(count("<svg ", in: page(HTMLReport.run(exact))), 1 + phases.count + 2)
    }

    func testAComparisonOfSummarizedRunsOverlaysBothSidesFromTheirBuckets() throws {
        let baseline = Self.summarized(try HTMLReportTests.documentForCharts())
        let candidate = Self.summarized(try HTMLReportTests.documentForCharts(RegressionInjection(phase: .layout, allocationsPerFrame: 3)))
        let comparison = Comparison.compare(baseline: baseline, candidate: candidate)
        let html = page(HTMLReport.comparison(baseline: baseline, candidate: candidate, report: comparison))
        let pairs = 1 + FramePhase.steps(of: .framebench).count
        XCTAssertEqual(count("<svg ", in: html), pairs, "only the overlaid distributions: no timelines, no series")
        XCTAssertFalse(html.contains("no frames"))
        XCTAssertTrue(html.contains("The baseline run kept a distribution"))
        XCTAssertTrue(html.contains("The candidate run kept a distribution"))
        let charts = html.components(separatedBy: "<svg ").dropFirst()
        for chart in charts {
            // Both densities and both box plots, each side in its colour.
            for color in [SVGChart.baselineColor, SVGChart.candidateColor] {
                XCTAssertEqual(count("fill=\"\(color)\" fill-opacity=\"0.22\"", in: chart), 1, "density: \(chart.prefix(120))")
                XCTAssertEqual(count("fill=\"\(color)\"><title>", in: chart), 1, "box: \(chart.prefix(120))")
                XCTAssertEqual(count("r=\"2.5\" fill=\"\(color)\"", in: chart), 1, "max dot: \(chart.prefix(120))")
            }
            XCTAssertEqual(count("<circle ", in: chart), 2, "a max dot per side")
        }
    }

    func testChartFramesFromADistributionReadLikeTheFramesWithinABucket() {
        let values = (1...2000).map { Double($0 * 37 % 5000 + 300) }
        let exact = ChartFrames.frames(values)
        let bucketed = ChartFrames.distribution(FrameDistribution(values))
        XCTAssertEqual(bucketed.count, exact.count)
        XCTAssertEqual(bucketed.minimum, exact.minimum)
        XCTAssertEqual(bucketed.maximum, exact.maximum)
        XCTAssertEqual(bucketed.weighted.reduce(0) { $0 + $1.frames }, 2000)
        for fraction in [0.25, 0.5, 0.9, 0.99] {
            XCTAssertEqual(bucketed.quantile(fraction), exact.quantile(fraction), accuracy: exact.quantile(fraction) * 2 * FrameDistribution.relativeError + 1)
        }
        let axis = LogAxis(covering: exact.extent, start: 0, length: 300)
        let shares = SVGChart.bins(bucketed, on: axis, count: 30)
        XCTAssertEqual(shares.reduce(0, +), 1, accuracy: 1e-9)
    }
}
