import Foundation
import XCTest

@testable import Harness

/// `results-diff` on runs that kept distributions rather than frames: exact
/// means every bucket, not only the summary.
final class SummarizedResultsDiffTests: XCTestCase {
    private func entries(_ document: RunDocument) -> [ResultsDiff.Entry] {
        document.scenarios.map { ResultsDiff.Entry(path: "summarized.json", report: $0) }
    }

    private let exactCounts: [ResultsDiff.Rule] = [.init(kind: .allocation), .init(kind: .output)]

    func testEqualDistributionsAreTheSameAndAFrameMovedToAnotherBucketIsNamed() throws {
        let document = SummarizedHTMLReportTests.summarized(try HTMLReportTests.documentForCharts())
        let same = ResultsDiff(rules: exactCounts).compare(entries(document), entries(document))
        XCTAssertTrue(same.isSame, "\(same.differences)")
        let frames = try XCTUnwrap(document.scenarios[0].pooledDistribution(.frameTime)).count
        XCTAssertGreaterThan(frames, 0)
        XCTAssertTrue(same.lines.contains { $0.contains("on \(frames) frame(s)") }, "the frames compared are the distribution's: \(same.lines)")

        // One frame of layout allocations one bucket up, summary, count, min, max and mean left as they were:
        // only the bucket-by-bucket comparison can see it.
        var moved = document
        let metric = Metric.layoutAllocations
        let original = try XCTUnwrap(moved.scenarios[0].runs[0].distributions[metric])
        var buckets = original.buckets
        let from = try XCTUnwrap(buckets.firstIndex { $0 > 0 })
        buckets[from] -= 1
        buckets[from + 1] += 1
        moved.scenarios[0].runs[0].distributions[metric] = FrameDistribution(
            buckets: buckets, count: original.count, min: original.min, max: original.max, mean: original.mean,
            standardDeviation: original.standardDeviation)
        let outcome = ResultsDiff(rules: exactCounts).compare(entries(document), entries(moved))
        XCTAssertFalse(outcome.isSame)
        let key = document.scenarios[0].key
        XCTAssertEqual(
            outcome.differences,
            ["\(key): layout_allocations of run 1 differs in 2 distribution bucket(s) (bucket from, frames in A, in B): "
                + "(\(from), \(original.buckets[from]), \(buckets[from])), (\(from + 1), \(original.buckets[from + 1]), \(buckets[from + 1]))"])
        // A tolerance holds the summary's figures; a bucket's worth of one frame is no difference then.
        XCTAssertTrue(ResultsDiff(rules: [.init(kind: .allocation, tolerance: 0.5)]).compare(entries(document), entries(moved)).isSame)
    }

    func testADistributionWithAFrameFewerIsADifferenceNamingBothCounts() throws {
        let exact = try HTMLReportTests.documentForCharts()
        let summarized = SummarizedHTMLReportTests.summarized(exact)
        var fewer = summarized
        let metric = Metric.bytes
        let frames = exact.scenarios[0].runs[0][.bytes]
        fewer.scenarios[0].runs[0].distributions[metric] = FrameDistribution(Array(frames.dropLast()))
        let outcome = ResultsDiff(rules: exactCounts).compare(entries(summarized), entries(fewer))
        XCTAssertEqual(
            outcome.differences, ["\(exact.scenarios[0].key): \(metric.rawValue) of run 1 has \(frames.count) frames in A, \(frames.count - 1) in B (distributions)"])
        // A side that kept its frames is counted into buckets to compare with the other's distribution.
        var mixed = summarized
        mixed.scenarios[0].runs[0] = exact.scenarios[0].runs[0]
        XCTAssertEqual(
            ResultsDiff(rules: exactCounts).compare(entries(mixed), entries(summarized)).differences.filter { $0.contains(" of run ") }, [])
    }
}
