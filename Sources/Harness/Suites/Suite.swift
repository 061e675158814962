import FrameGrid
import Foundation
import TerminalOutput
import Workloads

/// A benchmark as declared in `Benchmarks/suites.json`: a scenario with the
/// settings it runs at.
public struct BenchmarkDeclaration: Codable, Equatable, Sendable {
    public var name: String
    public var scenario: String
    public var size: String?
    public var frames: Int?
    public var feed: Int?
    public var seed: UInt64?
    public var term: String?
    public var backend: String?
    public var repeats: Int?
    /// The input script (a scene's own by default).
    public var script: String?
    /// This benchmark's frame budget, ms (the file's `frame_budget_ns` by default).
    public var frameBudgetMilliseconds: Double?

    enum CodingKeys: String, CodingKey {
        case name, scenario, size, frames, feed, seed, term, backend, repeats, script
        case frameBudgetMilliseconds = "frame_budget_ms"
    }
}

/// The suites file: named lists of benchmarks and the frame budget that
/// late-frame figures use.
public struct SuiteFile: Codable, Equatable, Sendable {
    public var frameBudgetNanoseconds: Double?
    public var suites: [String: [BenchmarkDeclaration]]

    enum CodingKeys: String, CodingKey {
        case frameBudgetNanoseconds = "frame_budget_ns"
        case suites
    }

    /// 60 frames per second.
    public static let defaultFrameBudget = RunDefaults.frameBudgetNanoseconds

    public static let defaultPath = "Benchmarks/suites.json"

    /// Every benchmark name any suite declares.
    public var benchmarkNames: Set<String> { Set(suites.values.flatMap { $0.map(\.name) }) }

    /// Reads and checks a suites file against the scenarios of `catalog`;
    /// every problem names the file.
    public static func load(_ path: String, catalog: WorkloadCatalog = .builtIn) throws -> SuiteFile {
        let file: SuiteFile = try JSONFile.read(path, what: "suites file")
        if let budget = file.frameBudgetNanoseconds {
            guard budget.isFinite, budget > 0 else {
                throw UsageError("\(path): frame_budget_ns must be a positive number of nanoseconds, not \(budget)")
            }
        }
        for (suite, declarations) in file.suites {
            var names = Set<String>()
            for declaration in declarations {
                guard catalog.names.contains(declaration.scenario) else {
                    throw UsageError("\(path): suite '\(suite)', benchmark '\(declaration.name)': \(UnknownWorkloadError(name: declaration.scenario, known: catalog.names))")
                }
                guard names.insert(declaration.name).inserted else {
                    throw UsageError("\(path): suite '\(suite)' declares '\(declaration.name)' twice")
                }
                let settings = try settings(
                    for: declaration, file: path, frameBudget: file.frameBudgetNanoseconds, catalog: catalog)
                do {
                    try catalog.checkScript(settings.script, for: declaration.scenario)
                } catch {
                    throw UsageError("\(path): suite '\(suite)', benchmark '\(declaration.name)': \(error)")
                }
            }
        }
        return file
    }

    /// The run settings a declaration stands for (defaults filled in).
    public static func settings(
        for declaration: BenchmarkDeclaration, file: String, frameBudget: Double? = nil, catalog: WorkloadCatalog = .builtIn
    ) throws -> RunSettings {
        let context = "\(file): benchmark '\(declaration.name)'"
        var size = RunDefaults.workload.size
        if let text = declaration.size {
            do { size = try Size(parsing: text, what: "size") } catch { throw UsageError("\(context): \(error)") }
        }
        let frames = declaration.frames ?? RunDefaults.frames
        guard RunDefaults.frameRange.contains(frames) else {
            throw UsageError("\(context): frames must be \(RunDefaults.frameRange.lowerBound)...\(RunDefaults.frameRange.upperBound)")
        }
        let backendName = declaration.backend ?? RunDefaults.backend.rawValue
        guard let backend = Backend(rawValue: backendName) else {
            throw UsageError("\(context): backend must be framebench, ncurses or both, not '\(backendName)'")
        }
        let repeats = declaration.repeats ?? RunDefaults.repeats
        guard RunDefaults.repeatRange.contains(repeats) else {
            throw UsageError("\(context): repeats must be \(RunDefaults.repeatRange.lowerBound)...\(RunDefaults.repeatRange.upperBound)")
        }
        var settings = RunSettings(
            workload: declaration.scenario, frames: frames,
            workloadSettings: WorkloadSettings(
                size: size, seed: declaration.seed ?? RunDefaults.workload.seed,
                feedItems: max(1, declaration.feed ?? RunDefaults.workload.feedItems)),
            backend: backend, term: declaration.term ?? RunDefaults.term, catalog: catalog)
        settings.name = declaration.name
        settings.repeats = repeats
        settings.script = declaration.script ?? RunDefaults.workload.script
        settings.frameBudgetNanoseconds = frameBudget ?? RunDefaults.frameBudgetNanoseconds
        if let milliseconds = declaration.frameBudgetMilliseconds {
            guard milliseconds.isFinite, milliseconds > 0 else {
                throw UsageError("\(context): frame_budget_ms must be a positive number of milliseconds, not \(milliseconds)")
            }
            settings.frameBudgetNanoseconds = milliseconds * 1_000_000
        }
        return settings
    }
}

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
