import Foundation
import Harness

/// Results in Bencher Metric Format (BMF), for `bencher run --adapter json`:
/// a JSON object of benchmarks, each an object of measures, each
/// `{value, lower_value, upper_value}`.
///
/// Benchmarks are named like the reports ("plain-feed-200x50 [framebench]");
/// measures are the metric names, so the unit is in the name
/// (`frame_time_ns`, `bytes_per_frame`). Per measure: timings give their
/// median as `value`, bounded by the fastest frame and the p99; counts give
/// their mean, bounded by min and max; instruction counts their mean, with
/// min and max when each frame was counted. Timings of a report
/// that cannot be compared, and metrics not measured, are left out.
public enum BencherMetricFormat {
    public struct Measure: Codable, Equatable, Sendable {
        public var value: Double
        public var lowerValue: Double?
        public var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// Benchmark name to measure name to measure.
    public typealias Document = [String: [String: Measure]]

    /// What each metric kind reports: the central value and the two bounds.
    static func statistics(for metric: Metric) -> (value: Statistic, lower: Statistic, upper: Statistic) {
        metric.isTiming ? (.p50, .min, .p99) : (.mean, .min, .max)
    }

    public static func document(_ run: RunDocument) -> Document {
        var benchmarks: Document = [:]
        for report in run.scenarios {
            var measures: [String: Measure] = [:]
            for metric in Metric.allCases {
                if metric.isTiming && report.timingsNotComparable != nil { continue }
                let (central, lower, upper) = statistics(for: metric)
                guard let value = report.value(metric, central), value.isFinite else { continue }
                let bounds = [report.value(metric, lower), report.value(metric, upper)].map { $0.flatMap { $0.isFinite ? $0 : nil } }
                measures[metric.rawValue] = Measure(value: value, lowerValue: bounds[0], upperValue: bounds[1])
            }
            benchmarks[report.key] = measures
        }
        return benchmarks
    }

    public static func encode(_ run: RunDocument) throws -> Data {
        try JSONFile.encode(document(run))
    }
}
