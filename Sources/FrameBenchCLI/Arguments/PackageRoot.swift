import Foundation
import Harness

/// The package whose `Benchmarks/` and `Results/` the commands use: given
/// with `--package-path DIR`, else the nearest folder upward from the current
/// one that holds `Package.swift`, when it holds `Benchmarks/suites.json`
/// too, else the current folder (a results file can be compared anywhere).
///
/// Paths stay relative when the root is the current folder, so messages read
/// as they always have (`Benchmarks/suites.json has no suite ...`).
struct PackageRoot: Sendable {
    /// "" for the current folder, else the root with a trailing "/".
    private let prefix: String

    /// The root the command being run uses (set by the dispatcher).
    nonisolated(unsafe) static var current = PackageRoot(prefix: "")

    private init(prefix: String) { self.prefix = prefix }

    var suitesPath: String { prefix + SuiteFile.defaultPath }
    /// The root as a folder path ("." for the current one).
    var folder: String { prefix.isEmpty ? "." : String(prefix.dropLast()) }
    /// The root as an absolute path: `{root}` in program entries, so a
    /// program that changes folder still finds its files.
    var absoluteFolder: String { URL(fileURLWithPath: folder).standardizedFileURL.path }
    var budgetsPath: String { prefix + BudgetFile.defaultPath }
    var baselines: BaselineStore { BaselineStore(directory: prefix + BaselineStore.defaultDirectory) }

    /// The root for `--package-path` (when given) or found from the current folder.
    /// - Throws: `UsageError` when `--package-path` names no package with a suites file.
    static func locate(explicit: String?) throws -> PackageRoot {
        let manager = FileManager.default
        if let explicit {
            let folder = URL(fileURLWithPath: explicit).standardizedFileURL.path
            guard manager.fileExists(atPath: folder + "/" + SuiteFile.defaultPath) else {
                throw UsageError("--package-path \(explicit): no \(SuiteFile.defaultPath) there")
            }
            return PackageRoot(prefix: folder + "/")
        }
        let here = URL(fileURLWithPath: manager.currentDirectoryPath).standardizedFileURL
        var folder = here
        while true {
            if manager.fileExists(atPath: folder.path + "/Package.swift") {
                // The nearest package only: a package inside another (Examples/MyScene in this
                // checkout) must not save its baselines in the outer one's Results/.
                guard manager.fileExists(atPath: folder.path + "/" + SuiteFile.defaultPath) else { return PackageRoot(prefix: "") }
                return PackageRoot(prefix: folder.path == here.path ? "" : folder.path + "/")
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return PackageRoot(prefix: "") }
            folder = parent
        }
    }
}
