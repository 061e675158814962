import FrameGrid
import Foundation
import ProgramDriver
import TerminalOutput
import Workloads

/// A benchmark as declared in `Benchmarks/suites.json`: a scene
/// (`scenario`) with the settings it runs at, or a terminal program
/// (`program`) with its key script.
///
/// Scene entries: `name`, `scenario`, and optionally `script` (the scene's
/// input script), `size`, `frames`, `feed`, `seed`, `term`, `backend`,
/// `repeats`, `frame_budget_ms`.
///
/// Program entries: `name`, `program` (the command and its arguments;
/// `{bin}` is the folder of the running framebench, `{root}` the package's
/// folder), exactly one of `keys` (a key script, `KeyScript`) and `script`
/// (a key script file, relative to the package), and optionally `size`
/// (80x24), `term` (xterm-256color), `gap_ms` (30), `timeout_ms` (5000),
/// `start_timeout_ms` (15000, or `timeout_ms` when shorter), `frames` (stop after N frames answering inputs), `repeats`,
/// `frame_budget_ms`.
///
/// A key neither kind knows (a misspelling) or of the other kind is an error.
public struct BenchmarkDeclaration: Codable, Equatable, Sendable {
    public var name: String
    /// The scene or workload, for a scene entry.
    public var scenario: String?
    /// The command, for a program entry.
    public var program: [String]?
    public var size: String?
    public var frames: Int?
    public var feed: Int?
    public var seed: Int?
    public var term: String?
    public var backend: String?
    public var repeats: Int?
    /// A scene entry's input script (the scene's own by default); a program
    /// entry's key script file.
    public var script: String?
    /// A program entry's key script, inline.
    public var keys: String?
    public var gapMilliseconds: Int?
    public var timeoutMilliseconds: Int?
    public var startTimeoutMilliseconds: Int?
    /// This benchmark's frame budget, ms (the file's `frame_budget_ns` by default).
    public var frameBudgetMilliseconds: Double?
    /// Keys of the entry that no entry takes (not written back).
    public var unknownKeys: [String] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, scenario, program, size, frames, feed, seed, term, backend, repeats, script, keys
        case gapMilliseconds = "gap_ms"
        case timeoutMilliseconds = "timeout_ms"
        case startTimeoutMilliseconds = "start_timeout_ms"
        case frameBudgetMilliseconds = "frame_budget_ms"
    }

    /// Keys only a scene entry takes, and only a program entry.
    static let sceneKeys: [CodingKeys] = [.scenario, .feed, .seed, .backend]
    static let programKeys: [CodingKeys] = [.program, .keys, .gapMilliseconds, .timeoutMilliseconds, .startTimeoutMilliseconds]

    public init(name: String, scenario: String) {
        self.name = name
        self.scenario = scenario
    }

    public init(name: String, program: [String], keys: String) {
        self.name = name
        self.program = program
        self.keys = keys
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        scenario = try container.decodeIfPresent(String.self, forKey: .scenario)
        program = try container.decodeIfPresent([String].self, forKey: .program)
        size = try container.decodeIfPresent(String.self, forKey: .size)
        frames = try container.decodeIfPresent(Int.self, forKey: .frames)
        feed = try container.decodeIfPresent(Int.self, forKey: .feed)
        seed = try container.decodeIfPresent(Int.self, forKey: .seed)
        term = try container.decodeIfPresent(String.self, forKey: .term)
        backend = try container.decodeIfPresent(String.self, forKey: .backend)
        repeats = try container.decodeIfPresent(Int.self, forKey: .repeats)
        script = try container.decodeIfPresent(String.self, forKey: .script)
        keys = try container.decodeIfPresent(String.self, forKey: .keys)
        gapMilliseconds = try container.decodeIfPresent(Int.self, forKey: .gapMilliseconds)
        timeoutMilliseconds = try container.decodeIfPresent(Int.self, forKey: .timeoutMilliseconds)
        startTimeoutMilliseconds = try container.decodeIfPresent(Int.self, forKey: .startTimeoutMilliseconds)
        frameBudgetMilliseconds = try container.decodeIfPresent(Double.self, forKey: .frameBudgetMilliseconds)
        let any = try decoder.container(keyedBy: AnyKey.self)
        unknownKeys = any.allKeys.map(\.stringValue).filter { CodingKeys(stringValue: $0) == nil }.sorted()
    }

    /// Whether this entry runs a terminal program (else a scene).
    public var isProgram: Bool { program != nil }

    /// The keys this entry gives, by name.
    private var givenKeys: [CodingKeys] {
        let given: [CodingKeys: Bool] = [
            .scenario: scenario != nil, .program: program != nil, .feed: feed != nil, .seed: seed != nil,
            .backend: backend != nil, .keys: keys != nil, .gapMilliseconds: gapMilliseconds != nil,
            .timeoutMilliseconds: timeoutMilliseconds != nil, .startTimeoutMilliseconds: startTimeoutMilliseconds != nil,
        ]
        return CodingKeys.allCases.filter { given[$0] == true }
    }

    /// The entry's kind is clear and its keys are of that kind.
    func checkKeys(context: String) throws {
        let known = CodingKeys.allCases.map(\.stringValue).joined(separator: ", ")
        if let unknown = unknownKeys.first {
            let suggestion = Suggestion.clause(for: unknown, in: CodingKeys.allCases.map(\.stringValue))
            throw UsageError("\(context): unknown key '\(unknown)'\(suggestion) (an entry takes: \(known))")
        }
        switch (scenario, program) {
        case (nil, nil):
            throw UsageError("\(context) needs \"scenario\" (a scene to draw) or \"program\" (a command to run on a pty)")
        case (_?, _?):
            throw UsageError("\(context) gives both \"scenario\" and \"program\": an entry draws a scene or runs a program")
        case (_?, nil):
            if let key = givenKeys.first(where: { BenchmarkDeclaration.programKeys.contains($0) }) {
                throw UsageError("\(context): \"\(key.stringValue)\" is for program entries, and this one draws scene '\(scenario!)'")
            }
        case (nil, _?):
            if let key = givenKeys.first(where: { BenchmarkDeclaration.sceneKeys.contains($0) }) {
                throw UsageError("\(context): \"\(key.stringValue)\" is for scene entries, and this one runs a program")
            }
        }
    }

    /// The run settings this entry gives, as written, for the check the
    /// command line's go through too (`RunSettings.applying`). A program
    /// entry's `script` is its key script file, not a scene's script.
    func input(context: String) -> RunSettingsInput {
        var input = RunSettingsInput(origin: .suiteFile(context: context))
        input.script = isProgram ? nil : script
        input.frames = frames.map { "\($0)" }
        input.size = size
        input.seed = seed.map { "\($0)" }
        input.feed = feed.map { "\($0)" }
        input.repeats = repeats.map { "\($0)" }
        input.term = term
        input.backend = backend
        input.frameBudgetMilliseconds = frameBudgetMilliseconds
        return input
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The suites file: named lists of benchmarks and the frame budget that
/// late-frame figures use.
public struct SuiteFile: Codable, Equatable, Sendable {
    public var frameBudgetNanoseconds: Double?
    public var suites: [String: [BenchmarkDeclaration]]
    /// The program entries as `load` checked them, by suite and name: what
    /// `entries(of:)` runs, so an entry is parsed once (not written back).
    var checkedPrograms: [String: [String: ProgramEntry]] = [:]

    enum CodingKeys: String, CodingKey {
        case frameBudgetNanoseconds = "frame_budget_ns"
        case suites
    }

    /// Equal declarations: the checked program entries follow from them.
    public static func == (lhs: SuiteFile, rhs: SuiteFile) -> Bool {
        lhs.frameBudgetNanoseconds == rhs.frameBudgetNanoseconds && lhs.suites == rhs.suites
    }

    public static let defaultPath = "Benchmarks/suites.json"

    /// Every benchmark name any suite declares.
    public var benchmarkNames: Set<String> { Set(suites.values.flatMap { $0.map(\.name) }) }

    /// Reads and checks a suites file against the scenarios of `catalog`;
    /// every problem names the file.
    public static func load(_ path: String, catalog: WorkloadCatalog = .builtIn) throws -> SuiteFile {
        var file: SuiteFile = try JSONFile.read(path, what: "suites file")
        if let budget = file.frameBudgetNanoseconds {
            guard FrameBudget.nanosecondsRange.contains(budget) else {
                throw UsageError("\(path): frame_budget_ns must be \(FrameBudget.rangeText(inMilliseconds: false)), not \(budget)")
            }
        }
        var knownTerms = Set<String>()
        for (suite, declarations) in file.suites.sorted(by: { $0.key < $1.key }) {
            var names = Set<String>()
            for declaration in declarations {
                let context = "\(path): suite '\(suite)', benchmark '\(declaration.name)'"
                try declaration.checkKeys(context: context)
                guard names.insert(declaration.name).inserted else {
                    throw UsageError("\(path): suite '\(suite)' declares '\(declaration.name)' twice")
                }
                // A misspelt terminal is refused here, with "did you mean", not by the run that needs it.
                if let term = declaration.term, !knownTerms.contains(term) {
                    try TerminfoNames.check(term, what: "\(context): term")
                    knownTerms.insert(term)
                }
                guard let scenario = declaration.scenario else {
                    file.checkedPrograms[suite, default: [:]][declaration.name] = try ProgramEntry(
                        declaration, file: path, frameBudget: file.frameBudgetNanoseconds)
                    continue
                }
                guard catalog.names.contains(scenario) else {
                    throw UsageError("\(context): \(UnknownWorkloadError(name: scenario, known: catalog.names))")
                }
                _ = try settings(for: declaration, file: path, frameBudget: file.frameBudgetNanoseconds, catalog: catalog)
            }
        }
        return file
    }

    /// The names of the entries that run programs, in any suite.
    public var programNames: Set<String> {
        Set(suites.values.flatMap { $0.filter(\.isProgram).map(\.name) })
    }

    /// Suite `name`'s entries as they run: scenes as run settings, programs
    /// with `{bin}` and `{root}` replaced and their key scripts read.
    /// - Throws: `UsageError` naming the suites the file has when it has no `name`.
    public func entries(
        of name: String, path: String, root: String, bin: String = ProgramBenchmark.executableFolder,
        catalog: WorkloadCatalog = .builtIn
    ) throws -> [SuiteEntry] {
        guard let declarations = suites[name] else {
            throw UsageError(
                "\(path) has no suite '\(name)'\(Suggestion.clause(for: name, in: suites.keys.sorted())) (it has: \(suites.keys.sorted().joined(separator: ", ")))")
        }
        return try declarations.map { declaration in
            if declaration.isProgram {
                // Checked by `load`; a file decoded without it is checked here, by the same parse.
                let entry =
                    try checkedPrograms[name]?[declaration.name]
                    ?? ProgramEntry(declaration, file: path, frameBudget: frameBudgetNanoseconds)
                return .program(try entry.benchmark(root: root, bin: bin))
            }
            return .scene(
                try SuiteFile.settings(for: declaration, file: path, frameBudget: frameBudgetNanoseconds, catalog: catalog))
        }
    }

    /// The run settings a declaration stands for: the defaults with the
    /// entry's values over them, checked as the command line's are.
    public static func settings(
        for declaration: BenchmarkDeclaration, file: String, frameBudget: Double? = nil, catalog: WorkloadCatalog = .builtIn
    ) throws -> RunSettings {
        let context = "\(file): benchmark '\(declaration.name)'"
        guard let scenario = declaration.scenario else {
            throw UsageError("\(context) runs a program, not a scene")
        }
        var declared = RunSettings(workload: scenario, catalog: catalog)
        declared.frameBudgetNanoseconds = frameBudget ?? RunDefaults.frameBudgetNanoseconds
        var settings = try declared.applying(declaration.input(context: context))
        settings.name = declaration.name
        return settings
    }
}
