import Foundation
import Harness

/// JUnit XML: one test case per scenario and metric (and budget). A case
/// fails if and only if its row fails the gate, so the CI system's count of
/// failures and framebench's exit code agree; changes that do not gate are
/// reported inside the case (`system-out`).
///
/// A run (`run --format junit`) has a case per benchmark and backend too,
/// which fails when its frames miss their frame budget (`missesFrameBudget`);
/// an empty suite (`tests="0"`) reads as a failure to some CI reporters.
public enum JUnitReport {
    /// The hitch time ratio above which a run's frames miss their budget, ms
    /// per s: Apple's guidance calls over 10 "bad" (`FrameBudgetReport`). A
    /// ratio, not "any frame late": one preempted frame in thousands is the
    /// machine, not the renderer.
    public static let hitchTimeRatioLimit = 10.0

    /// Whether `scenario`'s frames miss its frame budget: a hitch time ratio over `hitchTimeRatioLimit`.
    public static func missesFrameBudget(_ scenario: ScenarioReport) -> Bool {
        scenario.budget.hitchTimeRatio > hitchTimeRatioLimit
    }

    /// A run's cases, one per benchmark and backend, then `comparison`'s (the stored baseline's, when there is one).
    public static func run(_ document: RunDocument, comparison: ComparisonReport?) -> String {
        var cases: [String] = []
        var failures = 0
        for scenario in document.scenarios {
            let budget = scenario.budget
            let frames = scenario.histogram.counts.reduce(0, +)  // the measured frames, warm-up left out
            let detail = escape(
                "frame budget \(Units.duration(scenario.frameBudgetNanoseconds)): \(budget.framesOverBudget) of \(frames) frames over, hitch time ratio \(Units.number(budget.hitchTimeRatio, digits: 2)) ms/s (limit \(Units.number(hitchTimeRatioLimit)) ms/s), longest late streak \(budget.longestLateStreak)"
                    + (scenario.summarizedFrames.map { "; \($0.text)" } ?? ""))
            let seconds = scenario.metrics[.frameTime].map { String(format: "%.9f", $0.p50 / 1e9) } ?? "0"
            let open = "    <testcase classname=\"\(escape(scenario.name))\" name=\"\(escape("frame budget [\(scenario.backend)]"))\" time=\"\(seconds)\">"
            if missesFrameBudget(scenario) {
                failures += 1
                cases.append(open + "<failure message=\"\(detail)\"/></testcase>")
            } else {
                cases.append(open + "<system-out>\(detail)</system-out></testcase>")
            }
        }
        let compared = comparisonCases(comparison ?? ComparisonReport())
        return suite(cases + compared.cases, failures: failures + compared.failures, skipped: compared.skipped)
    }

    public static func report(_ comparison: ComparisonReport) -> String {
        let compared = comparisonCases(comparison)
        return suite(compared.cases, failures: compared.failures, skipped: compared.skipped)
    }

    private static func suite(_ cases: [String], failures: Int, skipped: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="framebench" tests="\(cases.count)" failures="\(failures)" skipped="\(skipped)">
        \(cases.joined(separator: "\n"))
          </testsuite>
        </testsuites>
        """
    }

    private static func comparisonCases(_ comparison: ComparisonReport) -> (cases: [String], failures: Int, skipped: Int) {
        var cases: [String] = []
        var failures = 0
        var skipped = 0
        for check in comparison.budgets {
            let name = escape("budget \(check.limit)")
            let detail = escape("\(Units.number(check.value)) against a limit of \(Units.number(check.maximum))\(check.basis.isEmpty ? "" : " (\(check.basis))")")
            if check.holds {
                cases.append("    <testcase classname=\"\(escape(check.scenario))\" name=\"\(name)\" time=\"0\"><system-out>\(detail)</system-out></testcase>")
            } else {
                failures += 1
                cases.append("    <testcase classname=\"\(escape(check.scenario))\" name=\"\(name)\" time=\"0\"><failure message=\"\(detail)\"/></testcase>")
            }
        }
        // One case per scenario and metric: its statistics go together.
        struct Group: Hashable { let scenario: String, metric: Metric }
        var order: [Group] = []
        var groups: [Group: [MetricComparison]] = [:]
        for row in comparison.rows {
            let key = Group(scenario: row.scenario, metric: row.metric)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(row)
        }
        for key in order {
            let rows = groups[key]!
            let first = rows[0]
            let name = escape(first.metric.rawValue)
            let seconds = first.metric.isTiming ? String(format: "%.9f", first.candidate / 1e9) : "0"
            let lines = rows.map {
                "\($0.statistic.rawValue): \(TextReport.figure($0.baseline, $0)) -> \(TextReport.figure($0.candidate, $0)) \($0.verdict.rawValue)\($0.verdict == .worse && !$0.gates ? " (not gating)" : "") (\($0.evidence))"
            }
            let detail = escape(lines.joined(separator: "\n"))
            let open = "    <testcase classname=\"\(escape(first.scenario))\" name=\"\(name)\" time=\"\(seconds)\">"
            if let failing = rows.first(where: \.fails) {
                failures += 1
                cases.append(open + "<failure message=\"\(escape("worse: \(Units.format(failing.baseline, failing.metric)) -> \(Units.format(failing.candidate, failing.metric)) (\(failing.evidence))"))\"/><system-out>\(detail)</system-out></testcase>")
            } else if rows.allSatisfy({ $0.verdict == .notComparable }) {
                skipped += 1
                cases.append(open + "<skipped message=\"\(escape(first.evidence))\"/></testcase>")
            } else {
                cases.append(open + "<system-out>\(detail)</system-out></testcase>")
            }
        }
        return (cases, failures, skipped)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x0A, ascii != 0x09 { continue }
                out.append(character)
            }
        }
        return out
    }
}
