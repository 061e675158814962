import Harness
import Reports
import Foundation

/// `baseline save`, `baseline list`, `baseline show`, `compare` and `check`.
enum BaselineCommands {
    static func save(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else { throw UsageError("baseline save takes no positional arguments") }
        let store = PackageRoot.current.baselines
        let name = parsed.string("name") ?? BaselineStore.defaultName
        try store.checkSave(name: name, force: parsed.flag("force"))  // before the run, not after it
        let document: RunDocument
        if let from = parsed.string("from") {
            _ = try parsed.shard(appliesToSuite: false, otherwise: "--from (merge shards with framebench merge)")
            document = try BaselineStore.read(from)
        } else {
            document = try runSuite(parsed)
        }
        let path = try store.save(document, name: name, force: parsed.flag("force"))
        try StandardStreams.printLine("saved baseline \(name) (\(document.scenarios.count) results) to \(path)")
        return 0
    }

    static func list(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else { throw UsageError("baseline list takes no arguments") }
        let store = PackageRoot.current.baselines
        let entries = store.list()
        if entries.isEmpty {
            try StandardStreams.printLine("no baselines in \(store.directory)/")
            return 0
        }
        func row(_ name: String, _ created: String, _ machine: String, _ commit: String, _ results: String) -> String {
            TextReport.pad(name, 32) + TextReport.pad(created, 22) + TextReport.pad(machine, 34) + TextReport.pad(commit, 22)
                + results
        }
        try StandardStreams.printLine(row("name", "created", "machine", "commit", "results"))
        for entry in entries {
            // File names and fields come from files anyone may have put in Results/.
            if let document = entry.document {
                let commit = (document.git.commit.map { String($0.prefix(12)) } ?? "unknown") + (document.git.dirty == true ? " (dirty)" : "")
                try StandardStreams.printLine(
                    UntrustedText.terminal(
                        row(entry.name, document.created, document.machine.slug, commit, "\(document.scenarios.count)")))
            } else {
                try StandardStreams.printLine(UntrustedText.terminal("\(TextReport.pad(entry.name, 32))unreadable: \(entry.problem ?? "")"))
            }
        }
        return 0
    }

    static func show(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 1 else { throw UsageError("baseline show takes one NAME") }
        let output = try OutputOptions(parsed)
        let document = try PackageRoot.current.baselines.load(parsed.positionals[0])
        var options = output.exportOptions
        options.omitsRunTables = false  // --quiet keeps a stored baseline's tables (as ever): it only holds back standard output
        try output.write(.run(document), options: options)
        return 0
    }

    static func compare(_ parsed: ParsedArguments) throws -> Int32 {
        let output = try OutputOptions(parsed)
        let baseline: RunDocument
        let candidate: RunDocument
        let baselineName: String
        var options = try comparisonOptions(parsed)
        switch parsed.positionals.count {
        case 2:
            guard parsed.string("baseline") == nil else { throw UsageError("give --baseline NAME or two files, not both") }
            if let trials = parsed.string("trials") { return try gateTrials(parsed, trialsFile: trials, options: options) }
            baselineName = parsed.positionals[0]
            baseline = try RunDocument.read(pooling: parsed.positionals[0])
            candidate = try RunDocument.read(pooling: parsed.positionals[1])
            options.paired = parsed.flag("paired")
        case 0:
            guard !parsed.flag("paired") else { throw UsageError("--paired compares two lists of results files made in rounds") }
            baselineName = parsed.string("baseline") ?? BaselineStore.defaultName
            baseline = try PackageRoot.current.baselines.load(baselineName)
            candidate = try runSuite(parsed)
        default:
            throw UsageError("compare takes --baseline NAME, or two results files A.json B.json")
        }
        let budgets = try parsed.string("budgets").map { try BudgetFile.load($0) }
        let report = Comparison.compare(baseline: baseline, candidate: candidate, budgets: budgets, options: options)
        try write(ComparedRuns(report: report, baselineName: baselineName, baseline: baseline, candidate: candidate), output)
        let candidateName = parsed.positionals.count == 2 ? parsed.positionals[1] : "this run"
        if let reason = report.nothingCompared(
            baseline: baseline, candidate: candidate, baselineName: baselineName, candidateName: candidateName)
        {
            FrameBenchCommand.printError("compare: FAILED: \(reason)")
            return 1
        }
        if report.failed && (output.quiet || !output.writes(.text)) {
            // --quiet hides the report, never the reason for a failure.
            FrameBenchCommand.printError("compare: FAILED: " + TextReport.failureSummary(report))
        }
        return report.failed ? 1 : 0
    }

    /// `compare --trials FILE A1,A2,... B1,B2,...`: the trials FILE lists (a
    /// JSON array of arrays of round indices), each judged as `--paired`
    /// judges its rounds; one JSON line per trial on stdout. Internal: the
    /// gate's power study draws thousands of trials from one pool of rounds.
    static func gateTrials(_ parsed: ParsedArguments, trialsFile: String, options: ComparisonOptions) throws -> Int32 {
        let trials: [[Int]]
        do {
            trials = try JSONDecoder().decode([[Int]].self, from: InputFile.read(trialsFile, what: "--trials"))
        } catch {
            throw UsageError("--trials \(trialsFile): not a JSON array of arrays of round indices (\(error.localizedDescription))")
        }
        func pool(_ list: String) throws -> [(path: String, document: RunDocument)] {
            try list.split(separator: ",").map { (String($0), try BaselineStore.read(String($0))) }
        }
        let outcomes = try GateTrials.judge(
            baseline: try pool(parsed.positionals[0]), candidate: try pool(parsed.positionals[1]), trials: trials,
            options: options)
        struct Row: Encodable { let scenario, metric, statistic: String }
        struct Line: Encodable { let failed: Bool; let failing: [Row] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var text = ""
        for outcome in outcomes {
            let line = Line(
                failed: outcome.failed,
                failing: outcome.failing.map { Row(scenario: $0.scenario, metric: $0.metric.rawValue, statistic: $0.statistic.rawValue) })
            text += String(decoding: try encoder.encode(line), as: UTF8.self) + "\n"
        }
        FileHandle.standardOutput.write(Data(text.utf8))
        return 0
    }

    /// Timing options shared by `compare` and `check`.
    static func comparisonOptions(_ parsed: ParsedArguments) throws -> ComparisonOptions {
        var options = ComparisonOptions()
        if let text = parsed.string("instruction-tolerance") {
            guard let percent = DecimalNumber.parse(text.hasSuffix("%") ? String(text.dropLast()) : text, allowsSign: false) else {
                throw UsageError("--instruction-tolerance takes a percentage such as 1 or 0.5%, not '\(text)'")
            }
            options.instructionTolerance = percent / 100
        }
        return options
    }

    /// The suite run now, with `--suite`, `--filter`, `--measure` and `--frame-budget` applied.
    static func runSuite(_ parsed: ParsedArguments) throws -> RunDocument {
        let selection = try BenchmarkSelection.resolve(names: [], parsed)
        var runner = selection.runner()
        if let shard = try parsed.shard(appliesToSuite: true, otherwise: "") { runner.restrict(to: shard) }
        let document = try runner.run().document
        // A program that hung or exited early measured something else: no baseline, no verdict;
        // `check` also fails on a program figure the run doubts.
        try document.checkProgramRuns(strict: parsed.command == .check)
        return document
    }

    static func check(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else { throw UsageError("check takes no positional arguments") }
        let output = try OutputOptions(parsed)
        let budgetsPath = parsed.string("budgets") ?? PackageRoot.current.budgetsPath
        let budgets = try BudgetFile.load(budgetsPath)
        let given = try parsed.string("results").map { try BaselineStore.read($0) }
        _ = try parsed.shard(appliesToSuite: given == nil, otherwise: "--results")
        // Names are checked before any benchmark runs: a misspelt budget is an error, not a budget that never applies.
        try checkNames(of: budgets, path: budgetsPath, given: given)
        let store = PackageRoot.current.baselines
        let baselineName = parsed.string("baseline") ?? BaselineStore.defaultName
        var baseline: RunDocument?
        if parsed.string("baseline") != nil || FileManager.default.fileExists(atPath: store.path(for: baselineName)) {
            baseline = try store.load(baselineName)  // named explicitly: it must exist and be readable
        }
        var options = try comparisonOptions(parsed)
        options.timingGates = parsed.flag("gate-timing")
        let candidate = try given ?? runSuite(parsed)
        if let record = candidate.shard, given == nil {
            // One shard is judged on its own benchmarks: the others are other runners' work.
            if candidate.scenarios.isEmpty {
                print("check: shard \(record.index)/\(record.count) has no benchmarks of this suite: nothing to check")
                return 0
            }
            let names = Set(candidate.scenarios.map(\.name))
            baseline?.scenarios.removeAll { !names.contains($0.name) }
        }
        if given == nil { baseline = baseline?.narrowed(toSuiteOf: candidate) }
        var report: ComparisonReport
        if let baseline {
            report = Comparison.compare(baseline: baseline, candidate: candidate, budgets: budgets, options: options)
        } else {
            report = ComparisonReport()
            report.budgets = candidate.scenarios.flatMap { Comparison.check($0, budgets) }
        }
        // A gate that checked nothing has not passed: a misspelt name, a
        // results file without metrics, or a suite no budget covers.
        let nothingChecked = report.nothingCompared(
            baseline: baseline, candidate: candidate, baselineName: baselineName,
            candidateName: parsed.string("results") ?? "this run")
        let shownName = baseline == nil ? "(none stored for this machine: budgets only)" : baselineName
        try write(ComparedRuns(report: report, baselineName: shownName, baseline: baseline, candidate: candidate), output)
        if let nothingChecked {
            FrameBenchCommand.printError("check: FAILED: \(nothingChecked)")
            return 1
        }
        if report.failed && (output.quiet || !output.writes(.text)) {
            FrameBenchCommand.printError("check: FAILED: " + TextReport.failureSummary(report))
        }
        if output.writes(.text) && !output.quiet {
            try StandardStreams.printLine(report.failed ? "check: FAILED: " + TextReport.failureSummary(report) : "check: passed")
        }
        return report.failed ? 1 : 0
    }

    /// Every benchmark a budget names must be one the check can see: in the
    /// results given, or in the suites file.
    private static func checkNames(of budgets: BudgetFile, path budgetsPath: String, given: RunDocument?) throws {
        var known = given.map { Set($0.scenarios.map(\.name)) } ?? []
        var programs = Set(given?.scenarios.filter { $0.backend == ProgramReport.backend }.map(\.name) ?? [])
        var suites: SuiteFile?
        if given == nil {
            suites = try SuiteFile.load(PackageRoot.current.suitesPath, catalog: WorkloadFactory.catalog)
        } else {
            // Checking a results file needs no suites; their names count when they can be read.
            suites = try? SuiteFile.load(PackageRoot.current.suitesPath, catalog: WorkloadFactory.catalog)
        }
        if let suites {
            known.formUnion(suites.benchmarkNames)
            programs.formUnion(suites.programNames)
        }
        try budgets.checkNames(known, path: budgetsPath)
        try budgets.checkProgramMetrics(programs, path: budgetsPath)
    }

    /// The comparison in `--format`'s format, the candidate's script events on the HTML page's axes.
    private static func write(_ compared: ComparedRuns, _ output: OutputOptions) throws {
        var options = output.exportOptions
        if output.marksScriptEvents { options.markers = SeeingOptions.markers([compared.candidate]) }
        try output.write(.comparison(compared), options: options)
    }
}
