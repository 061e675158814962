import Harness

/// `results-diff A B`: whether two results (or sets of shards) hold the same
/// benchmarks with the same counts (`ResultsDiff`). Exit 0 when they do, 1
/// when something differs or nothing was compared, 2 for bad usage or input.
enum ResultsDiffCommand {
    static func resultsDiff(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count == 2 else {
            throw UsageError(
                "results-diff takes two results files, A and B, each a file or comma-separated files (shards), not \(parsed.positionals.count) argument(s)"
            )
        }
        let rules = try ResultsDiff.rules(exact: parsed.string("exact"), within: parsed.string("within"))
        let a = try ResultsDiff.read(side: parsed.positionals[0])
        let b = try ResultsDiff.read(side: parsed.positionals[1])
        let backend = try parsed.string("backend").map { name in
            guard let backend = ResultBackend(rawValue: name) else {
                throw UsageError(
                    "--backend \(name): results name no such backend (\(ResultBackend.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return backend
        }
        let diff = ResultsDiff(rules: rules, anyOrder: parsed.flag("any-order"), backend: backend)
        let outcome = diff.compare(a, b)
        try StandardStreams.printLine(diff.text(outcome))
        return outcome.isSame ? 0 : 1
    }
}

extension OptionDeclaration {
    /// `results-diff`'s options (kept here, beside the command, and added to `all`).
    static let resultsDiff: [OptionDeclaration] = [
        OptionDeclaration(
            name: "exact", value: "KIND,...",
            help: "kinds of metric that must be equal: \(ResultsDiff.kinds.map(\.rawValue).joined(separator: ", "))",
            defaultValue: nil, commands: [.resultsDiff]),
        OptionDeclaration(
            name: "within", value: "KIND=P%,...",
            help: "kinds that may differ by P% of A's whole-frame value of the kind (instructions=0.1%)",
            defaultValue: nil, commands: [.resultsDiff]),
        OptionDeclaration(
            name: "any-order", value: nil, help: "B may hold the benchmarks in another order (B is a list of shards)",
            defaultValue: nil, commands: [.resultsDiff]),
        OptionDeclaration(
            name: "backend", value: "NAME", help: "only the benchmarks of this backend (framebench, ncurses, program); all when absent",
            defaultValue: nil, commands: [.resultsDiff]),
    ]
}
