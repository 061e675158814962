import Foundation
import Harness

/// Results as CSV (RFC 4180): a header, then one row per scenario, backend,
/// metric and statistic, with the metric's unit beside the value. Fields
/// holding a comma, a quote, or a line break are quoted with quotes doubled,
/// so a hostile benchmark name stays in its field; lines end in CRLF.
public enum CSVExport {
    public static let header = ["benchmark", "backend", "scenario", "script", "metric", "unit", "statistic", "value"]

    public static func rows(_ run: RunDocument) -> [[String]] {
        var rows: [[String]] = []
        for report in run.scenarios {
            for metric in Metric.allCases {
                if metric.isTiming && report.timingsNotComparable != nil { continue }
                for statistic in Statistic.allCases {
                    guard let value = report.value(metric, statistic), value.isFinite else { continue }
                    rows.append([
                        report.name, report.backend.rawValue, report.settings.scenario, report.settings.script, metric.rawValue,
                        metric.unit, statistic.rawValue, format(value),
                    ])
                }
            }
        }
        return rows
    }

    /// - Parameter escapesControls: for a terminal: control characters in
    ///   fields shown as `\u{1b}` (`UntrustedText.terminal`) so a name from a
    ///   file cannot clear the screen or set the clipboard. A file keeps the
    ///   names as they are (quoted as RFC 4180 says).
    public static func text(_ run: RunDocument, escapesControls: Bool = false) -> String {
        let field = escapesControls ? { quote(UntrustedText.terminal($0)) } : quote
        return ([header] + rows(run)).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// A number as CSV readers parse it: integers without a fraction, others in full precision.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// RFC 4180 section 2: a field with a comma, quote, CR or LF is quoted, quotes doubled.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
