import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A text file of one item per line, mapped into memory and indexed lazily:
/// line `i` is found by scanning only as far as line `i`, so the first frame
/// of a feed from a file of any size does not wait for the whole file, and
/// nothing is copied but the lines shown.
///
/// - Complexity: `line(i)` is O(1) for lines already indexed, otherwise
///   O(bytes up to line i) once; memory grows with the lines visited.
public final class MappedLineFile {
    public let path: String
    private let base: UnsafeRawPointer?
    private let length: Int
    /// Byte offsets where indexed lines start.
    private var starts: [Int] = [0]
    /// Where scanning stopped; `length` once the whole file is indexed.
    private var scanned = 0

    /// Errors opening or mapping the file, naming it.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw OpenError(description: "--feed-file \(path): \(reason)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw OpenError(description: "--feed-file \(path): not a regular file")
        }
        length = Int(status.st_size)
        if length == 0 {
            base = nil
        } else {
            let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0)
            guard let mapped, mapped != MAP_FAILED else {
                throw OpenError(description: "--feed-file \(path): cannot map it (\(String(cString: strerror(errno))))")
            }
            base = UnsafeRawPointer(mapped)
        }
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), length) }
    }

    /// Lines in the file, when known (after the scan reached the end).
    public var countIfKnown: Int? { scanned >= length ? lineCount : nil }

    private var lineCount: Int {
        // A final line without a newline still counts; an empty file has none.
        guard length > 0 else { return 0 }
        return starts.last! >= length ? starts.count - 1 : starts.count
    }

    /// The bytes of line `index` (without its newline or a CR before it), or
    /// nil past the end of the file.
    public func line(_ index: Int) -> UnsafeRawBufferPointer? {
        guard let base, index >= 0 else { return nil }
        while starts.count <= index + 1 && scanned < length {
            scanNextLine(base)
        }
        guard index < starts.count, starts[index] < length else { return nil }
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : length
        if end > start && base.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0D { end -= 1 }
        return UnsafeRawBufferPointer(start: base + start, count: max(0, end - start))
    }

    private func scanNextLine(_ base: UnsafeRawPointer) {
        let remaining = length - scanned
        if let newline = memchr(base + scanned, 0x0A, remaining) {
            let offset = base.distance(to: UnsafeRawPointer(newline))
            scanned = offset + 1
            starts.append(scanned)
        } else {
            scanned = length
        }
    }
}
