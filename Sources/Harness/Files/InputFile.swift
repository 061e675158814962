import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Files the user gives framebench to read (results, suites, budgets, key
/// scripts), read whole with errors that say what the path is when it is
/// not a file: "is a folder", "is a FIFO (named pipe)", "no such file", or
/// the system's reason. (Foundation said "NSCocoaErrorDomain error 256" for
/// a folder and "You don't have permission" for a FIFO, even as root.)
public enum InputFile {
    /// The whole of a regular file. A folder, FIFO, socket or device is
    /// refused before it is opened (a FIFO would block; a device never ends),
    /// and so is a file larger than `limit` bytes (checked before reading,
    /// and again as it is read, should it grow meanwhile).
    public static func read(_ path: String, what: String, limit: Int? = nil) throws -> Data {
        let descriptor = try openRegular(path, what: what, limit: limit)
        defer { close(descriptor) }
        var status = stat()
        fstat(descriptor, &status)
        var data = Data(count: Int(status.st_size))
        var filled = 0
        while true {
            if filled == data.count { data.count += max(65_536, data.count / 2) }  // grew since stat
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot read \(what) \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            filled += count
            if let limit, filled > limit { throw tooLarge(path, what, size: filled, limit: limit) }
        }
        data.count = filled
        return data
    }

    /// A descriptor open for reading on a regular file no larger than `limit`
    /// bytes: the same refusals as `read`, nothing read yet. The caller closes it.
    public static func openRegular(_ path: String, what: String, limit: Int? = nil) throws -> Int32 {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw UsageError("cannot read \(what) \(path): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw UsageError("\(what) \(path) is a folder, not a file")
        case S_IFIFO: throw UsageError("\(what) \(path) is a FIFO (named pipe), not a regular file: give a file")
        case S_IFSOCK: throw UsageError("\(what) \(path) is a socket, not a regular file")
        default: throw UsageError("\(what) \(path) is a device, not a regular file")
        }
        if let limit, Int(status.st_size) > limit { throw tooLarge(path, what, size: Int(status.st_size), limit: limit) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError("cannot read \(what) \(path): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    static func tooLarge(_ path: String, _ what: String, size: Int, limit: Int) -> UsageError {
        UsageError(
            "\(what) \(path) is \(size) bytes, more than framebench reads (\(limit) bytes; set \(JSONFile.sizeLimitVariable)=MEGABYTES to raise it): "
                + "framebench's own results stay far smaller, as a run keeps at most \(FrameSamples.exactFrameLimit) frames one by one")
    }

    /// The file as UTF-8 text (invalid bytes shown as U+FFFD).
    public static func text(_ path: String, what: String) throws -> String {
        String(decoding: try read(path, what: what), as: UTF8.self)
    }
}
