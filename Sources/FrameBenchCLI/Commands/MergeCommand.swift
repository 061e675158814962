import Harness
import Reports
import Foundation

/// `merge`: results files of shards and rounds into one (see `ResultsMerge`).
enum MergeCommand {
    static func merge(_ parsed: ParsedArguments) throws -> Int32 {
        guard !parsed.positionals.isEmpty else {
            throw UsageError("merge needs the results files to merge (merge FILE... --out FILE)")
        }
        guard let out = parsed.string("out"), !out.isEmpty else {
            throw UsageError("merge needs --out FILE for the merged results")
        }
        if let refusal = checkOut(out) { throw refusal }
        let github = parsed.string("github-benchmark")
        // Checked before reading anything: a merge that cannot be written is not started.
        for (option, path) in [("--out", out), ("--github-benchmark", github)] {
            guard let path else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { throw UsageError("\(option) \(path) is a directory") }
                if !parsed.flag("force") {
                    throw UsageError("\(option) \(path) already exists; pass --force to replace it")
                }
            }
        }
        let inputs = try parsed.positionals.map(ResultsMerge.Input.read)
        let options = ResultsMerge.Options(
            rounds: parsed.flag("rounds"), deterministicOnly: parsed.flag("deterministic-only"))
        let document = try ResultsMerge.merge(inputs, options: options)
        let force = parsed.flag("force")
        try AtomicFile.write(try ReportFormat.json.render(.run(document)), to: URL(fileURLWithPath: out).path, replacing: force)
        if let github {
            try AtomicFile.write(
                try ReportFormat.githubBenchmark.render(.run(document)), to: URL(fileURLWithPath: github).path, replacing: force)
        }
        if !parsed.flag("quiet") {
            let shards =
                inputs.first?.document.shard.map {
                    " (\($0.count) shard\($0.count == 1 ? "" : "s") of suite '\(inputs[0].document.suite ?? "?")')"
                } ?? ""
            try StandardStreams.printLine(
                "merged \(inputs.count) file\(inputs.count == 1 ? "" : "s")\(shards) into \(out): \(document.scenarios.count) results"
            )
        }
        return 0
    }

    /// Merge writes results JSON whatever `--out` says: a name whose
    /// extension names another report format (`merged.html`) is refused
    /// rather than filled with JSON.
    static func checkOut(_ out: String) -> UsageError? {
        guard let implied = ReportFormat.implied(byFileName: out), implied != .json else { return nil }
        return UsageError(
            "--out \(out): its extension names \(implied.rawValue), but merge writes results JSON: name it .json (or any name without a report's extension)")
    }
}
