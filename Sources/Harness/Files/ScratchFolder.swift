import Foundation

/// A scratch folder in the temporary directory that this process makes and
/// removes: after its work, and on SIGINT, SIGTERM or SIGHUP
/// (`TemporaryFiles`); one that a framebench killed outright left behind is
/// removed by the next that uses the same prefix.
enum ScratchFolder {
    /// Runs `body` with a new folder named `prefix-pidN-UUID`.
    /// - Throws: `InternalFailure` (exit 3) starting with `purpose` when the folder cannot be made.
    static func with<T>(_ prefix: String, label: String, purpose: String, _ body: (URL) throws -> T) throws -> T {
        let temporary = FileManager.default.temporaryDirectory
        TemporaryFiles.removeAbandoned(prefix, in: temporary)
        let folder = temporary.appendingPathComponent(TemporaryFiles.scratchName(prefix))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw InternalFailure(.scratch, "\(purpose): no scratch folder in \(temporary.path) (\(error))")
        }
        let slot = TemporaryFiles.registerFolder(folder.path, label: label)
        defer {
            try? FileManager.default.removeItem(at: folder)
            TemporaryFiles.unregister(slot)
        }
        return try body(folder)
    }
}
