#if canImport(Glibc)
import Glibc
#endif
import TerminalOutput

/// The file framebench's lane writes its frames into: a disk-backed
/// temporary file, the same kind ncurses writes into in its lane, so both
/// lanes' whole frames hold the same I/O.
final class ScratchFile {
    private let file: UnsafeMutablePointer<FILE>
    let sink: FileDescriptorSink
    private var written = 0

    /// Past this size the file is emptied between frames, so a long run does not fill the disk.
    static let limit = 16 << 20

    init() throws {
        guard let file = tmpfile() else {
            throw InternalFailure(.scratch, "cannot create a temporary file for the frames: \(String(cString: strerror(errno)))")
        }
        self.file = file
        sink = FileDescriptorSink(descriptor: fileno(file))
    }

    deinit { fclose(file) }

    /// Counts a frame's bytes; empties the file once it passes `limit`.
    /// Call outside the timed window.
    func wrote(_ count: Int) {
        written += count
        if written > ScratchFile.limit {
            _ = ftruncate(sink.descriptor, 0)
            _ = lseek(sink.descriptor, 0, SEEK_SET)
            written = 0
        }
    }
}
