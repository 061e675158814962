import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A text file of one item per line, read with `pread` and indexed lazily:
/// line `i` is found by scanning only as far as line `i`, so the first frame
/// of a feed from a file of any size does not wait for the whole file, and
/// nothing is copied but a bounded window of the lines shown.
///
/// The file used to be mapped; a mapping dies with SIGBUS when the file
/// shrinks under it (another process truncating or rewriting the feed).
/// Reads cannot: a read that finds the file shorter than it was treats the
/// new end as the end, and the lines past it as gone.
///
/// A line is read up to `maximumLineBytes`: no screen shows more of one
/// item than that (the largest `--size` holds 10,000 cells), so a 10 MB
/// line costs what its visible part costs, not its length.
///
/// - Complexity: `line(i)` reads at most `maximumLineBytes`; the first
///   access past the indexed lines scans O(bytes up to line i) once; memory
///   grows with the lines visited.
public final class MappedLineFile {
    public let path: String
    private let descriptor: Int32
    /// The file's size at open, or less once a read found it shorter.
    private var length: Int
    /// Byte offsets where indexed lines start.
    private var starts: [Int] = [0]
    /// Where scanning stopped; `length` once the whole file is indexed.
    private var scanned = 0
    /// The bytes of the line `line` returned last (reused: no allocation per read).
    private let window: UnsafeMutableRawBufferPointer
    /// Scanning reads the file in blocks of this size.
    private static let scanBlock = 64 * 1024

    /// The most bytes of one line `line` returns.
    public static let maximumLineBytes = 64 * 1024

    /// Errors opening the file, naming it.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(path: String) throws {
        self.path = path
        // The type is checked before opening: opening a FIFO with no writer blocks forever.
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw OpenError(description: "--feed-file \(path): \(reason)")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw OpenError(description: "--feed-file \(path): not a regular file")
        }
        // O_NONBLOCK: should the path become a FIFO between the check and the open, open still returns.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OpenError(description: "--feed-file \(path): \(String(cString: strerror(errno)))")
        }
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw OpenError(description: "--feed-file \(path): not a regular file")
        }
        self.descriptor = descriptor
        length = Int(status.st_size)
        window = .allocate(byteCount: max(MappedLineFile.maximumLineBytes, MappedLineFile.scanBlock), alignment: 16)
    }

    deinit {
        close(descriptor)
        window.deallocate()
    }

    /// Lines in the file, when known (after the scan reached the end).
    public var countIfKnown: Int? { scanned >= length ? lineCount : nil }

    private var lineCount: Int {
        // A final line without a newline still counts; an empty file has none.
        guard length > 0 else { return 0 }
        return starts.last! >= length ? starts.count - 1 : starts.count
    }

    /// Whether line `index` exists, indexing the file up to it.
    public func contains(line index: Int) -> Bool {
        guard index >= 0 else { return false }
        while starts.count <= index + 1 && scanned < length {
            scanNextLine()
        }
        return index < starts.count && starts[index] < length
    }

    /// The bytes of line `index` (without its newline or a CR before it,
    /// cut at `maximumLineBytes` on a UTF-8 boundary), or nil past the end
    /// of the file. The buffer is valid until the next call.
    public func line(_ index: Int) -> UnsafeRawBufferPointer? {
        guard contains(line: index) else { return nil }
        let start = starts[index]
        let end = index + 1 < starts.count ? starts[index + 1] - 1 : length
        let wanted = min(end - start, MappedLineFile.maximumLineBytes)
        var count = read(at: start, count: wanted)
        if count < wanted {  // the file shrank under this line
            guard start < length else { return nil }
            return UnsafeRawBufferPointer(start: window.baseAddress, count: count)
        }
        if wanted < end - start {
            count = MappedLineFile.utf8Boundary(window, before: count)
        } else if count > 0 && window[count - 1] == 0x0D {
            count -= 1
        }
        return UnsafeRawBufferPointer(start: window.baseAddress, count: count)
    }

    /// Reads up to `count` bytes at `offset` into the window; fewer means
    /// the file ended there (it shrank), and the end is moved back to it.
    private func read(at offset: Int, count: Int) -> Int {
        var done = 0
        while done < count {
            let got = pread(descriptor, window.baseAddress! + done, count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            if got <= 0 {
                shrink(to: offset + done)
                break
            }
            done += got
        }
        return done
    }

    /// The file is shorter than it was: lines from `end` on are gone.
    private func shrink(to end: Int) {
        guard end < length else { return }
        length = end
        scanned = min(scanned, end)
        while starts.count > 1 && starts.last! > end { starts.removeLast() }
    }

    private func scanNextLine() {
        while scanned < length {
            let wanted = min(MappedLineFile.scanBlock, length - scanned)
            let from = scanned
            let got = read(at: from, count: wanted)
            guard got > 0 else { return }  // shrank: `length` moved back to `scanned`
            if let newline = memchr(window.baseAddress!, 0x0A, got) {
                scanned = from + window.baseAddress!.distance(to: newline) + 1
                starts.append(scanned)
                return
            }
            scanned = from + got
        }
    }

    /// The largest count ≤ `count` that does not end inside a UTF-8 sequence.
    private static func utf8Boundary(_ bytes: UnsafeMutableRawBufferPointer, before count: Int) -> Int {
        var cut = count
        var back = 0
        while cut > 0 && back < 4 && (bytes[cut - 1] & 0xC0) == 0x80 {
            cut -= 1
            back += 1
        }
        guard cut > 0 else { return count }
        let lead = bytes[cut - 1]
        let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return expected == back + 1 ? count : cut - 1
    }
}
