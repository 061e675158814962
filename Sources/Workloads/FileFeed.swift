import Foundation
import FrameGrid

/// A feed's items from a user's `--feed-file`: one per line, plain UTF-8
/// or JSON objects (`text` plus whatever fields the scene shows). The file is
/// read and indexed lazily (`MappedLineFile`), so the first frame never
/// waits for the whole file, and survives the file shrinking meanwhile; invalid UTF-8 becomes U+FFFD, and controls are
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

    /// The file's path, as given.
    public var path: String { file.path }

    /// Item `index`, wrapping around the file once its length is known; an
    /// empty record past the end of an empty file.
    public func record(_ index: Int) -> FileRecord {
        line(for: index).flatMap(record(atLine:)) ?? FileRecord(text: "")
    }

    /// The line item `index` comes from: `index` itself, or wrapped around
    /// once the file's length is known (found by looking past its end). Nil
    /// for an empty file.
    public func line(for index: Int) -> Int? {
        if let known = file.countIfKnown { return known > 0 ? index % known : nil }
        if file.contains(line: index) { return index }
        guard let known = file.countIfKnown, known > 0 else { return nil }
        return index % known
    }

    /// The record on line `line` (nil past the end). The last records asked
    /// for are kept: scenes ask again each time a row scrolls back in, and
    /// parsing costs the whole line (a 10 MB line is read once, not per row built).
    public func record(atLine line: Int) -> FileRecord? {
        if let kept = recent[line] { return kept }
        guard let record = file.line(line).map(FileFeed.parse) else { return nil }
        if recent.count >= FileFeed.recentLimit { recent.removeAll(keepingCapacity: true) }
        recent[line] = record
        return record
    }

    /// Records parsed lately, by line; emptied when full (a screenful or two is what scenes revisit).
    private var recent: [Int: FileRecord] = [:]
    static let recentLimit = 256

    /// Parses a line; its strings keep of each grapheme cluster only what a
    /// cell shows (`TextClusters.cappedToCells`), so an item costs each
    /// frame its visible part, however many marks a hostile line stacks.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> FileRecord {
        var record = parseFields(bytes)
        record.text = shortened(TextClusters.cappedToCells(record.text))
        for (key, value) in record.fields { record.fields[key] = shortened(TextClusters.cappedToCells(value)) }
        return record
    }

    /// The most grapheme clusters an item's field shows; longer ones end in
    /// "…". A scene's row shows its whole item (a tweet wraps to its full
    /// height, which the lazy stack must measure), so without a bound a
    /// single 10 MB line made every frame that builds its row cost tens of
    /// milliseconds. 2,000 is seven tweets' worth and more than a paragraph.
    public static let maximumItemClusters = 2_000

    /// `text` cut after `maximumItemClusters` clusters, with "…" when cut.
    ///
    /// - Complexity: O(n) in the UTF-8 length up to the cut.
    static func shortened(_ text: String) -> String {
        guard text.utf8.count > maximumItemClusters else { return text }
        var clusters = 0
        var cut: Int?
        TextClusters.forEach(text) { offset, _, _, _ in
            if clusters == maximumItemClusters {
                cut = offset
                return false
            }
            clusters += 1
            return true
        }
        guard let cut else { return text }
        return String(decoding: Array(text.utf8.prefix(cut)), as: UTF8.self) + "…"
    }

    private static func parseFields(_ bytes: UnsafeRawBufferPointer) -> FileRecord {
        if bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        {
            var fields: [String: String] = [:]
            var numbers: [String: String] = [:]
            for (key, value) in object {
                if let string = value as? String {
                    fields[key] = string
                } else if let number = value as? NSNumber {
                    numbers[key] = number.stringValue
                }
            }
            return FileRecord(text: fields["text"] ?? numbers["text"] ?? "", fields: fields, numbers: numbers)
        }
        return FileRecord(text: String(decoding: bytes, as: UTF8.self))
    }
}
