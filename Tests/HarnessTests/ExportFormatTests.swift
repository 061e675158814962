import Foundation
import FrameGrid
import Workloads
import XCTest

@testable import Harness
@testable import Reports

/// Each export checked against its format's rules, as the tools that read
/// them would: github-action-benchmark's `customSmallerIsBetter`, Bencher's
/// BMF, and RFC 4180 CSV. A hostile benchmark name (comma, quote, line
/// break) must stay one name in every one of them.
final class ExportFormatTests: XCTestCase {
    static let hostileName = "evil, \"quoted\"\r\nname"

    private static let document: RunDocument = {
        var hostile = RunSettings(
            workload: PlainFeed.name, frames: 30, workloadSettings: WorkloadSettings(size: Size(cols: 30, rows: 8)),
            backend: .both)
        hostile.name = hostileName
        let plain = RunSettings(
            workload: PlainFeed.name, frames: 30, workloadSettings: WorkloadSettings(size: Size(cols: 20, rows: 6)))
        return try! SuiteRunner(benchmarks: [hostile, plain], suiteName: "exports").run().document
    }()

    // MARK: github-action-benchmark (customSmallerIsBetter)

    func testGitHubBenchmarkIsAnArrayOfNameUnitValueWithUniqueNames() throws {
        let json = try JSONSerialization.jsonObject(with: GitHubBenchmark.encode(Self.document))
        let array = try XCTUnwrap(json as? [[String: Any]], "the top level is an array of objects")
        XCTAssertFalse(array.isEmpty)
        var names = Set<String>()
        for entry in array {
            XCTAssertTrue(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry.keys)")
            let name = try XCTUnwrap(entry["name"] as? String)
            XCTAssertFalse(name.isEmpty)
            XCTAssertTrue(names.insert(name).inserted, "duplicate name \(name)")
            XCTAssertNotNil(entry["unit"] as? String)
            let value = try XCTUnwrap(entry["value"] as? NSNumber, "value is a number")
            XCTAssertTrue(value.doubleValue.isFinite)
            if let range = entry["range"] { XCTAssertNotNil(range as? String) }
            if let extra = entry["extra"] { XCTAssertNotNil(extra as? String) }
        }
        XCTAssertTrue(names.contains("\(Self.hostileName) [ncurses] frame_time_ns p50"))
    }

    // MARK: Bencher Metric Format

    func testBencherMetricFormatIsBenchmarksOfMeasuresWithBoundsAroundTheValue() throws {
        let json = try JSONSerialization.jsonObject(with: BencherMetricFormat.encode(Self.document))
        let benchmarks = try XCTUnwrap(json as? [String: Any], "the top level is an object")
        XCTAssertEqual(
            Set(benchmarks.keys),
            Set(Self.document.scenarios.map(\.key)), "one benchmark per scenario and backend")
        for (name, measures) in benchmarks {
            let measures = try XCTUnwrap(measures as? [String: Any], name)
            XCTAssertNotNil(measures[Metric.frameTime.rawValue], "\(name) has the frame time")
            XCTAssertNotNil(measures[Metric.bytes.rawValue], "\(name) has the bytes per frame")
            for (slug, measure) in measures {
                XCTAssertNotNil(Metric(rawValue: slug), "measure \(slug) is a metric name (unit in the name)")
                let fields = try XCTUnwrap(measure as? [String: Any], slug)
                XCTAssertTrue(Set(fields.keys).isSubset(of: ["value", "lower_value", "upper_value"]), "\(fields.keys)")
                let value = try XCTUnwrap((fields["value"] as? NSNumber)?.doubleValue, "\(slug) value")
                if let lower = (fields["lower_value"] as? NSNumber)?.doubleValue {
                    XCTAssertLessThanOrEqual(lower, value, "\(name) \(slug)")
                }
                if let upper = (fields["upper_value"] as? NSNumber)?.doubleValue {
                    XCTAssertGreaterThanOrEqual(upper, value, "\(name) \(slug)")
                }
            }
        }
        let report = Self.document.scenarios[0]
        let frame = try XCTUnwrap(BencherMetricFormat.document(Self.document)[report.key]?[Metric.frameTime.rawValue])
        XCTAssertEqual(frame.value, report.metrics[.frameTime]?.p50)
        XCTAssertEqual(frame.upperValue, report.metrics[.frameTime]?.p99)
    }

    // MARK: CSV (RFC 4180)

    func testCSVHasAHeaderAndOneRowPerScenarioBackendMetricAndStatistic() throws {
        let text = CSVExport.text(Self.document)
        XCTAssertTrue(text.hasSuffix("\r\n"), "records end in CRLF")
        let records = try Self.parseCSV(text)
        XCTAssertEqual(records.first, CSVExport.header)
        let rows = records.dropFirst()
        for row in rows {
            XCTAssertEqual(row.count, CSVExport.header.count, "\(row)")
            XCTAssertNotNil(Double(row[7]), "value \(row[7]) is a number")
            XCTAssertEqual(Metric(rawValue: row[4])?.unit, row[5], "the unit beside the value")
            XCTAssertNotNil(Statistic(rawValue: row[6]))
        }
        let keys = rows.map { "\($0[0])|\($0[1])|\($0[4])|\($0[6])" }
        XCTAssertEqual(Set(keys).count, keys.count, "one row per scenario, backend, metric and statistic")
        let hostile = rows.filter { $0[0] == Self.hostileName }
        XCTAssertEqual(Set(hostile.map { $0[1] }), ["framebench", "ncurses"], "the hostile name is one field, intact")
        let median = try XCTUnwrap(rows.first { $0[0] == Self.hostileName && $0[1] == "framebench" && $0[4] == "frame_time_ns" && $0[6] == "p50" })
        XCTAssertEqual(Double(median[7]), Self.document.scenarios[0].metrics[.frameTime]?.p50)
    }

    func testCSVQuotesOnlyFieldsThatNeedIt() {
        XCTAssertEqual(CSVExport.quote("plain-feed-200x50"), "plain-feed-200x50")
        XCTAssertEqual(CSVExport.quote("a,b"), "\"a,b\"")
        XCTAssertEqual(CSVExport.quote("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(CSVExport.quote("two\nlines"), "\"two\nlines\"")
        XCTAssertEqual(CSVExport.quote("cr\rlf\r\n"), "\"cr\rlf\r\n\"")
    }

    /// A strict RFC 4180 reader: quoted fields may hold anything, a quote
    /// inside is doubled, a bare quote elsewhere is an error, records end in CRLF.
    static func parseCSV(_ text: String) throws -> [[String]] {
        struct Malformed: Error { let why: String }
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var scalars = Array(text.unicodeScalars)[...]
        var quotedField = false
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"" where field.isEmpty && !quotedField:
                quotedField = true
                while true {
                    guard let next = scalars.popFirst() else { throw Malformed(why: "unterminated quoted field") }
                    if next == "\"" {
                        if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append("\"") } else { break }
                    } else {
                        field.unicodeScalars.append(next)
                    }
                }
            case "\"":
                throw Malformed(why: "a quote inside an unquoted field: \(field)")
            case ",":
                record.append(field)
                field = ""
                quotedField = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed(why: "CR without LF outside quotes") }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                quotedField = false
            case "\n":
                throw Malformed(why: "bare LF outside quotes")
            default:
                guard !quotedField else { throw Malformed(why: "text after a closing quote") }
                field.unicodeScalars.append(scalar)
            }
        }
        guard record.isEmpty, field.isEmpty else { throw Malformed(why: "the last record does not end in CRLF") }
        return records
    }
}
