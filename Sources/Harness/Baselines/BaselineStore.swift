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

    /// The file a baseline saved as `name` goes to: always in `directory`.
    /// A name must be letters, digits, '-', '_' or '.' (not first) and not end
    /// in `.json`, which would make it read back as a path in the current
    /// folder (`--name mine.json` wrote `./mine.json`).
    public func savePath(for name: String) throws -> String {
        guard !name.isEmpty, !name.hasPrefix("."), name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw UsageError("baseline name '\(name)' must be letters, digits, '-', '_' or '.', not starting with '.'")
        }
        guard !name.hasSuffix(".json") else {
            throw UsageError("baseline name '\(name)' should not end in .json: it is saved as \(directory)/NAME.json")
        }
        return "\(directory)/\(name).json"
    }

    /// Checks before a run that `name` could be saved: a valid name, and
    /// (without `force`) not taken yet.
    public func checkSave(name: String, force: Bool) throws {
        let target = try savePath(for: name)
        var status = stat()
        if stat(directory, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw UsageError("\(directory) is not a directory") }
            if force { return }
            if case .regular(_, exists: true) = try AtomicFile.target(target) {
                throw UsageError("baseline \(target) already exists; pass --force to replace it", reason: .outputExists)
            }
        }
    }

    /// Stores `document` as `name`; returns the path written. Without
    /// `force`, an existing baseline is never replaced, even one saved by
    /// another process while this one ran.
    @discardableResult
    public func save(_ document: RunDocument, name: String, force: Bool) throws -> String {
        let target = try savePath(for: name)
        try checkSave(name: name, force: force)
        try AtomicFile.makeFolders(directory)
        do {
            try AtomicFile.write([UInt8](try JSONFile.encode(document, compact: true)), to: target, replacing: force)
        } catch let error as UsageError where error.reason == .outputExists {
            throw UsageError("baseline \(target) already exists; pass --force to replace it", reason: .outputExists)
        }
        return target
    }

    /// Reads a baseline by name (in `Results/`) or by path.
    public func load(_ nameOrPath: String) throws -> RunDocument {
        try BaselineStore.read(path(for: nameOrPath))
    }

    /// Reads and validates a run document from any path.
    public static func read(_ path: String) throws -> RunDocument {
        try readFile(path).document
    }

    /// A results file as read: the document (converted to this version),
    /// the schema version the file had, and a digest of its bytes (to tell
    /// the same results given twice).
    public struct ReadFile: Sendable {
        public var document: RunDocument
        public var schemaVersion: Int
        public var contentDigest: UInt64
    }

    /// Reads, converts and validates a results file; one read, one scan, one decode.
    public static func readFile(_ path: String) throws -> ReadFile {
        let file = try JSONFile.load(path, what: "results file")
        guard let versionText = file.topLevelScalars["schema_version"] else {
            throw UsageError("results file \(path) has no schema_version: not a framebench results file")
        }
        guard let number = Int(versionText) else {
            throw UsageError("results file \(path): schema_version: expected a whole number, found \(versionText)")
        }
        let document: RunDocument
        switch number {
        case 1:
            document = SchemaOne.convert(try file.decode(SchemaOne.Document.self))
        case RunDocument.schemaVersion:
            document = try file.decode(RunDocument.self)
        default:
            throw UsageError("results file \(path) has schema version \(number); this framebench reads versions 1 and \(RunDocument.schemaVersion)")
        }
        try document.validate(path)
        return ReadFile(document: document, schemaVersion: number, contentDigest: file.contentDigest)
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
