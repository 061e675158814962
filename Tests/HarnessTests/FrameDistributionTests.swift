import Foundation
import Workloads
import XCTest

@testable import Harness

/// The bounded summary a run keeps past `FrameSamples.exactFrameLimit`:
/// percentiles within the stated error of the exact ones on seeded data,
/// exact counts and moments, exact merges, and a run's memory bounded.
final class FrameDistributionTests: XCTestCase {
    /// Frame times shaped like real ones: a body around `scale` ns and a long tail.
    private func frameTimes(count: Int, seed: UInt64, scale: Double = 20_000) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let uniform = (Double(random.next() >> 11) + 0.5) / Double(1 << 53)
            let tail = random.below(100) == 0 ? 40.0 : 1.0
            return (scale * tail * exp(-log(uniform) * 0.3)).rounded(.down)
        }
    }

    func testPercentilesAreWithinTheStatedRelativeErrorOfTheExactOnes() {
        for (seed, count) in [(1, 1_000), (2, 7_777), (3, 40_000)] as [(UInt64, Int)] {
            let values = frameTimes(count: count, seed: seed)
            let exact = Summary(values)
            let summarized = Summary(FrameDistribution(values))
            for statistic in [Statistic.p50, .p90, .p99, .p999] {
                let want = exact.value(of: statistic)
                let got = summarized.value(of: statistic)
                XCTAssertLessThanOrEqual(
                    abs(got - want) / want, FrameDistribution.relativeError + 1e-12, "\(statistic) of \(count) frames: \(got) vs \(want)")
            }
            XCTAssertEqual(summarized.min, exact.min)
            XCTAssertEqual(summarized.max, exact.max)
            XCTAssertEqual(summarized.mean, exact.mean, accuracy: exact.mean * 1e-9)
            XCTAssertEqual(summarized.standardDeviation, exact.standardDeviation, accuracy: exact.standardDeviation * 1e-9)
        }
    }

    func testTheStatedErrorIsAtMostOneIn256() {
        XCTAssertEqual(FrameDistribution.relativeError, 1.0 / 256)
    }

    func testSmallWholeNumbersAreCountedExactly() {
        let values = (0..<10_000).map { Double($0 % 255) }
        assertSame(Summary(FrameDistribution(values)), Summary(values))
    }

    /// Percentiles, min and max equal; mean and deviation to rounding (a running mean sums in another order).
    private func assertSame(_ got: Summary?, _ want: Summary, line: UInt = #line) {
        guard let got else { return XCTFail("no summary", line: line) }
        for statistic in [Statistic.min, .p50, .p90, .p99, .p999, .max] {
            XCTAssertEqual(got.value(of: statistic), want.value(of: statistic), "\(statistic)", line: line)
        }
        XCTAssertEqual(got.mean, want.mean, accuracy: max(1, want.mean) * 1e-9, line: line)
        XCTAssertEqual(got.standardDeviation, want.standardDeviation, accuracy: max(1, want.standardDeviation) * 1e-9, line: line)
    }

    func testEveryBucketHoldsTheValuesItsRangeSays() {
        var random = SeededRandom(seed: 9)
        for _ in 0..<100_000 {
            let value = random.next() >> UInt64(random.below(64))
            let (lower, width) = FrameDistribution.range(of: FrameDistribution.bucket(of: value))
            XCTAssertLessThanOrEqual(lower, Double(value))
            XCTAssertLessThan(Double(value), lower + width)
            XCTAssertLessThanOrEqual(width, max(1, lower / 128), "\(value)")
        }
        XCTAssertEqual(FrameDistribution.bucket(of: .max), FrameDistribution.bucketCount - 1)
    }

    func testMergingCountsAsAddingEveryValueToOne() {
        let a = frameTimes(count: 5_000, seed: 4)
        let b = frameTimes(count: 7_000, seed: 5, scale: 90_000)
        var merged = FrameDistribution(a)
        merged.merge(FrameDistribution(b))
        let whole = FrameDistribution(a + b)
        XCTAssertEqual(merged.count, 12_000)
        XCTAssertEqual(merged.occupiedBuckets.map(\.count), whole.occupiedBuckets.map(\.count))
        XCTAssertEqual(merged.occupiedBuckets.map(\.lower), whole.occupiedBuckets.map(\.lower))
        XCTAssertEqual(merged.mean, whole.mean, accuracy: whole.mean * 1e-9)
        XCTAssertEqual(merged.standardDeviation, whole.standardDeviation, accuracy: whole.standardDeviation * 1e-9)
        XCTAssertEqual(Summary(merged).p99, Summary(whole).p99)
    }

    func testADistributionSurvivesJSONAndABadOneIsRefusedNamingWhy() throws {
        let distribution = FrameDistribution(frameTimes(count: 3_000, seed: 6))
        let decoded = try JSONDecoder().decode(FrameDistribution.self, from: JSONEncoder().encode(distribution))
        XCTAssertEqual(decoded.occupiedBuckets.map(\.count), distribution.occupiedBuckets.map(\.count))
        XCTAssertEqual(Summary(decoded).p999, Summary(distribution).p999)
        let short = #"{"count": 5, "min": 1, "max": 2, "mean": 1.5, "stddev": 0.5, "buckets": [[1, 2], [2, 2]]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(FrameDistribution.self, from: Data(short.utf8))) { error in
            XCTAssertTrue("\(error)".contains("the buckets count 4 frames, not count (5)"), "\(error)")
        }
        let outside = #"{"count": 1, "min": 1, "max": 1, "mean": 1, "stddev": 0, "buckets": [[99999, 1]]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(FrameDistribution.self, from: Data(outside.utf8))) { error in
            XCTAssertTrue("\(error)".contains("bucket [99999, 1]"), "\(error)")
        }
    }

    func testATallyJoinedRunByRunEqualsTheBudgetOfAllFramesInOrder() {
        let budget = 30_000.0
        let parts = [frameTimes(count: 500, seed: 7), Array(repeating: 50_000, count: 40), frameTimes(count: 300, seed: 8), [60_000, 70_000]]
        var joined = FrameBudget.Tally(budget: budget)
        for part in parts {
            var tally = FrameBudget.Tally(budget: budget)
            for time in part { tally.add(time) }
            joined.append(tally)
        }
        let whole = FrameBudget.evaluate(frameTimes: parts.flatMap { $0 }, budget: budget)
        XCTAssertEqual(joined.report.framesOverBudget, whole.framesOverBudget)
        XCTAssertEqual(joined.report.longestLateStreak, whole.longestLateStreak)
        XCTAssertGreaterThanOrEqual(whole.longestLateStreak, 40)
        XCTAssertEqual(joined.report.hitchTimeRatio, whole.hitchTimeRatio, accuracy: whole.hitchTimeRatio * 1e-12)
    }

    func testARunPastTheLimitKeepsADistributionAndExactCountsAndBudget() throws {
        let limit = 5_000
        let times = frameTimes(count: limit + 2_345, seed: 10)
        var samples = FrameSamples()
        samples.frameLimit = limit
        samples.reserve(times.count, budget: 40_000)
        for (index, time) in times.enumerated() {
            samples.append(time, to: .frameTime)
            samples.append(UInt64(index % 7), to: .allocations)
            samples.appendPreemptions(index % 1_000 == 0 ? 1 : 0)
        }
        XCTAssertTrue(samples.isSummarized)
        XCTAssertEqual(samples.frames, limit + 2_345)
        XCTAssertTrue(samples[.frameTime].isEmpty, "the frames past the limit are freed")
        XCTAssertNil(samples.frameTimesNotPreempted())
        XCTAssertEqual(samples.preemptionCounts?.preempted, (limit + 2_345 + 999) / 1_000)
        assertSame(samples.summary(of: .allocations), Summary(times.indices.map { Double($0 % 7) }))
        let p99 = try XCTUnwrap(samples.summary(of: .frameTime)).p99
        XCTAssertEqual(p99, Summary(times).p99, accuracy: Summary(times).p99 * FrameDistribution.relativeError)
        XCTAssertEqual(ReportBuilder.budget(samples, 40_000), FrameBudget.evaluate(frameTimes: times, budget: 40_000))

        let record = samples.record(of: [.frameTime, .allocations])
        XCTAssertTrue(record.frames.isEmpty)
        XCTAssertEqual(record.distributions[.frameTime]?.count, limit + 2_345)
        let carried = try JSONDecoder().decode(FrameSamples.self, from: JSONEncoder().encode(samples))
        XCTAssertEqual(carried.frames, samples.frames)
        XCTAssertEqual(carried.budgetTally, samples.budgetTally)
        XCTAssertEqual(carried.summary(of: .frameTime), samples.summary(of: .frameTime))
    }

    func testRunsThatFitTogetherStayExactAndRunsThatDoNotFold() {
        var small = FrameSamples()
        small.frameLimit = 100
        small[.frameTime] = [1, 2, 3]
        var pooled = small
        pooled.append(contentsOf: small)
        XCTAssertFalse(pooled.isSummarized)
        XCTAssertEqual(pooled[.frameTime], [1, 2, 3, 1, 2, 3])
        var large = FrameSamples()
        large.frameLimit = 100
        large[.frameTime] = Array(repeating: 5, count: 99)
        large.append(contentsOf: small)
        XCTAssertTrue(large.isSummarized)
        XCTAssertEqual(large.frames, 102)
        XCTAssertEqual(large.summary(of: .frameTime)?.max, 5)
    }

    func testAResultsFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-size-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.json").path
        try Data(repeating: 0x20, count: 4_096).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try InputFile.read(path, what: "results file", limit: 1_000)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("results file \(path) is 4096 bytes, more than framebench reads (1000 bytes"), message)
            XCTAssertTrue(message.contains(JSONFile.sizeLimitVariable), message)
        }
        XCTAssertEqual(try InputFile.read(path, what: "results file", limit: 4_096).count, 4_096)
    }
}
