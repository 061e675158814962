import Foundation

/// The commit a run was built from, and whether the tree had changes.
public struct GitState: Codable, Equatable, Sendable {
    public var commit: String?
    public var dirty: Bool?

    /// The package whose commit results record: set by the `framebench`
    /// dispatcher from `--package-path` (or the package found upward from
    /// here). Results made with `--package-path` from another folder once
    /// recorded the current folder's commit, or none.
    nonisolated(unsafe) public static var packageFolder = "."

    public static func current(in directory: String = packageFolder) -> GitState {
        let commit = run(["rev-parse", "HEAD"], in: directory)?.trimmingCharacters(in: .whitespacesAndNewlines)
        let status = run(["status", "--porcelain", "--untracked-files=no"], in: directory)
        return GitState(commit: commit, dirty: status.map { !$0.isEmpty })
    }

    private static func run(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
