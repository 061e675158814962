import Foundation

/// Baselines: run documents stored as JSON files in `Results/`.
///
/// Files are written atomically (temporary file, then rename) and never
/// replaced without `force`. A corrupt, truncated, unknown-version or
/// unreadable file is an error naming the file; nothing else is touched.
public struct BaselineStore: Sendable {
    public let directory: String

    public static let defaultDirectory = "Results"

    public init(directory: String = BaselineStore.defaultDirectory) {
        self.directory = directory
    }

    /// The baseline name for this machine when none is given.
    public static var defaultName: String { MachineFingerprint.current().slug }

    public func path(for name: String) -> String {
        name.hasSuffix(".json") || name.contains("/") ? name : "\(directory)/\(name).json"
    }

    /// Stores `document` as `name`; returns the path written.
    @discardableResult
    public func save(_ document: RunDocument, name: String, force: Bool) throws -> String {
        guard !name.isEmpty, !name.hasPrefix("."), name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw UsageError("baseline name '\(name)' must be letters, digits, '-', '_' or '.', not starting with '.'")
        }
        let target = path(for: name)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw UsageError("cannot create the results directory \(directory): \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw UsageError("\(directory) is not a directory")
        }
        if FileManager.default.fileExists(atPath: target) && !force {
            throw UsageError("baseline \(target) already exists; pass --force to replace it")
        }
        try AtomicFile.write(try JSONFile.encode(document, compact: true), to: URL(fileURLWithPath: target))
        return target
    }

    /// Reads a baseline by name (in `Results/`) or by path.
    public func load(_ nameOrPath: String) throws -> RunDocument {
        try BaselineStore.read(path(for: nameOrPath))
    }

    /// Reads and validates a run document from any path.
    public static func read(_ path: String) throws -> RunDocument {
        struct Version: Decodable {
            let schemaVersion: Int?
            enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version" }
        }
        let version: Version = try JSONFile.read(path, what: "results file")
        guard let number = version.schemaVersion else {
            throw UsageError("results file \(path) has no schema_version: not a framebench results file")
        }
        let document: RunDocument
        switch number {
        case 1:
            document = SchemaOne.convert(try JSONFile.read(path, what: "results file"))
        case RunDocument.schemaVersion:
            document = try JSONFile.read(path, what: "results file")
        default:
            throw UsageError("results file \(path) has schema version \(number); this framebench reads versions 1 and \(RunDocument.schemaVersion)")
        }
        try document.validate(path)
        return document
    }

    /// Stored baselines, with a note for each file that cannot be read.
    public func list() -> [(name: String, document: RunDocument?, problem: String?)] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { file in
            let name = String(file.dropLast(5))
            do {
                return (name, try BaselineStore.read("\(directory)/\(file)"), nil)
            } catch {
                return (name, nil, "\(error)")
            }
        }
    }
}
