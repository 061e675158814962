import Foundation

/// Reading JSON files with errors that name the file and what is wrong.
public enum JSONFile {
    public static func read<T: Decodable>(_ path: String, what: String) throws -> T {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw UsageError("cannot read \(what) \(path): \(FileManager.default.fileExists(atPath: path) ? "unreadable" : "no such file")")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            if let problem = JSONNumberCheck.problem(in: data, as: T.self) { throw UsageError("\(what) \(path): \(problem)") }
            throw UsageError("\(what) \(path) is not valid JSON (\(context.debugDescription))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw UsageError("\(what) \(path): missing field '\(key.stringValue)' at \(pathText(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw UsageError("\(what) \(path): wrong type at \(pathText(context.codingPath)) (\(context.debugDescription))")
        } catch let DecodingError.valueNotFound(_, context) {
            throw UsageError("\(what) \(path): missing value at \(pathText(context.codingPath))")
        } catch {
            throw UsageError("\(what) \(path) could not be read: \(error)")
        }
    }

    private static func pathText(_ path: [CodingKey]) -> String {
        path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// - Parameter compact: one line, for results files: they hold every
    ///   frame of every run, and indentation would triple their size.
    public static func encode<T: Encodable>(_ value: T, compact: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = compact ? [.sortedKeys] : [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
    }
}
