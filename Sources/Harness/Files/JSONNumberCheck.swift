import Foundation

/// Why a JSON file that parses still fails to decode, when the reason is a
/// number: Foundation's decoder reports "not valid JSON" with no location
/// for a value that is valid JSON but does not fit its field (`-1` for a
/// count, `1.5` for a frame count, `1e400`, 20 digits), which sent users
/// looking for a syntax error that is not there.
enum JSONNumberCheck {
    /// A message naming the number in `data` that keeps it from decoding as
    /// `T`, with its line; nil when no number is to blame.
    ///
    /// - Complexity: one scan, then at most `maximumTrials` decodes:
    ///   suspects (out of range, then negative, then fractional) are
    ///   replaced by 0 one more at a time, and the one whose replacement
    ///   cures the error is named.
    static func problem<T: Decodable>(in data: Data, as type: T.Type) -> String? {
        let bytes = [UInt8](data)
        var suspects: [(range: Range<Int>, line: Int, rank: Int)] = []
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {  // skip strings, escapes included
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                index += 1
                continue
            }
            if byte == 0x0A { line += 1 }
            guard isNumberByte(byte) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count && isNumberByte(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                return "the number \(text) on line \(line) is out of range"
            }
            let rank = Int64(text) == nil && !text.contains(".") && !text.lowercased().contains("e") ? 0 : value < 0 ? 1 : text.contains(".") || text.lowercased().contains("e") ? 2 : 3
            if rank < 3 { suspects.append((start..<index, line, rank)) }
        }
        // Suspects are replaced cumulatively: the one whose replacement
        // first lets the file decode is one the decoder could not take
        // (with several bad numbers, no single replacement would cure it).
        let ordered = suspects.sorted { ($0.rank, $0.range.lowerBound) < ($1.rank, $1.range.lowerBound) }.prefix(maximumTrials)
        for (position, suspect) in ordered.enumerated() {
            var trial = bytes
            // Replace this suspect and every one before it in `ordered`, right to left so offsets hold.
            for earlier in ordered.prefix(through: position).sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                trial.replaceSubrange(earlier.range, with: [UInt8(ascii: "0")])
            }
            do {
                _ = try JSONDecoder().decode(T.self, from: Data(trial))
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                continue  // still the same failure
            } catch {}
            let text = String(decoding: bytes[suspect.range], as: UTF8.self)
            return "the number \(text) on line \(suspect.line) does not fit its field (out of range, negative or not whole)"
        }
        return nil
    }

    static let maximumTrials = 64

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default: return false
        }
    }
}
