import Harness

/// The regression report as JSON.
public enum ComparisonJSON {
    struct Row: Encodable {
        let scenario, metric, statistic, verdict, evidence, unit: String
        let gates: Bool
        /// Null when the metric was not measured (never 0).
        let baseline, candidate: Double?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(metric, forKey: .metric)
            try container.encode(statistic, forKey: .statistic)
            try container.encode(verdict, forKey: .verdict)
            try container.encode(evidence, forKey: .evidence)
            try container.encode(unit, forKey: .unit)
            try container.encode(gates, forKey: .gates)
            try container.encode(baseline, forKey: .baseline)  // null, not absent, when not measured
            try container.encode(candidate, forKey: .candidate)
        }

        enum CodingKeys: String, CodingKey {
            case scenario, metric, statistic, verdict, evidence, unit, gates, baseline, candidate
        }
    }
    struct Budget: Encodable {
        let scenario, limit: String
        let value, maximum: Double
        let holds: Bool
    }
    struct Document: Encodable {
        let baseline: String
        let machinesMatch: Bool
        /// Every machine field that differs ("host 'a' vs 'b'"), and those one side does not record.
        let machineDifferences: [String]
        let machineFieldsNotCompared: [String]
        let failed: Bool
        let comparisons: [Row]
        let budgets: [Budget]
        let onlyInBaseline, onlyInCandidate: [String]
        enum CodingKeys: String, CodingKey {
            case baseline, failed, comparisons, budgets
            case machinesMatch = "machines_match"
            case machineDifferences = "machine_differences"
            case machineFieldsNotCompared = "machine_fields_not_compared"
            case onlyInBaseline = "only_in_baseline"
            case onlyInCandidate = "only_in_candidate"
        }
    }

    public static func encode(_ report: ComparisonReport, baselineName: String) throws -> String {
        let document = Document(
            baseline: baselineName, machinesMatch: report.machinesMatch, machineDifferences: report.machineDifferences,
            machineFieldsNotCompared: report.machineFieldsNotCompared, failed: report.failed,
            comparisons: report.rows.map {
                Row(
                    scenario: $0.scenario, metric: $0.metric.rawValue, statistic: $0.statistic.rawValue,
                    verdict: $0.verdict.rawValue, evidence: $0.evidence, unit: $0.metric.unit, gates: $0.gates,
                    baseline: $0.measured ? $0.baseline : nil, candidate: $0.measured ? $0.candidate : nil)
            },
            budgets: report.budgets.map {
                Budget(scenario: $0.scenario, limit: $0.limit, value: $0.value, maximum: $0.maximum, holds: $0.holds)
            },
            onlyInBaseline: report.onlyInBaseline, onlyInCandidate: report.onlyInCandidate)
        return String(decoding: try JSONFile.encode(document), as: UTF8.self)
    }
}
