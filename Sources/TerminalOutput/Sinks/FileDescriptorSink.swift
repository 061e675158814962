#if canImport(Glibc)
import Glibc
#endif

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
