import Foundation
import Workloads

/// One item of a feed file: its text, and the other string fields of a JSON line.
public struct FileRecord: Equatable, Sendable {
    public var text: String
    public var fields: [String: String]

    public init(text: String, fields: [String: String] = [:]) {
        self.text = text
        self.fields = fields
    }
}

/// A scene's items from a user's `--feed-file`: one per line, plain UTF-8
/// or JSON objects (`text` plus whatever fields the scene shows). The file is
/// mapped and indexed lazily (`MappedLineFile`), so the first frame never
/// waits for the whole file; invalid UTF-8 becomes U+FFFD, and controls are
/// made visible when the text is written into the grid.
public final class FileFeed {
    private let file: MappedLineFile

    /// Opens `path`; a missing or unreadable file is a `WorkloadError` naming it.
    public init(path: String) throws {
        do {
            file = try MappedLineFile(path: path)
        } catch let error as MappedLineFile.OpenError {
            throw WorkloadError(error.description)
        }
    }

    /// How many items the scene should offer: `requested` (the `--feed`
    /// count, so a huge file need not be scanned to know its length) unless
    /// the file is known to be shorter; items past its end wrap around.
    public func count(requested: Int) -> Int {
        if let known = file.countIfKnown { return known == 0 ? 0 : requested }
        return requested
    }

    /// Item `index`, wrapping around the file once its length is known; an
    /// empty record past the end of an empty file.
    public func record(_ index: Int) -> FileRecord {
        var line = index
        if let known = file.countIfKnown {
            guard known > 0 else { return FileRecord(text: "") }
            line = index % known
        }
        guard let bytes = file.line(line) else {
            if let known = file.countIfKnown, known > 0 { return record(index % known) }
            return FileRecord(text: "")
        }
        return FileFeed.parse(bytes)
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> FileRecord {
        if bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        {
            var fields: [String: String] = [:]
            for (key, value) in object {
                if let string = value as? String {
                    fields[key] = string
                } else if let number = value as? NSNumber {
                    fields[key] = number.stringValue
                }
            }
            return FileRecord(text: fields["text"] ?? "", fields: fields)
        }
        return FileRecord(text: String(decoding: bytes, as: UTF8.self))
    }
}
