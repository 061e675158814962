import Foundation
import XCTest

@testable import Harness
@testable import Reports

/// The charts' scales and labels: log time axes, units per value with the
/// digits a comparison needs, titles that fit, event labels that do not
/// overlap.
final class ChartScaleTests: XCTestCase {
    func testTimesAreLabelledInTheUnitThatSuitsThemNeverAsZeroMilliseconds() {
        XCTAssertEqual(HTMLText.duration(412), "412 ns")
        XCTAssertEqual(HTMLText.duration(7_600), "7.60 µs")
        XCTAssertEqual(HTMLText.duration(10_000), "10.0 µs")
        XCTAssertEqual(HTMLText.duration(15_300), "15.3 µs")
        XCTAssertEqual(HTMLText.duration(4_510_000), "4.51 ms")
        XCTAssertEqual(HTMLText.duration(16_666_667), "16.7 ms")
        XCTAssertEqual(HTMLText.duration(2_500_000_000), "2.50 s")
        XCTAssertEqual(HTMLText.duration(0), "0")
        XCTAssertEqual(HTMLText.duration(40_000, digits: 1), "40 µs")
    }

    func testSideBySideLabelsGainDigitsUntilDifferentValuesReadDifferently() {
        XCTAssertEqual(HTMLText.durations([7_600, 10_000]), ["7.60 µs", "10.0 µs"])
        XCTAssertEqual(HTMLText.durations([7_600, 7_604]), ["7.600 µs", "7.604 µs"])
        XCTAssertEqual(HTMLText.durations([7_600, 7_600, 9_000]), ["7.60 µs", "7.60 µs", "9.00 µs"], "equal values keep three digits")
    }

    func testALogAxisGivesEqualRatiosEqualDistances() {
        let axis = LogAxis(lower: 1_000, upper: 1_000_000, start: 0, length: 300)
        XCTAssertEqual(axis.position(1_000), 0, accuracy: 1e-9)
        XCTAssertEqual(axis.position(10_000), 100, accuracy: 1e-9)
        XCTAssertEqual(axis.position(100_000) - axis.position(10_000), axis.position(10_000) - axis.position(1_000), accuracy: 1e-9)
        XCTAssertEqual(axis.position(0), 0, "zero sits at the axis' start")
        XCTAssertEqual(axis.position(1e12), 300, "beyond the end is clamped")
        XCTAssertEqual(axis.ticks(most: 12), [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000])
        XCTAssertEqual(axis.ticks(most: 5), [1_000, 10_000, 100_000, 1_000_000])
    }

    /// The case: layout 7.6 -> 10.0 µs (+31.6%) while the candidate's
    /// p99 is 4.5 ms. On the old linear axis to the p99 the two medians were
    /// 0.3 px apart; on the chart's log axis they must be far apart.
    func testAThirtyPercentChangeOfAMicrosecondPhaseIsVisibleBesideAMillisecondTail() throws {
        let baseline = (0..<1_000).map { 7_400 + Double($0 % 40) * 10 }
        var candidate = (0..<1_000).map { 9_800 + Double($0 % 40) * 10 }
        for index in stride(from: 0, to: 1_000, by: 50) { candidate[index] = 4_500_000 }
        let svg = SVGChart.distributions(baseline: baseline, candidate: candidate, title: "layout_ns", highlighted: false)
        // The medians are the two bold ticks.
        let ticks = svg.components(separatedBy: "<line x1=\"").dropFirst().filter { $0.contains("stroke-width=\"2.5\"") }
            .map { Double($0.prefix { $0 != "\"" })! }
        XCTAssertEqual(ticks.count, 2)
        // 0.12 of the axis' three decades: over 20 px (a linear axis to the p99 gave 0.3 px).
        XCTAssertGreaterThan(ticks[1] - ticks[0], 20, "the medians' ticks at \(ticks)")
        XCTAssertTrue(svg.contains("p50 7.60 µs"), svg)
        XCTAssertTrue(svg.contains("p50 10.0 µs"), svg)
        XCTAssertTrue(svg.contains("max 4.50 ms"), svg)
        XCTAssertTrue(svg.contains("p50 +31.6%"), svg)
        XCTAssertFalse(svg.contains("0.0 ms"))
        // Both sides drawn in their own colours: a density and a box each.
        for color in [SVGChart.baselineColor, SVGChart.candidateColor] {
            XCTAssertEqual(svg.components(separatedBy: "fill=\"\(color)\" fill-opacity=").count - 1, 1, "\(color)'s density")
            XCTAssertEqual(svg.components(separatedBy: "fill=\"\(color)\"><title>").count - 1, 1, "\(color)'s box")
        }
    }

    func testLongTitlesWrapWithinTheChartAndKeepEveryWord() {
        let title = "layout_ns: worse · moved: layout_allocations +300.0%, layout_instructions +12.5%, layout_ns +31.6%, "
            + "frame_allocations +42.0%"
        let lines = SVGChart.wrap(title, width: 300)
        XCTAssertGreaterThan(lines.count, 1)
        for line in lines { XCTAssertLessThanOrEqual(SVGChart.textWidth(line, size: 11), 300, line) }
        XCTAssertEqual(lines.joined(separator: " "), title)
        let svg = SVGChart.distributions(baseline: [1, 2], candidate: [1, 2], title: title, highlighted: true, width: 320)
        XCTAssertEqual(svg.components(separatedBy: "<text x=\"8\"").count - 1, lines.count + 3, "the title's lines, the density's label, the two sides")
    }

    func testEventLabelsThatWouldOverlapAreLeftOutAndCounted() throws {
        let report = try XCTUnwrap(HTMLReportTests.documentForCharts().scenarios.first)
        let events = [(index: 10, name: "page down"), (index: 11, name: "page down"), (index: 12, name: "page down"),
            (index: 100, name: "page up")]
        let svg = SVGChart.scriptTicks(events, of: report, frames: 120, left: 0, width: 600, top: 0, axis: 100)
        XCTAssertEqual(svg.components(separatedBy: "<path ").count - 1, 4, "every event keeps its tick")
        // Two rows of labels: the first two "page down" stagger, the third has no room; "page up" is far away.
        XCTAssertEqual(svg.components(separatedBy: ">page down</text>").count - 1, 2)
        XCTAssertEqual(svg.components(separatedBy: ">page up</text>").count - 1, 1)
        XCTAssertTrue(svg.contains("1 more events (no room for a label)"))
        // No two labels on one row overlap.
        var rows: [String: [(Double, Double)]] = [:]
        for piece in svg.components(separatedBy: "<text x=\"").dropFirst() where piece.contains("font-size=\"9\"") && !piece.contains("more events") {
            let x = Double(piece.prefix { $0 != "\"" })!
            let y = String(piece.components(separatedBy: "y=\"")[1].prefix { $0 != "\"" })
            let name = piece.components(separatedBy: ">")[1].components(separatedBy: "<")[0]
            rows[y, default: []].append((x, x + SVGChart.textWidth(name, size: 9)))
        }
        for (_, spans) in rows {
            for (a, b) in zip(spans, spans.dropFirst()) { XCTAssertLessThanOrEqual(a.1, b.0, "\(spans)") }
        }
    }
}
