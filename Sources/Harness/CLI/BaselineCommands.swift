import Foundation

/// `baseline save|list|show`, `compare` and `check`.
enum BaselineCommands {
    static func baseline(_ arguments: [String]) throws -> Int32 {
        guard let verb = arguments.first else { throw UsageError("baseline needs save, list or show") }
        let rest = Array(arguments.dropFirst())
        let store = BaselineStore()
        switch verb {
        case "save":
            let parsed = try ParsedArguments(rest, valued: ["name", "from", "suite"], switches: ["force"])
            guard parsed.positionals.isEmpty else { throw UsageError("baseline save takes no positional arguments") }
            let name = parsed.string("name") ?? BaselineStore.defaultName
            try store.checkSave(name: name, force: parsed.flag("force"))  // before the run, not after it
            let document: RunDocument
            if let from = parsed.string("from") {
                document = try BaselineStore.read(from)
            } else {
                document = try RunCommands.suite(named: parsed.string("suite")).run().document
            }
            let path = try store.save(document, name: name, force: parsed.flag("force"))
            try StandardStreams.printLine("saved baseline \(name) (\(document.scenarios.count) results) to \(path)")
            return 0
        case "list":
            _ = try ParsedArguments(rest, valued: [], switches: [])
            let entries = store.list()
            if entries.isEmpty { try StandardStreams.printLine("no baselines in \(store.directory)/") }
            for entry in entries {
                // File names and fields come from files anyone may have put in Results/.
                let name = UntrustedText.terminal(entry.name)
                if let document = entry.document {
                    try StandardStreams.printLine(
                        UntrustedText.terminal(
                            "\(TextReport.pad(name, 40))\(document.created)  \(document.machine.slug)  commit \(document.git.commit.map { String($0.prefix(12)) } ?? "unknown")\(document.git.dirty == true ? " (dirty)" : "")  \(document.scenarios.count) results"
                        ))
                } else {
                    try StandardStreams.printLine(UntrustedText.terminal("\(TextReport.pad(name, 40))unreadable: \(entry.problem ?? "")"))
                }
            }
            return 0
        case "show":
            let parsed = try ParsedArguments(rest, valued: OutputOptions.valued, switches: OutputOptions.switches)
            guard parsed.positionals.count == 1 else { throw UsageError("baseline show takes one NAME") }
            let document = try store.load(parsed.positionals[0])
            let output = try OutputOptions(parsed)
            switch output.format {
            case .json: try output.emit(String(decoding: try JSONFile.encode(document), as: UTF8.self))
            case .markdown: try output.emit(MarkdownReport.run(document))
            case .text, .junit: try output.emit(TextReport(colors: output.colors).run(document))
            }
            return 0
        default:
            throw UsageError("unknown baseline command '\(verb)' (save, list, show)")
        }
    }

    static func compare(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: OutputOptions.valued.union(["baseline", "suite", "budgets"]), switches: OutputOptions.switches)
        let output = try OutputOptions(parsed)
        let baseline: RunDocument
        let candidate: RunDocument
        let baselineName: String
        switch parsed.positionals.count {
        case 2:
            guard parsed.string("baseline") == nil else { throw UsageError("give --baseline NAME or two files, not both") }
            baselineName = parsed.positionals[0]
            baseline = try RunDocument.read(pooling: parsed.positionals[0])
            candidate = try RunDocument.read(pooling: parsed.positionals[1])
        case 0:
            baselineName = parsed.string("baseline") ?? BaselineStore.defaultName
            baseline = try BaselineStore().load(baselineName)
            candidate = try RunCommands.suite(named: parsed.string("suite")).run().document
        default:
            throw UsageError("compare takes --baseline NAME, or two results files A.json B.json")
        }
        let budgets = try parsed.string("budgets").map { try BudgetFile.load($0) }
        let report = Comparison.compare(baseline: baseline, candidate: candidate, budgets: budgets)
        try emit(report, baselineName: baselineName, output: output)
        return report.failed ? 1 : 0
    }

    static func check(_ arguments: [String]) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: OutputOptions.valued.union(["baseline", "budgets", "results", "suite"]),
            switches: OutputOptions.switches.union(["gate-timing"]))
        guard parsed.positionals.isEmpty else { throw UsageError("check takes no positional arguments") }
        let output = try OutputOptions(parsed)
        let budgets = try BudgetFile.load(parsed.string("budgets") ?? BudgetFile.defaultPath)
        let store = BaselineStore()
        let baselineName = parsed.string("baseline") ?? BaselineStore.defaultName
        var baseline: RunDocument?
        if parsed.string("baseline") != nil || FileManager.default.fileExists(atPath: store.path(for: baselineName)) {
            baseline = try store.load(baselineName)  // named explicitly: it must exist and be readable
        }
        let candidate = try parsed.string("results").map { try BaselineStore.read($0) }
            ?? RunCommands.suite(named: parsed.string("suite")).run().document
        var report: ComparisonReport
        if let baseline {
            report = Comparison.compare(
                baseline: baseline, candidate: candidate, budgets: budgets, timingGates: parsed.flag("gate-timing"))
        } else {
            report = ComparisonReport()
            report.budgets = candidate.scenarios.flatMap { Comparison.check($0, budgets) }
        }
        try emit(report, baselineName: baseline == nil ? "(none stored for this machine: budgets only)" : baselineName, output: output)
        if output.format == .text && !output.quiet {
            try StandardStreams.printLine(report.failed ? "check: FAILED" : "check: passed")
        }
        return report.failed ? 1 : 0
    }

    private static func emit(_ report: ComparisonReport, baselineName: String, output: OutputOptions) throws {
        switch output.format {
        case .text:
            let text = TextReport(colors: output.colors)
            try output.emit(text.comparison(report, baselineName: baselineName) + "\n" + text.budgets(report.budgets))
        case .markdown: try output.emit(MarkdownReport.comparison(report, baselineName: baselineName))
        case .junit: try output.emit(JUnitReport.report(report))
        case .json: try output.emit(ComparisonJSON.encode(report, baselineName: baselineName))
        }
    }
}

/// The regression report as JSON.
enum ComparisonJSON {
    struct Row: Encodable {
        let scenario, metric, statistic, verdict, evidence: String
        let baseline, candidate: Double
    }
    struct Budget: Encodable {
        let scenario, limit: String
        let value, maximum: Double
        let holds: Bool
    }
    struct Document: Encodable {
        let baseline: String
        let machinesMatch: Bool
        let failed: Bool
        let comparisons: [Row]
        let budgets: [Budget]
        let onlyInBaseline, onlyInCandidate: [String]
        enum CodingKeys: String, CodingKey {
            case baseline, failed, comparisons, budgets
            case machinesMatch = "machines_match"
            case onlyInBaseline = "only_in_baseline"
            case onlyInCandidate = "only_in_candidate"
        }
    }

    static func encode(_ report: ComparisonReport, baselineName: String) throws -> String {
        let document = Document(
            baseline: baselineName, machinesMatch: report.machinesMatch, failed: report.failed,
            comparisons: report.rows.map {
                Row(
                    scenario: $0.scenario, metric: $0.metric.rawValue, statistic: $0.statistic, verdict: $0.verdict.rawValue,
                    evidence: $0.evidence, baseline: $0.baseline, candidate: $0.candidate)
            },
            budgets: report.budgets.map {
                Budget(scenario: $0.scenario, limit: $0.limit, value: $0.value, maximum: $0.maximum, holds: $0.holds)
            },
            onlyInBaseline: report.onlyInBaseline, onlyInCandidate: report.onlyInCandidate)
        return String(decoding: try JSONFile.encode(document), as: UTF8.self)
    }
}
