import Foundation
import Workloads

/// How a parent hands its run settings to a child `framebench run`
/// (`IsolatedRun`, `CountedRun`, `framebench profile`): the settings value as
/// JSON (`RunSettings+Codable`) in a file in a folder the parent makes and
/// removes, named by the child's only option. The child decodes the value it
/// was given; no setting is turned into an option and parsed back.
public enum ChildSettings {
    /// The hidden `run` option naming the settings file.
    public static let option = "settings-file"
    static let fileName = "settings.json"

    /// The child's arguments: `run FLAG --settings-file PATH`.
    static func arguments(flag: String, file: URL) -> [String] {
        ["run", flag, "--\(option)", file.path]
    }

    /// Writes `settings` into `folder` (which the caller removes) and returns the file.
    /// The feed file's path is made absolute: a counted child runs in `/`
    /// (`CallgrindRunner.workingDirectory`).
    static func write(_ settings: RunSettings, into folder: URL) throws -> URL {
        var settings = settings
        if let file = settings.workloadSettings.feedFile {
            settings.workloadSettings.feedFile = URL(fileURLWithPath: file).standardizedFileURL.path
        }
        let url = folder.appendingPathComponent(fileName)
        do {
            try JSONEncoder().encode(settings).write(to: url)
        } catch {
            throw InternalFailure(.scratch, "cannot hand \(settings.name)'s settings to its process: \(url.path): \(error.localizedDescription)")
        }
        return url
    }

    /// Runs `body` with the arguments of a child that runs `settings`, the
    /// settings in a scratch folder of their own, removed afterwards (and on
    /// SIGINT, SIGTERM or SIGHUP: `TemporaryFiles`).
    static func withArguments<T>(for settings: RunSettings, flag: String, _ body: ([String]) throws -> T) throws -> T {
        try ScratchFolder.with(
            "framebench-settings", label: "settings folder", purpose: "cannot hand \(settings.name)'s settings to its process"
        ) { folder in
            try body(arguments(flag: flag, file: try write(settings, into: folder)))
        }
    }

    /// The child's side: the settings its parent wrote at `path`, drawing from `catalog`.
    /// - Throws: `UsageError` naming the file when it cannot be read or decoded.
    public static func read(_ path: String, catalog: WorkloadCatalog) throws -> RunSettings {
        let decoder = JSONDecoder()
        decoder.userInfo[RunSettings.catalogKey] = catalog
        do {
            return try decoder.decode(RunSettings.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw UsageError("--\(option) \(path): not run settings a parent framebench wrote (\(error))")
        }
    }
}
