import Foundation

/// `results-diff`'s arguments as values: the rules from `--exact` and
/// `--within`, and a side from its comma-separated files.
extension ResultsDiff {
    /// `--exact allocation,output` and `--within instructions=0.1%` as rules,
    /// in the order given. A kind not in `kinds`, a kind named twice, or a
    /// share that is not a percentage from 0 to 100 is a usage error naming it.
    public static func rules(exact: String?, within: String?) throws -> [Rule] {
        var rules: [Rule] = []
        func add(_ name: String, tolerance: Double?, option: String) throws {
            guard let kind = kinds.first(where: { $0.rawValue == name }) else {
                throw UsageError(
                    "\(option): '\(name)' is not a kind of metric (one of \(kinds.map(\.rawValue).joined(separator: ", ")))")
            }
            guard !rules.contains(where: { $0.kind == kind }) else {
                throw UsageError("\(option): \(name) is named twice (in --exact or --within)")
            }
            rules.append(Rule(kind: kind, tolerance: tolerance))
        }
        for name in words(exact) { try add(name, tolerance: nil, option: "--exact") }
        for item in words(within) {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[1].hasSuffix("%"), let share = Double(parts[1].dropLast()),
                share.isFinite, share >= 0, share <= 100
            else {
                throw UsageError("--within takes KIND=PERCENT% with PERCENT from 0 to 100 (instructions=0.1%), not '\(item)'")
            }
            try add(parts[0], tolerance: share / 100, option: "--within")
        }
        return rules
    }

    /// The benchmarks of one side: a results file, or comma-separated files
    /// taken together (each read and validated as `BaselineStore.read` does).
    public static func read(side: String) throws -> [Entry] {
        let paths = side.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !paths.contains(where: \.isEmpty) else {
            throw UsageError("results-diff: '\(side)' names an empty file (FILE or FILE,FILE,...)")
        }
        return try paths.flatMap { path in
            try BaselineStore.read(path).scenarios.map { Entry(path: path, report: $0) }
        }
    }

    private static func words(_ list: String?) -> [String] {
        (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
