import Foundation
import Harness

/// Results in github-action-benchmark's `customSmallerIsBetter` format, for
/// a history chart of the main branch: a JSON array of `{name, unit, value}`.
///
/// Per benchmark and backend: the whole frame's median and p99 time (when
/// the timings are comparable), allocations and bytes written per frame
/// (means), and instructions per frame when they were counted. Names read
/// "plain-feed-200x50 [framebench] frame_time_ns p50"; every value is
/// smaller-is-better.
public enum GitHubBenchmark {
    public struct Entry: Codable, Equatable, Sendable {
        public var name: String
        public var unit: String
        public var value: Double
    }

    static let series: [(Metric, Statistic)] = [
        (.frameTime, .p50), (.frameTime, .p99), (.allocations, .mean), (.bytes, .mean),
        (.instructions, .mean),
    ]

    public static func entries(_ document: RunDocument) -> [Entry] {
        document.scenarios.flatMap { report in
            series.compactMap { metric, statistic -> Entry? in
                if metric.isTiming && report.timingsNotComparable != nil { return nil }
                guard let value = report.value(metric, statistic), value.isFinite else { return nil }
                return Entry(
                    name: "\(report.key) \(metric.rawValue) \(statistic.rawValue)", unit: metric.unit,
                    value: value)
            }
        }
    }

    public static func encode(_ document: RunDocument) throws -> Data {
        try JSONFile.encode(entries(document))
    }
}
