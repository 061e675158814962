import Foundation

/// Writes files so a reader sees the old contents or the new, never a part:
/// a temporary file beside the target, then a rename.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw UsageError("cannot write \(url.path): \(reason)")
            }
        } catch let error as UsageError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw UsageError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
