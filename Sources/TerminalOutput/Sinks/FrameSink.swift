#if canImport(Glibc)
import Glibc
#endif

/// Where a frame's bytes go. The renderer calls `write` once per frame.
public protocol FrameSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension FrameSink {
    /// Writes an array's bytes.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// Keeps every byte, and where each frame ended: for tests and recordings.
public final class CaptureSink: FrameSink {
    public private(set) var bytes: [UInt8] = []
    /// Byte offsets at which each `write` ended.
    public private(set) var writeEnds: [Int] = []

    public init(reservingCapacity capacity: Int = 1 << 20) {
        bytes.reserveCapacity(capacity)
    }

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: chunk)
        writeEnds.append(bytes.count)
    }

    public func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        writeEnds.removeAll(keepingCapacity: true)
    }
}

/// Counts bytes and writes, and discards them: for benchmarks of the
/// renderer alone.
public final class CountingSink: FrameSink {
    public private(set) var bytesWritten = 0
    public private(set) var writes = 0

    public init() {}

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        bytesWritten += chunk.count
        writes += 1
    }
}

/// An error from writing to a file descriptor, with the system's reason.
public struct SinkError: Error, CustomStringConvertible {
    public let operation: String
    public let code: Int32
    public var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}

/// Writes to a file descriptor (a terminal, a pipe, a file), retrying
/// partial writes and interrupted calls until the whole frame is out.
public final class FileDescriptorSink: FrameSink {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Whether the descriptor is a terminal whose line discipline turns a
    /// line feed into CR LF (OPOST and ONLCR), which the encoder must know
    /// (`EncoderOptions.lineFeedReturnsCarriage`). Raw mode turns it off.
    public var translatesLineFeeds: Bool {
        var settings = termios()
        guard isatty(descriptor) != 0, tcgetattr(descriptor, &settings) == 0 else { return false }
        return settings.c_oflag & tcflag_t(OPOST) != 0 && settings.c_oflag & tcflag_t(ONLCR) != 0
    }

    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        guard var base = chunk.baseAddress else { return }
        var remaining = chunk.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw SinkError(operation: "write to descriptor \(descriptor)", code: errno)
            }
            remaining -= written
            base += written
        }
    }
}
