import Foundation
import XCTest

@testable import Harness
@testable import Reports

/// Markdown, JUnit, CSV and the chart exports of a run that kept
/// distributions: every figure the exact run has (percentiles read from the
/// distribution), and the note where the format has room for it.
final class SummarizedExportsTests: XCTestCase {
    func testEveryExportOfASummarizedRunHasTheExactRunsFiguresAndTheNoteWhereThereIsRoom() throws {
        let exact = try HTMLReportTests.documentForCharts()
        let summarized = SummarizedHTMLReportTests.summarized(exact)
        let note = try XCTUnwrap(summarized.scenarios[0].summarizedFrames).text

        let markdown = MarkdownReport.run(summarized)
        XCTAssertTrue(markdown.contains("> \(UntrustedText.markdown(summarized.scenarios[0].key)): \(UntrustedText.markdown(note))"), markdown)
        XCTAssertFalse(MarkdownReport.run(exact).contains("log-bucketed"), "an exact run has no note")
        XCTAssertEqual(markdown.components(separatedBy: " - |").count, MarkdownReport.run(exact).components(separatedBy: " - |").count,
            "a figure went missing: \(markdown)")

        let junit = JUnitReport.run(summarized, comparison: nil)
        XCTAssertTrue(junit.contains("percentiles from a log-bucketed distribution"), junit)
        XCTAssertFalse(JUnitReport.run(exact, comparison: nil).contains("log-bucketed"))

        // CSV, github-benchmark and BMF have no room for a note: the same rows, each figure finite,
        // a percentile within the distribution's error of the exact one (counts below 256 exactly).
        let exactRows = CSVExport.rows(exact), rows = CSVExport.rows(summarized)
        XCTAssertEqual(rows.count, exactRows.count)
        XCTAssertEqual(rows.map { Array($0.prefix(7)) }, exactRows.map { Array($0.prefix(7)) })
        for (row, exactRow) in zip(rows, exactRows) {
            let value = try XCTUnwrap(Double(row[7])), expected = try XCTUnwrap(Double(exactRow[7]))
            XCTAssertEqual(value, expected, accuracy: abs(expected) * 2 * FrameDistribution.relativeError + 1e-6, "\(row)")
        }
        XCTAssertEqual(GitHubBenchmark.entries(summarized).count, GitHubBenchmark.entries(exact).count)
        XCTAssertEqual(BencherMetricFormat.document(summarized).mapValues(\.count), BencherMetricFormat.document(exact).mapValues(\.count))
    }
}
