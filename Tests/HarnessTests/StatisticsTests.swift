import Foundation
import XCTest

@testable import Harness

/// Seeded samples from known distributions, so every statistical test below
/// sees the same numbers on every run (SplitMix64 + Box-Muller).
private struct SeededSamples {
    var state: UInt64

    mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        // 53 random bits, shifted off zero so log() below stays finite.
        return (Double(z >> 11) + 0.5) / 9_007_199_254_740_992
    }

    mutating func normal() -> Double {
        (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
    }

    mutating func uniform(_ count: Int) -> [Double] { (0..<count).map { _ in uniform() } }

    mutating func exponential(_ count: Int) -> [Double] { (0..<count).map { _ in -log(uniform()) } }

    /// Lognormal frame times in ns: `median` ns, spread `sigma` in log units.
    mutating func frameTimes(_ count: Int, median: Double = 1_000_000, sigma: Double = 0.3) -> [Double] {
        (0..<count).map { _ in median * exp(sigma * normal()) }
    }
}

final class MannWhitneyTests: XCTestCase {
    func testSameUniformDistributionRejectsAtAboutTheNominalRate() {
        var samples = SeededSamples(state: 1)
        let rejections = (0..<200).filter { _ in
            MannWhitney.test(samples.uniform(40), samples.uniform(40)).pValue < 0.05
        }.count
        XCTAssertTrue((2...20).contains(rejections), "\(rejections) of 200 rejected at alpha 0.05")
    }

    func testSameSkewedDistributionsRejectAtAboutTheNominalRate() {
        var samples = SeededSamples(state: 2)
        let exponential = (0..<200).filter { _ in
            MannWhitney.test(samples.exponential(50), samples.exponential(30)).pValue < 0.05
        }.count
        let lognormal = (0..<200).filter { _ in
            MannWhitney.test(samples.frameTimes(60), samples.frameTimes(60)).pValue < 0.05
        }.count
        XCTAssertTrue((2...20).contains(exponential), "exponential: \(exponential) of 200")
        XCTAssertTrue((2...20).contains(lognormal), "lognormal: \(lognormal) of 200")
    }

    func testTenPercentSlowerLognormalFramesAreDetected() {
        var samples = SeededSamples(state: 3)
        let baseline = samples.frameTimes(2000)
        let candidate = samples.frameTimes(2000).map { $0 * 1.10 }
        let result = MannWhitney.test(candidate, baseline)
        XCTAssertLessThan(result.pValue, 1e-6)
        XCTAssertGreaterThan(result.z, 0)
        XCTAssertGreaterThan(result.effectSize, 0.5)
        XCTAssertFalse(result.isExact)
    }

    func testExactSmallSamplePValueMatchesTheHandCount() {
        // a = {1, 2, 4}, b = {3, 5, 6, 7}: only 4 > 3, so U = 1. Of the
        // C(7, 3) = 35 equally likely orderings, U = 0 and U = 1 arise once
        // each, so P(U <= 1) = 2/35 and the two-sided p is 4/35.
        let result = MannWhitney.test([1, 2, 4], [3, 5, 6, 7])
        XCTAssertTrue(result.isExact)
        XCTAssertEqual(result.u, 1)
        XCTAssertEqual(result.pValue, 4.0 / 35.0, accuracy: 1e-12)
        XCTAssertEqual(result.effectSize, 1.0 / 12.0, accuracy: 1e-12)
        // Complete separation of 5 and 5: p = 2 / C(10, 5) = 2/252.
        XCTAssertEqual(
            MannWhitney.test([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]).pValue, 2.0 / 252.0, accuracy: 1e-12)
    }

    func testExactDistributionMatchesEnumerationOfAllOrderings() {
        // Every way to place 5 values of `a` among 12 ranks; U counts the b
        // values below each a value.
        let n = 5
        let m = 7
        var frequency = [Int](repeating: 0, count: n * m + 1)
        for mask in 0..<(1 << (n + m)) where mask.nonzeroBitCount == n {
            var u = 0
            var bBelow = 0
            for rank in 0..<(n + m) {
                if mask & (1 << rank) != 0 { u += bBelow } else { bBelow += 1 }
            }
            frequency[u] += 1
        }
        let orderings = Double(frequency.reduce(0, +))
        for u in 0...(n * m) {
            let tail = min(u, n * m - u)
            let expected = min(1, 2 * Double(frequency[0...tail].reduce(0, +)) / orderings)
            XCTAssertEqual(
                MannWhitney.exactPValue(u: u, n: n, m: m), expected, accuracy: 1e-12, "U = \(u)")
        }
    }

    func testExactAndNormalApproximationAgreeAtTheSizeLimit() {
        var samples = SeededSamples(state: 4)
        let a = samples.uniform(19)
        let b = samples.uniform(19).map { $0 + 0.2 }
        let exact = MannWhitney.test(a, b)
        XCTAssertTrue(exact.isExact)
        let approximate = erfc(abs(exact.z) / 2.0.squareRoot())
        XCTAssertEqual(exact.pValue, approximate, accuracy: 0.01)
        XCTAssertFalse(MannWhitney.test(samples.uniform(20), samples.uniform(20)).isExact)
    }

    func testTiesGetMidranksAndAShrunkenVariance() {
        // Pooled: 1a 2a 2a 2b 3a 3b 3b 4b. Midranks 1, 3, 3, 3, 6, 6, 6, 8;
        // a's rank sum 1+3+3+6 = 13, so U = 13 - 4*5/2 = 3 (two ties count
        // one half each: 0 + 0.5 + 0.5 + 2).
        let result = MannWhitney.test([1, 2, 2, 3], [2, 3, 3, 4])
        XCTAssertTrue(result.isExact, "small samples with ties use the exact distribution given the ties")
        XCTAssertEqual(result.u, 3)
        XCTAssertEqual(result.effectSize, 3.0 / 16.0, accuracy: 1e-12)
        // Two groups of three ties: sum(t^3 - t) = 48; N = 8, mean 8.
        let sigma = (16.0 / 12.0 * (9 - 48.0 / 56.0)).squareRoot()
        XCTAssertEqual(result.z, -(8 - 3 - 0.5) / sigma, accuracy: 1e-12)
        // 20 of the C(8, 4) = 70 ways to give a four of the midranks lie at
        // least as far from the mean rank sum (counted by enumeration).
        XCTAssertEqual(result.pValue, 20.0 / 70.0, accuracy: 1e-12)
    }

    func testATieDoesNotDowngradeCompletelySeparatedRuns() {
        // Five run medians a side, fully separated, one tie inside a side:
        // the exact p is 2 / C(10, 5) = 0.0079, as without the tie; the
        // normal approximation gave 0.0117, above a 0.01 gate.
        let result = MannWhitney.test([1, 2, 3, 3, 4], [5, 6, 7, 8, 9])
        XCTAssertTrue(result.isExact)
        XCTAssertEqual(result.pValue, 2.0 / 252.0, accuracy: 1e-12)
        XCTAssertLessThan(result.pValue, 0.01)
    }

    func testIdenticalOrEmptySamplesGiveNoEvidence() {
        let identical = MannWhitney.test(
            [Double](repeating: 5, count: 30), [Double](repeating: 5, count: 30))
        XCTAssertEqual(identical.pValue, 1)
        XCTAssertEqual(identical.z, 0)
        XCTAssertEqual(identical.effectSize, 0.5)
        XCTAssertEqual(MannWhitney.test([], [1, 2]).pValue, 1)
    }

    func testSwappingTheSamplesMirrorsTheResult() {
        var samples = SeededSamples(state: 5)
        let a = samples.frameTimes(300)
        let b = samples.frameTimes(200).map { $0 * 1.05 }
        let forward = MannWhitney.test(a, b)
        let backward = MannWhitney.test(b, a)
        XCTAssertEqual(forward.u + backward.u, 300 * 200)
        XCTAssertEqual(forward.z, -backward.z, accuracy: 1e-12)
        XCTAssertEqual(forward.pValue, backward.pValue, accuracy: 1e-12)
    }
}

final class BootstrapRatioTests: XCTestCase {
    func testIntervalCoversAKnownTwentyPercentShiftAndExcludesOne() {
        var samples = SeededSamples(state: 10)
        let interval = BootstrapRatio.medianRatio(
            baseline: samples.frameTimes(2000), candidate: samples.frameTimes(2000).map { $0 * 1.2 })
        XCTAssertTrue(interval.contains(1.2), "\(interval)")
        XCTAssertGreaterThan(interval.lower, 1)
        XCTAssertEqual(interval.confidence, 0.99)
    }

    func testIntervalIncludesOneForTheSameDistribution() {
        var samples = SeededSamples(state: 11)
        let interval = BootstrapRatio.medianRatio(
            baseline: samples.frameTimes(1000), candidate: samples.frameTimes(1000))
        XCTAssertTrue(interval.contains(1), "\(interval)")
        XCTAssertLessThan(interval.lower, interval.upper)
    }

    func testRatioOfAnExactlyScaledSampleIsTheScale() {
        var samples = SeededSamples(state: 12)
        let baseline = samples.frameTimes(501)
        let interval = BootstrapRatio.medianRatio(
            baseline: baseline, candidate: baseline.map { $0 * 2 })
        XCTAssertEqual(interval.ratio, 2, accuracy: 1e-12)
        XCTAssertTrue(interval.contains(2))
    }

    func testSameSeedGivesTheSameInterval() {
        var samples = SeededSamples(state: 13)
        let a = samples.frameTimes(400)
        let b = samples.frameTimes(400)
        let first = BootstrapRatio.medianRatio(baseline: a, candidate: b, seed: 7)
        XCTAssertEqual(first, BootstrapRatio.medianRatio(baseline: a, candidate: b, seed: 7))
        XCTAssertNotEqual(first, BootstrapRatio.medianRatio(baseline: a, candidate: b, seed: 8))
    }

    func testMedianAveragesTheMiddlePairLikeSummary() {
        XCTAssertEqual(BootstrapRatio.median(ofSorted: [1, 2, 3, 10]), 2.5)
        XCTAssertEqual(BootstrapRatio.median(ofSorted: [1, 2, 3]), 2)
    }

    func testEmptySampleOrZeroBaselineMedianGivesNaN() {
        XCTAssertTrue(BootstrapRatio.medianRatio(baseline: [], candidate: [1]).ratio.isNaN)
        XCTAssertTrue(
            BootstrapRatio.medianRatio(baseline: [0, 0, 1], candidate: [1, 2, 3]).ratio.isNaN)
    }
}

final class SummaryStatisticsTests: XCTestCase {
    func testPercentilesOfOneToHundredIncludingP999() {
        // 37 is coprime to 100, so this visits 1...100 out of order.
        let values = (1...100).map { Double($0 * 37 % 100 + 1) }
        let summary = Summary(values)
        XCTAssertEqual(summary.min, 1)
        XCTAssertEqual(summary.mean, 50.5, accuracy: 1e-9)
        XCTAssertEqual(summary.p50, 50.5, accuracy: 1e-9)
        XCTAssertEqual(summary.p90, 90.1, accuracy: 1e-9)
        XCTAssertEqual(summary.p99, 99.01, accuracy: 1e-9)
        XCTAssertEqual(summary.p999, 99.901, accuracy: 1e-9)
        XCTAssertEqual(summary.max, 100)
        // Sample variance of 1...n is n(n+1)/12.
        XCTAssertEqual(summary.standardDeviation, (100.0 * 101.0 / 12.0).squareRoot(), accuracy: 1e-9)
    }

    func testOneValueHasNoSpreadAndNoValuesGiveZeros() {
        let one = Summary([7])
        XCTAssertEqual(one.p999, 7)
        XCTAssertEqual(one.min, 7)
        XCTAssertEqual(one.standardDeviation, 0)
        let none = Summary([])
        XCTAssertEqual(Statistic.allCases.map { none.value(of: $0) }, Array(repeating: 0, count: Statistic.allCases.count))
    }

    func testEveryStatisticIsLookedUpByTheEnumAndStoredUnderItsOwnKey() throws {
        let summary = Summary([4, 1, 3, 2])
        XCTAssertEqual(summary.value(of: .p50), summary.p50)
        XCTAssertEqual(summary.value(of: .p999), summary.p999)
        XCTAssertEqual(summary.value(of: .stddev), summary.standardDeviation)
        XCTAssertEqual(summary.value(of: .min), 1)
        XCTAssertEqual(summary.value(of: .max), 4)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONFile.encode(summary)) as? [String: Double])
        // The keys results files have always had: one per statistic, `p999` for p99.9.
        XCTAssertEqual(Set(object.keys), ["p50", "p90", "p99", "p999", "max", "min", "mean", "stddev"])
        XCTAssertEqual(try XCTUnwrap(object["stddev"]), summary.standardDeviation, accuracy: 1e-12)
        XCTAssertEqual(try JSONDecoder().decode(Summary.self, from: JSONFile.encode(summary)), summary)
    }

    func testSummaryRoundTripsThroughJSON() throws {
        let summary = Summary([3, 1, 4, 1, 5, 9, 2, 6])
        let data = try JSONEncoder().encode(summary)
        XCTAssertEqual(try JSONDecoder().decode(Summary.self, from: data), summary)
    }
}

final class HistogramTests: XCTestCase {
    func testBinsCountEveryValueAndTrimEmptyEnds() {
        var samples = SeededSamples(state: 30)
        let values = samples.frameTimes(1000, median: 50_000, sigma: 0.5)
        let histogram = Histogram(values: values)
        XCTAssertEqual(histogram.total, 1000)
        XCTAssertEqual(histogram.counts.count, histogram.lowerBounds.count)
        XCTAssertGreaterThan(histogram.counts.first ?? 0, 0)
        XCTAssertGreaterThan(histogram.counts.last ?? 0, 0)
        XCTAssertEqual(histogram.lowerBounds, histogram.lowerBounds.sorted())
        XCTAssertLessThanOrEqual(histogram.lowerBounds[0], values.min()!)
        XCTAssertLessThan(values.min()!, histogram.lowerBounds[0] * pow(10, 1.0 / 8))
    }

    func testValueOnAnEdgeStartsTheNextBin() {
        let histogram = Histogram(values: [999.99, 1000])
        XCTAssertEqual(histogram.counts, [1, 1])
        XCTAssertEqual(histogram.lowerBounds[1], 1000, accuracy: 1e-9)
    }

    func testOutOfRangeValuesClampToTheEndBins() {
        let histogram = Histogram(values: [1, 50, 20_000_000_000, .nan])
        XCTAssertEqual(histogram.counts.count, 8 * 8)
        XCTAssertEqual(histogram.counts.first, 2)
        XCTAssertEqual(histogram.counts.last, 1)
        XCTAssertEqual(histogram.total, 3, "NaN is skipped")
        XCTAssertEqual(histogram.lowerBounds.first, 100)
    }

    func testRenderDrawsEighthBlockBarsAtAFixedWidth() {
        let values = [Double](repeating: 1000, count: 8) + [Double](repeating: 1400, count: 4) + [2000]
        XCTAssertEqual(
            Histogram(values: values).render(width: 30),
            [
                "1.00us █████████████████████ 8",
                "1.33us ██████████▌           4",
                "1.78us ██▋                   1",
            ])
    }

    func testEveryRenderedLineHasTheRequestedWidth() {
        var samples = SeededSamples(state: 31)
        let histogram = Histogram(values: samples.frameTimes(5000, sigma: 0.8))
        for width in [30, 57, 100] {
            XCTAssertEqual(Set(histogram.render(width: width).map(\.count)), [width])
        }
        XCTAssertEqual(Histogram(values: []).render(width: 40), [])
    }

    func testLabelsAreHumanDurations() {
        XCTAssertEqual(Histogram.durationLabel(133.35), "133ns")
        XCTAssertEqual(Histogram.durationLabel(1000), "1.00us")
        XCTAssertEqual(Histogram.durationLabel(12_500), "12.5us")
        XCTAssertEqual(Histogram.durationLabel(749_894), "750us")
        XCTAssertEqual(Histogram.durationLabel(3_162_278), "3.16ms")
        XCTAssertEqual(Histogram.durationLabel(1_000_000_000), "1.00s")
    }

    func testHistogramRoundTripsThroughJSON() throws {
        let histogram = Histogram(values: [150, 2_000, 2_100, 40_000])
        let data = try JSONEncoder().encode(histogram)
        XCTAssertEqual(try JSONDecoder().decode(Histogram.self, from: data), histogram)
    }
}

final class FrameBudgetTests: XCTestCase {
    func testHandMadeSequenceAgainstATenMillisecondBudget() {
        // ms: 5, 12, 15, 8, 30, 10, 11. Late (strictly over 10): 12, 15, 30,
        // 11; the 10 ms frame is on time. Overrun 2 + 5 + 20 + 1 = 28 ms.
        // On screen: 10 + 12 + 15 + 10 + 30 + 10 + 11 = 98 ms = 0.098 s.
        let frames = [5, 12, 15, 8, 30, 10, 11].map { Double($0) * 1_000_000 }
        let report = FrameBudget.evaluate(frameTimes: frames, budget: 10_000_000)
        XCTAssertEqual(report.framesOverBudget, 4)
        XCTAssertEqual(report.longestLateStreak, 2)
        XCTAssertEqual(report.hitchTimeRatio, 28 / 0.098, accuracy: 1e-9)
    }

    func testOneLongFrameInASecondAtSixtyHertz() {
        // 59 quick frames and one of 50 ms: 33.33 ms late in 1.0333 s.
        let budget = 1e9 / 60
        let frames = [Double](repeating: 2_000_000, count: 59) + [50_000_000]
        let report = FrameBudget.evaluate(frameTimes: frames, budget: budget)
        XCTAssertEqual(report.framesOverBudget, 1)
        XCTAssertEqual(report.longestLateStreak, 1)
        XCTAssertEqual(
            report.hitchTimeRatio, (50 - 1000.0 / 60) / ((59 * 1000.0 / 60 + 50) / 1000), accuracy: 1e-9)
    }

    func testOnTimeOrNoFramesReportNoHitches() {
        let zero = FrameBudgetReport(framesOverBudget: 0, hitchTimeRatio: 0, longestLateStreak: 0)
        XCTAssertEqual(FrameBudget.evaluate(frameTimes: [1, 2, 3], budget: 3), zero)
        XCTAssertEqual(FrameBudget.evaluate(frameTimes: [], budget: 16_666_667), zero)
    }
}

final class ChangeVerdictTests: XCTestCase {
    func testSameDistributionIsUnchangedInAtLeast99Of100Trials() {
        var samples = SeededSamples(state: 40)
        let unchanged = (0..<100).filter { trial in
            TimingComparison.judge(
                baseline: samples.frameTimes(200), candidate: samples.frameTimes(200),
                resamples: 400, seed: UInt64(trial)
            ).verdict == .unchanged
        }.count
        XCTAssertGreaterThanOrEqual(unchanged, 99)
    }

    func testTwentyPercentSlowerIsWorse() {
        var samples = SeededSamples(state: 41)
        let comparison = TimingComparison.judge(
            baseline: samples.frameTimes(1000), candidate: samples.frameTimes(1000).map { $0 * 1.2 })
        XCTAssertEqual(comparison.evidence.decision, .worse, comparison.evidence.text)
        XCTAssertEqual(comparison.medianRatio ?? 0, 1.2, accuracy: 0.05)
    }

    func testTwentyPercentFasterIsBetter() {
        var samples = SeededSamples(state: 42)
        let comparison = TimingComparison.judge(
            baseline: samples.frameTimes(1000), candidate: samples.frameTimes(1000).map { $0 * 0.8 })
        XCTAssertEqual(comparison.evidence.decision, .better, comparison.evidence.text)
    }

    func testSignificantTwoPercentShiftIsUnchangedUnderAFivePercentMinimumEffect() {
        // Tight frames make a 2% shift highly significant: significance alone
        // would flag it; the minimum effect keeps the gate quiet.
        var samples = SeededSamples(state: 43)
        let comparison = TimingComparison.judge(
            baseline: samples.frameTimes(2000, sigma: 0.1),
            candidate: samples.frameTimes(2000, sigma: 0.1).map { $0 * 1.02 })
        XCTAssertLessThan(comparison.mannWhitney?.pValue ?? 1, comparison.evidence.rule.alpha)
        XCTAssertEqual(comparison.verdict, .unchanged)
        XCTAssertEqual(comparison.evidence.decision, .withinMinimumEffect, comparison.evidence.text)
        XCTAssertEqual(
            TimingComparison.judge(
                baseline: samples.frameTimes(2000, sigma: 0.1),
                candidate: samples.frameTimes(2000, sigma: 0.1).map { $0 * 1.02 },
                rule: VerdictRule(alpha: 0.01, minimumEffect: 0)
            ).verdict, .worse)
    }

    func testSwappingBaselineAndCandidateSwapsTheVerdict() {
        var samples = SeededSamples(state: 44)
        let slow = samples.frameTimes(800).map { $0 * 1.3 }
        let fast = samples.frameTimes(800)
        XCTAssertEqual(TimingComparison.judge(baseline: fast, candidate: slow).verdict, .worse)
        XCTAssertEqual(TimingComparison.judge(baseline: slow, candidate: fast).verdict, .better)
    }

    func testUnusableSamplesAreNotComparable() {
        XCTAssertEqual(TimingComparison.judge(baseline: [], candidate: [1, 2]).evidence.outcome, .notComparable(.emptySample))
        XCTAssertEqual(
            TimingComparison.judge(baseline: [1, .nan], candidate: [1, 2]).evidence.outcome, .notComparable(.nonFiniteValue))
        // Four against four can reach p = 2/70 at best, never 0.01.
        let tooFew = TimingComparison.judge(baseline: [1, 2, 3, 4], candidate: [10, 20, 30, 40])
        XCTAssertEqual(tooFew.evidence.outcome, .notComparable(.tooFewSamples), tooFew.evidence.text)
        XCTAssertNil(tooFew.medianRatio)
        let zeros = [Double](repeating: 0, count: 50)
        XCTAssertEqual(
            TimingComparison.judge(baseline: zeros, candidate: zeros.map { $0 + 1 }).evidence.outcome,
            .notComparable(.undefinedRatio))
    }

    func testComparisonRoundTripsThroughJSON() throws {
        var samples = SeededSamples(state: 45)
        let comparison = TimingComparison.judge(
            baseline: samples.frameTimes(200), candidate: samples.frameTimes(200), resamples: 200)
        let data = try JSONEncoder().encode(comparison)
        XCTAssertEqual(try JSONDecoder().decode(TimingComparison.self, from: data), comparison)
        XCTAssertTrue(
            String(decoding: try JSONEncoder().encode(Verdict.notComparable), as: UTF8.self).contains(
                "not comparable"))
    }

    func testCountsCompareExactlyOrWithinTolerance() {
        XCTAssertEqual(
            Verdict.ofCount(baseline: 100, candidate: 100, tolerance: 0), .unchanged)
        XCTAssertEqual(
            Verdict.ofCount(baseline: 100, candidate: 101, tolerance: 0), .worse)
        XCTAssertEqual(
            Verdict.ofCount(baseline: 100, candidate: 99, tolerance: 0), .better)
        XCTAssertEqual(
            Verdict.ofCount(baseline: 100, candidate: 105, tolerance: 0.05),
            .unchanged)
        XCTAssertEqual(
            Verdict.ofCount(baseline: 100, candidate: 95, tolerance: 0.05), .unchanged
        )
        XCTAssertEqual(
            Verdict.ofCount(baseline: 100, candidate: 105.1, tolerance: 0.05), .worse)
        XCTAssertEqual(
            Verdict.ofCount(
                baseline: 100, candidate: 110, tolerance: 0.05, lowerIsBetter: false),
            .better)
        XCTAssertEqual(
            Verdict.ofCount(baseline: 0, candidate: 0, tolerance: 0.1), .unchanged)
        XCTAssertEqual(
            Verdict.ofCount(baseline: 0, candidate: 1, tolerance: 0.1), .worse)
        XCTAssertEqual(
            Verdict.ofCount(baseline: .nan, candidate: 1, tolerance: 0),
            .notComparable)
    }
}

/// Paired rounds: baseline and candidate back to back, judged on the rounds' ratios.
final class PairedRoundsTests: XCTestCase {
    private func rounds(_ ratios: [Double], frames: Int = 50) -> [(baseline: [Double], candidate: [Double])] {
        var samples = SeededSamples(state: 11)
        return ratios.map { ratio in
            let base = samples.frameTimes(frames, median: 100_000, sigma: 0.2)
            return (base, base.map { $0 * ratio })
        }
    }

    func testEightRoundsAreTheFewestThatCanReachOnePercent() {
        XCTAssertEqual(VerdictRule.standard.minimumRounds, 8)
        XCTAssertEqual(VerdictRule(alpha: 0.05, minimumEffect: 0.05).minimumRounds, 6)
        XCTAssertEqual(PairedRounds.judge(rounds([1.2, 1.2, 1.2])).verdict, .notComparable)
    }

    func testTenPercentSlowerInEveryRoundIsWorse() {
        let judged = PairedRounds.judge(rounds([1.08, 1.12, 1.10, 1.09, 1.11, 1.10, 1.13, 1.07]))
        XCTAssertEqual(judged.evidence.decision, .worse, judged.evidence.text)
        XCTAssertEqual(judged.pValue, 2.0 / 256.0, accuracy: 1e-12)
        XCTAssertEqual(judged.ratio, 1.10, accuracy: 0.01)
    }

    func testFasterIsBetterAndNoiseAroundOneIsUnchanged() {
        XCTAssertEqual(PairedRounds.judge(rounds([0.9, 0.88, 0.91, 0.9, 0.89, 0.92, 0.9, 0.9])).verdict, .better)
        let noise = PairedRounds.judge(rounds([1.03, 0.98, 1.01, 0.97, 1.02, 0.99, 1.04, 0.96]))
        XCTAssertEqual(noise.evidence.decision, .notSignificant, noise.evidence.text)
    }

    func testASignificantChangeBelowTheMinimumEffectIsUnchanged() {
        let small = PairedRounds.judge(rounds([1.02, 1.03, 1.02, 1.025, 1.02, 1.03, 1.02, 1.025]))
        XCTAssertLessThanOrEqual(small.pValue, 0.01)
        XCTAssertEqual(small.verdict, .unchanged)
        XCTAssertEqual(small.evidence.decision, .withinMinimumEffect, small.evidence.text)
    }

    func testPairingByFrameRemovesTheFramesOwnSpread() {
        // Frames spread over two orders of magnitude, the same work on both
        // sides: each round's frame-by-frame ratio is exact.
        var samples = SeededSamples(state: 3)
        let base = samples.frameTimes(200, median: 100_000, sigma: 1.5)
        XCTAssertEqual(PairedRounds.logRatio(base, base.map { $0 * 1.1 })!, log(1.1), accuracy: 1e-9)
    }

    func testSignFlipPValuesAreExactForFewRounds() {
        XCTAssertEqual(PairedRounds.signFlipPValue([1, 1, 1]), 2.0 / 8.0, accuracy: 1e-12)
        XCTAssertEqual(PairedRounds.signFlipPValue([1, -1, 1, -1]), 1, accuracy: 1e-12)
        let many = PairedRounds.signFlipPValue([Double](repeating: 1, count: 20))
        XCTAssertLessThan(many, 1e-4)
    }
}
