import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reading JSON files with errors that name the file, the key path and the
/// value at fault (`results file r.json: scenarios[0].settings.frames: 20.5
/// is not a whole number (line 1, column 230)`).
///
/// A file is read once, in 64 KB chunks, by `JSONStreamParser`: checked
/// strictly (syntax, numbers, repeated keys, trailing text)
/// and built into a compact `JSONValue`, which `JSONValueDecoder` decodes
/// with the model's own `Codable` conformances. Memory is about that of the
/// numbers the file holds, never the file's bytes (a 100 MB results file:
/// see `sizeLimit`). The decoder's errors name the coding path and the value
/// found there; a second read of the file, on the error path only, adds the
/// line and column of a number that does not fit its field.
public enum JSONFile {
    /// A file checked as JSON and held as values, ready to decode.
    public struct Checked {
        public let path: String
        public let what: String
        let root: JSONValue
        /// The file's size in bytes.
        public let byteCount: Int
        /// `ContentDigest` of the file's bytes.
        public let contentDigest: UInt64

        /// The top-level object's members that are numbers, strings or
        /// literals, as JSON text (`"schema_version": "2"` gives `"2"`, quoted).
        public var topLevelScalars: [String: String] {
            guard case .object(let members, _) = root else { return [:] }
            return members.compactMapValues { value in
                switch value {
                case .object, .array, .integers, .doubles: return nil
                default: return value.excerpt
                }
            }
        }

        /// The file decoded as `T`, every failure a `UsageError` naming the key path and the value.
        public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
            do {
                return try JSONValueDecoder.decode(T.self, from: root)
            } catch let error as DecodingError {
                throw UsageError("\(what) \(path): \(JSONFile.explain(error, in: root, file: path))")
            } catch let error as UnknownResultName {
                throw UsageError("\(what) \(path): \(error)")
            }
        }
    }

    /// The largest JSON file read, in bytes: 256 MiB, or
    /// `FRAMEBENCH_MAX_JSON_MB` megabytes. Checked before reading, and as
    /// the file is read. Reading streams (`JSONStreamParser`), so memory
    /// follows the values a file holds, not its size: a run's frames cost 8
    /// bytes a number (a 100 MB results file of frames: about 0.1 GB, where
    /// reading it whole took 0.63 GB); lists of objects or strings cost
    /// more a byte. A results file of framebench's stays far below the
    /// limit: a run keeps at most `FrameSamples.exactFrameLimit` frames one
    /// by one (about 10 MB of JSON a lane), past that a distribution of a few KB.
    /// 256 MiB rather than more: a hostile file of lists of objects costs
    /// several bytes of memory a byte, and 256 MiB of numbers about 0.5 GB.
    ///
    /// - Throws: `UsageError` naming the variable when it is not 1...1048576.
    public static func sizeLimit() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment[sizeLimitVariable] else { return 256 << 20 }
        guard let megabytes = Int(text), (1...(1 << 20)).contains(megabytes) else {
            throw UsageError("\(sizeLimitVariable) must be a whole number of megabytes, 1...1048576, not '\(text)'")
        }
        return megabytes << 20
    }
    public static let sizeLimitVariable = "FRAMEBENCH_MAX_JSON_MB"

    public static func read<T: Decodable>(_ path: String, what: String) throws -> T {
        try load(path, what: what).decode(T.self)
    }

    /// Reads `path` as it checks that it is JSON (see `JSONStreamParser`).
    /// - Throws: `UsageError` naming the file: missing, a folder, a FIFO or
    ///   device, too large, unreadable (with the system's reason), or not JSON (where).
    public static func load(_ path: String, what: String) throws -> Checked {
        let limit = try sizeLimit()
        let descriptor = try InputFile.openRegular(path, what: what, limit: limit)
        defer { close(descriptor) }
        do {
            let parsed = try JSONStreamParser.parse(descriptor: descriptor, limit: limit)
            return Checked(path: path, what: what, root: parsed.value, byteCount: parsed.byteCount, contentDigest: parsed.digest)
        } catch let error as JSONProblem {
            throw UsageError("\(what) \(path)\(error.isSyntax ? " is not valid JSON" : ""): \(error.description)")
        } catch JSONStreamParser.ReadFailure.system(let reason) {
            throw UsageError("cannot read \(what) \(path): \(reason)")
        } catch JSONStreamParser.ReadFailure.tooLarge(let size) {
            throw InputFile.tooLarge(path, what, size: size, limit: limit)
        }
    }

    /// The line and column where the value at `steps` starts in `file`, read again (error path only).
    private static func location(of steps: [JSONProblem.Step], in file: String) -> JSONStreamParser.Location? {
        guard let descriptor = try? InputFile.openRegular(file, what: "file") else { return nil }
        defer { close(descriptor) }
        return JSONStreamParser.locate(steps, descriptor: descriptor)
    }

    /// A decoder's error as "key.path: what is wrong, with the value found".
    static func explain(_ error: DecodingError, in root: JSONValue, file: String) -> String {
        func located(_ codingPath: [CodingKey], _ problem: (String?) -> String) -> String {
            let steps = codingPath.map(step)
            let found = value(at: steps, in: root)?.excerpt
            let where_ = steps.isEmpty ? "the top level" : JSONProblem.pathText(steps)
            return "\(where_): \(problem(found))"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let steps = context.codingPath.map(step)
            return "missing field '\(key.stringValue)' at \(steps.isEmpty ? "the top level" : JSONProblem.pathText(steps))"
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
                    let problem: String
                    if found.contains(".") || found.lowercased().contains("e") {
                        problem = "\(found) is not a whole number"
                    } else {
                        problem = number < 0 ? "\(found) must not be negative here" : "\(found) is out of range for this field"
                    }
                    guard let place = location(of: context.codingPath.map(step), in: file) else { return problem }
                    return "\(problem) (line \(place.line), column \(place.column))"
                }
                return "\(found) is not allowed here (\(context.debugDescription))"
            }
        @unknown default:
            return "\(error)"
        }
    }

    /// The value at a decoder's coding path.
    private static func value(at steps: [JSONProblem.Step], in root: JSONValue) -> JSONValue? {
        var value = root
        for step in steps {
            switch (step, value) {
            case (.key(let key), .object(let members, _)):
                guard let member = members[key] else { return nil }
                value = member
            case (.index(let index), .array(let values)) where values.indices.contains(index): value = values[index]
            case (.index(let index), .integers(let values)) where values.indices.contains(index): value = .number(String(values[index]))
            case (.index(let index), .doubles(let values)) where values.indices.contains(index): value = .number("\(values[index])")
            default: return nil
            }
        }
        return value
    }

    private static func step(_ key: CodingKey) -> JSONProblem.Step {
        key.intValue.map { .index($0) } ?? .key(key.stringValue)
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text in quotes"
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type, is UInt32.Type, is Int16.Type, is UInt16.Type,
            is Int8.Type, is UInt8.Type, is UInt.Type:
            return "a whole number"
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
