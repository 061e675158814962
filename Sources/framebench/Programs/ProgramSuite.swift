import Foundation
import Harness
import ProgramDriver

/// Program benchmarks declared as data (`Benchmarks/Programs/programs.json`):
///
///     {"suites": {"programs": [
///         {"name": "less", "program": ["sh", "-c", "seq 200000 | less"],
///          "keys": "wait 1500ms; j x200; PageDown x10", "size": "120x40"}
///     ]}}
///
/// Each entry: `name`, `program` (the command and its arguments), and
/// optionally `keys` (a key script, see `KeyScript`), `script` (a key
/// script file, instead of `keys`), `size` (default 80x24), `term`
/// (xterm-256color), `gap_ms` (30), `timeout_ms` (5000), `frames` (stop
/// after N answering frames), `repeats` (1), `frame_budget_ms` (16).
/// In `program`, `{bin}` is the folder of the running framebench (so
/// `{bin}/framebench` and `{bin}/ncurses-list` are the build that runs) and
/// `{root}` the package's folder; `script` is relative to the package.
public struct ProgramDeclaration: Codable, Equatable, Sendable {
    public var name: String
    public var program: [String]
    public var keys: String?
    public var script: String?
    public var size: String?
    public var term: String?
    public var gapMilliseconds: Int?
    public var timeoutMilliseconds: Int?
    public var frames: Int?
    public var repeats: Int?
    public var frameBudgetMilliseconds: Int?

    enum CodingKeys: String, CodingKey {
        case name, program, keys, script, size, term, frames, repeats
        case gapMilliseconds = "gap_ms"
        case timeoutMilliseconds = "timeout_ms"
        case frameBudgetMilliseconds = "frame_budget_ms"
    }

    /// The declaration as `framebench program` arguments (before `--`), so
    /// one parser checks both and a command-line option can replace a declared one.
    func arguments(root: String) -> [String] {
        var arguments = ["--name", name]
        if let keys { arguments += ["--keys", keys] }
        if let script { arguments += ["--script", script.hasPrefix("/") ? script : "\(root)/\(script)"] }
        if let size { arguments += ["--size", size] }
        if let term { arguments += ["--term", term] }
        if let gapMilliseconds { arguments += ["--gap", "\(gapMilliseconds)"] }
        if let timeoutMilliseconds { arguments += ["--timeout", "\(timeoutMilliseconds)"] }
        if let frames { arguments += ["--frames", "\(frames)"] }
        if let repeats { arguments += ["--repeat", "\(repeats)"] }
        if let frameBudgetMilliseconds { arguments += ["--frame-budget", "\(frameBudgetMilliseconds)"] }
        return arguments
    }

    /// `program` with `{bin}` and `{root}` replaced.
    func command(binFolder: String, root: String) -> [String] {
        program.map { $0.replacingOccurrences(of: "{bin}", with: binFolder).replacingOccurrences(of: "{root}", with: root) }
    }
}

/// The file of program suites.
public struct ProgramSuiteFile: Codable, Equatable, Sendable {
    public static let defaultPath = "Benchmarks/Programs/programs.json"
    public var suites: [String: [ProgramDeclaration]]

    public static func load(_ path: String) throws -> ProgramSuiteFile {
        let file: ProgramSuiteFile = try JSONFile.read(path, what: "program suites file")
        for (suite, entries) in file.suites {
            var names = Set<String>()
            for entry in entries {
                guard names.insert(entry.name).inserted else {
                    throw UsageError("\(path): suite '\(suite)' has two programs named '\(entry.name)'")
                }
                guard !entry.program.isEmpty else {
                    throw UsageError("\(path): program '\(entry.name)' has an empty \"program\" list")
                }
                if entry.keys != nil && entry.script != nil {
                    throw UsageError("\(path): program '\(entry.name)' gives both \"keys\" and \"script\"")
                }
            }
        }
        return file
    }

    /// The suite's entries, or an error naming the suites there are.
    public func entries(of suite: String, path: String) throws -> [ProgramDeclaration] {
        guard let entries = suites[suite] else {
            throw UsageError(
                "\(path) has no suite '\(suite)' (it has: \(suites.keys.sorted().joined(separator: ", ")))")
        }
        return entries
    }
}
