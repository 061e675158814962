import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reading JSON files with errors that name the file, the key path and the
/// value at fault (`results file r.json: scenarios[0].settings.frames: 20.5
/// is not a whole number`).
///
/// A file is read once into memory, checked by `JSONScan` (syntax, numbers,
/// repeated keys, trailing text; one pass, no tree), then decoded once. The
/// decoder's own errors are turned into the same form: the coding path it
/// reports, and the text at that path found by a second scan (only on error).
public enum JSONFile {
    /// A file's bytes, checked as JSON.
    public struct Checked {
        public let path: String
        public let what: String
        public let data: Data
        /// The top-level object's scalar members, as written (`"schema_version": "2"`).
        public let topLevelScalars: [String: String]

        /// The file decoded as `T`, every failure a `UsageError` naming the key path and the value.
        public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
            do {
                return try JSONDecoder().decode(T.self, from: data)
            } catch let error as DecodingError {
                if let number = JSONFile.misfitNumber(error, in: data, as: T.self) {
                    throw UsageError("\(what) \(path): \(number)")
                }
                throw UsageError("\(what) \(path): \(JSONFile.explain(error, in: data))")
            }
        }
    }

    /// The largest JSON file read, in bytes: 64 MiB, or
    /// `FRAMEBENCH_MAX_JSON_MB` megabytes. Checked before reading, so a huge
    /// or hostile file costs nothing; reading takes about 6.5 bytes of memory
    /// per byte of file (632 MB for 100 MB), so the limit bounds a read at
    /// about 0.45 GB. A
    /// results file of framebench's stays far below it: a run keeps at most
    /// `FrameSamples.exactFrameLimit` frames one by one (about 10 MB of JSON
    /// a lane), past that a distribution of a few KB.
    ///
    /// - Throws: `UsageError` naming the variable when it is not 1...1048576.
    public static func sizeLimit() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment[sizeLimitVariable] else { return 64 << 20 }
        guard let megabytes = Int(text), (1...(1 << 20)).contains(megabytes) else {
            throw UsageError("\(sizeLimitVariable) must be a whole number of megabytes, 1...1048576, not '\(text)'")
        }
        return megabytes << 20
    }
    public static let sizeLimitVariable = "FRAMEBENCH_MAX_JSON_MB"

    public static func read<T: Decodable>(_ path: String, what: String) throws -> T {
        try load(path, what: what).decode(T.self)
    }

    /// Reads `path` and checks that it is JSON (see `JSONScan`).
    /// - Throws: `UsageError` naming the file: missing, a folder, a FIFO or
    ///   device, unreadable (with the system's reason), or not JSON (where).
    public static func load(_ path: String, what: String) throws -> Checked {
        let data = try InputFile.read(path, what: what, limit: try sizeLimit())
        let scan: JSONScan
        do {
            scan = try data.withUnsafeBytes { try JSONScan.check($0) }
        } catch let error as JSONScan.Problem {
            throw UsageError("\(what) \(path)\(error.isSyntax ? " is not valid JSON" : ""): \(error.description)")
        }
        return Checked(path: path, what: what, data: data, topLevelScalars: scan.topLevelScalars)
    }

    /// "key.path: 20.5 is not a whole number (line L, column C)" for a
    /// number Foundation's decoder could not fit into its field: it says
    /// only "not valid JSON", at the top level. The numbers that could be
    /// to blame (`JSONScan.integerSuspects`) are replaced by 0, a growing
    /// prefix of them, in a binary search for the shortest prefix that lets
    /// the file decode: its last number is one the decoder refused.
    ///
    /// - Complexity: log2(suspects) + 1 decodes, on the error path only.
    static func misfitNumber<T: Decodable>(_ error: DecodingError, in data: Data, as type: T.Type) -> String? {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else { return nil }
        let suspects = data.withUnsafeBytes { JSONScan.integerSuspects(in: $0) }
        guard !suspects.isEmpty else { return nil }
        func decodes(replacing count: Int) -> Bool {
            let ranges = suspects.prefix(count).map(\.range).sorted { $0.lowerBound < $1.lowerBound }
            var trial = Data()
            trial.reserveCapacity(data.count)
            var next = 0
            for range in ranges {
                trial.append(data[next..<range.lowerBound])
                trial.append(UInt8(ascii: "0"))
                next = range.upperBound
            }
            trial.append(data[next...])
            return (try? JSONDecoder().decode(T.self, from: trial)) != nil
        }
        guard decodes(replacing: suspects.count) else { return nil }  // no number is to blame
        var low = 0  // does not decode
        var high = suspects.count  // decodes
        while high - low > 1 {
            let middle = (low + high) / 2
            if decodes(replacing: middle) { high = middle } else { low = middle }
        }
        let culprit = suspects[high - 1]
        let number = String(decoding: data[culprit.range], as: UTF8.self)
        let (line, column) = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (Int, Int) in
            var line = 1
            var lineStart = 0
            for index in 0..<culprit.range.lowerBound where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            return (line, culprit.range.lowerBound - lineStart + 1)
        }
        let problem: String
        if number.contains(".") || number.lowercased().contains("e") {
            problem = "\(number) is not a whole number"
        } else if number.hasPrefix("-") {
            problem = "\(number) must not be negative here"
        } else {
            problem = "\(number) is out of range for this field"
        }
        return "\(culprit.path.isEmpty ? "the top level" : culprit.path): \(problem) (line \(line), column \(column))"
    }

    /// A decoder's error as "key.path: what is wrong, with the value found".
    static func explain(_ error: DecodingError, in data: Data) -> String {
        func located(_ codingPath: [CodingKey], _ problem: (String?) -> String) -> String {
            let steps = codingPath.map(step)
            let found = data.withUnsafeBytes { JSONScan.text(at: steps, in: $0) }
            let where_ = steps.isEmpty ? "the top level" : JSONScan.pathText(steps)
            return "\(where_): \(problem(found))"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let steps = context.codingPath.map(step)
            return "missing field '\(key.stringValue)' at \(steps.isEmpty ? "the top level" : JSONScan.pathText(steps))"
        case .valueNotFound(let type, let context):
            return located(context.codingPath) { "expected \(describe(type)), found \($0 ?? "null")" }
        case .typeMismatch(let type, let context):
            return located(context.codingPath) { "expected \(describe(type)), found \($0 ?? "nothing")" }
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it could not be read (\(context.debugDescription))"
        case .dataCorrupted(let context):
            return located(context.codingPath) { found in
                guard let found else { return context.debugDescription }
                if let number = Double(found), found.first.map({ $0 == "-" || $0.isNumber }) == true {
                    if found.contains(".") || found.lowercased().contains("e") { return "\(found) is not a whole number" }
                    return number < 0 ? "\(found) must not be negative here" : "\(found) is out of range for this field"
                }
                return "\(found) is not allowed here (\(context.debugDescription))"
            }
        @unknown default:
            return "\(error)"
        }
    }

    private static func step(_ key: CodingKey) -> JSONScan.Step {
        key.intValue.map { .index($0) } ?? .key(key.stringValue)
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text in quotes"
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type, is UInt32.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object"
        }
    }

    /// - Parameter compact: one line, for results files: they hold every
    ///   frame of every run, and indentation would triple their size.
    public static func encode<T: Encodable>(_ value: T, compact: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = compact ? [.sortedKeys] : [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
    }
}
