import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes results so nothing is lost: a reader of a regular file sees the old
/// contents or the new, never a part, and nothing that is not a regular file
/// is ever replaced.
///
/// - A regular file (or a name not yet taken) is written to a temporary file
///   in the same folder, synced, then renamed into place and the folder
///   synced. Without `replacing`, the temporary is hard-linked to the target
///   instead, which fails if the name was taken meanwhile: a check and a
///   commit in one step, so two writers of a new name cannot both succeed.
/// - Symbolic links are followed to their final target, which is written as
///   above; the link stays a link.
/// - Anything else (a device such as `/dev/null`, a FIFO, a socket) is
///   opened and written directly: a rename would put a regular file where
///   the device was.
/// - The temporary file is removed on failure and on SIGINT/SIGTERM/SIGHUP
///   (`TemporaryFiles`).
///
/// Errors name the path and the system's reason: `UsageError` for what the
/// user can fix before a run (a directory, a missing folder, a file that
/// needs `--force`), `WriteError` for a write that failed (a full disk).
public enum AtomicFile {
    /// What writing a path means.
    public enum Target: Equatable, Sendable {
        /// A regular file, existing or not, at this resolved path.
        case regular(path: String, exists: Bool)
        /// A device, FIFO or socket at this resolved path: written in place.
        case direct(path: String)
    }

    /// Resolves `path` through symbolic links; a directory is an error.
    public static func target(_ path: String) throws -> Target {
        var current = path
        for _ in 0..<40 {
            // /dev/stdout, /dev/fd/N and /proc/self/fd/N are links to open
            // descriptors ("pipe:[123]" is no path): written directly, never resolved.
            if isDescriptorLink(current) { return .direct(path: current) }
            var status = stat()
            if lstat(current, &status) != 0 {
                guard errno == ENOENT else { throw UsageError(failure(path, "cannot examine it", errno).description) }
                return .regular(path: current, exists: false)
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(of: current, named: path)
            case S_IFREG:
                return .regular(path: current, exists: true)
            case S_IFDIR:
                throw UsageError("\(path) is a directory")
            default:
                return .direct(path: current)
            }
        }
        throw UsageError("cannot write \(path): too many levels of symbolic links")
    }

    /// Checks, before any work is done, that `path` can be written: not a
    /// directory, its folder exists, and an existing file is only replaced
    /// when `replacing`. The write checks again (`write`), atomically.
    public static func check(_ path: String, replacing: Bool) throws {
        switch try target(path) {
        case .regular(let resolved, let exists):
            if exists && !replacing { throw UsageError("\(describe(path, resolved)) already exists; pass --force to replace it", reason: .outputExists) }
            let folder = folderOf(resolved)
            var status = stat()
            guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw UsageError("cannot write \(describe(path, resolved)): the folder \(folder) does not exist")
            }
            guard access(folder, W_OK) == 0 else { throw UsageError(failure(path, "the folder \(folder) is not writable", errno).description) }
        case .direct(let resolved):
            guard isDescriptorLink(resolved) || access(resolved, W_OK) == 0 else { throw UsageError(failure(path, "cannot write it", errno).description) }
        }
    }

    /// Writes `bytes` to `path` as described above.
    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws {
        switch try target(path) {
        case .direct(let resolved):
            try writeDirectly(bytes, to: resolved, named: path)
        case .regular:
            let staged = try Staged(bytes, for: path)
            defer { staged.discard() }
            try staged.commit(replacing: replacing)
        }
    }

    public static func write(_ data: Data, to url: URL, replacing: Bool) throws {
        try write([UInt8](data), to: url.path, replacing: replacing)
    }

    /// Contents written and synced to a temporary file beside a regular
    /// target, waiting to be committed; several can be committed together
    /// (inside `TemporaryFiles.withSignalsHeld`). `discard` removes what was
    /// not committed.
    final class Staged {
        let path: String
        let resolved: String
        private let temporary: String
        private var slot: Int?
        private var committed = false

        init(_ bytes: [UInt8], for path: String) throws {
            guard case .regular(let resolved, let exists) = try AtomicFile.target(path) else {
                throw UsageError("\(path) is not a regular file")
            }
            self.path = path
            self.resolved = resolved
            let folder = AtomicFile.folderOf(resolved)
            let name = String(resolved.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
            temporary = "\(folder)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            slot = TemporaryFiles.register(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                let code = errno
                TemporaryFiles.unregister(slot)
                throw AtomicFile.failure(path, "cannot create a temporary file in \(folder)", code)
            }
            do {
                if exists {  // a replacement keeps the permissions the old file had
                    var status = stat()
                    if stat(resolved, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
                }
                try AtomicFile.writeAll(bytes, to: descriptor, named: path)
                guard fsync(descriptor) == 0 else { throw AtomicFile.failure(path, "cannot sync it", errno) }
                guard close(descriptor) == 0 else { throw AtomicFile.failure(path, "cannot write it", errno) }
            } catch {
                close(descriptor)
                discard()
                throw error
            }
        }

        /// Puts the contents in place: renamed over the target, or (not
        /// `replacing`) linked to a name that must still be free.
        func commit(replacing: Bool) throws {
            if replacing {
                guard rename(temporary, resolved) == 0 else { throw AtomicFile.failure(path, "cannot rename into place", errno) }
            } else {
                guard link(temporary, resolved) == 0 else {
                    if errno == EEXIST {
                        throw UsageError("\(AtomicFile.describe(path, resolved)) already exists; pass --force to replace it", reason: .outputExists)
                    }
                    throw AtomicFile.failure(path, "cannot link into place", errno)
                }
                unlink(temporary)
            }
            committed = true
            TemporaryFiles.unregister(slot)
            slot = nil
            AtomicFile.syncFolder(of: resolved)
        }

        /// Removes the file put in place by `commit` (undoing one of a pair
        /// whose other half failed).
        func revoke() {
            if committed { unlink(resolved) }
        }

        func discard() {
            if !committed { unlink(temporary) }
            TemporaryFiles.unregister(slot)
            slot = nil
        }
    }

    // MARK: Helpers

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, named path: String) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure(path, "cannot write it", errno)
                }
                offset += written
            }
        }
    }

    private static func isDescriptorLink(_ path: String) -> Bool {
        path.hasPrefix("/proc/") || path.hasPrefix("/dev/fd/")
    }

    /// The descriptor a `/proc/self/fd/N` or `/dev/fd/N` path names, when it is stdout or stderr.
    private static func standardDescriptor(_ path: String) -> Int32? {
        for prefix in ["/proc/self/fd/", "/dev/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            switch path.dropFirst(prefix.count) {
            case "1": return STDOUT_FILENO
            case "2": return STDERR_FILENO
            default: return nil
            }
        }
        return nil
    }

    private static func writeDirectly(_ bytes: [UInt8], to resolved: String, named path: String) throws {
        if let standard = standardDescriptor(resolved) {
            // Our own stdout or stderr: write where it already points (a pipe, a
            // terminal, a file the shell opened), as printing would.
            try writeAll(bytes, to: standard, named: path)
            return
        }
        // No O_CREAT or O_TRUNC: the node exists and is not a file to truncate.
        let descriptor = open(resolved, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, "cannot open it", errno) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, named: path)
    }

    private static func linkTarget(of link: String, named path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw UsageError(failure(path, "cannot read the symbolic link \(link)", errno).description) }
        let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return destination.hasPrefix("/") ? destination : "\(folderOf(link))/\(destination)"
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes a rename or link durable: the folder's entry is synced too.
    static func syncFolder(of path: String) {
        let descriptor = open(folderOf(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func describe(_ path: String, _ resolved: String) -> String {
        path == resolved ? path : "\(path) (-> \(resolved))"
    }

    static func failure(_ path: String, _ what: String, _ code: Int32) -> WriteError {
        WriteError("cannot write \(path): \(what) (\(String(cString: strerror(code))))")
    }

    /// Creates `path` and the folders above it, with messages from the
    /// system's own reasons (Foundation's said "NSCocoaErrorDomain error 512").
    static func makeFolders(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw UsageError("\(path) exists and is not a directory") }
            return
        }
        let parent = folderOf(path)
        if parent != path && parent != "." && parent != "/" { try makeFolders(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw UsageError("cannot create the directory \(path): \(String(cString: strerror(errno)))")
        }
    }
}
