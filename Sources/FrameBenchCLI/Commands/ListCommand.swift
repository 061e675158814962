import Foundation
import Harness
import Workloads

/// `list`: as text (`RunCommands.list`), or with `--format json` as data for
/// scripts: the scenarios, and each suite's benchmarks with the executables
/// its program entries run from `{bin}` (what a build must make before the
/// suite can run: `scripts/compare-branches.sh` builds them for each side).
enum ListCommand {
    static func list(_ parsed: ParsedArguments) throws -> Int32 {
        switch parsed.string("format") ?? "text" {
        case "text": return try RunCommands.list(parsed)
        case "json": break
        case let other: throw UsageError("list --format takes text or json, not '\(other)'")
        }
        guard parsed.positionals.isEmpty else { throw UsageError("list takes no arguments") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(try Listing.current())
        try StandardStreams.printLine(String(decoding: data, as: UTF8.self))
        return 0
    }

    /// What `list --format json` prints.
    struct Listing: Encodable {
        struct Scenario: Encodable {
            let name: String
            let scripts: [String]
        }

        struct Benchmark: Encodable {
            let name: String
            /// The scene it draws; nil for a program entry.
            let scenario: String?
            /// The program entry's command as declared (`{bin}` and `{root}` left in).
            let program: [String]?
            /// Executables the command runs from `{bin}` (`{bin}/ncurses-list`: ncurses-list), framebench left out.
            let binExecutables: [String]

            enum CodingKeys: String, CodingKey {
                case name, scenario, program
                case binExecutables = "bin_executables"
            }
        }

        let scenarios: [Scenario]
        /// The suites file read; nil outside a checkout (then no suites).
        let suitesFile: String?
        let suites: [String: [Benchmark]]

        enum CodingKeys: String, CodingKey {
            case scenarios, suites
            case suitesFile = "suites_file"
        }

        static func current() throws -> Listing {
            let scenarios = WorkloadFactory.catalog.entries.map { Scenario(name: $0.name, scripts: $0.scripts) }
            let path = PackageRoot.current.suitesPath
            guard FileManager.default.fileExists(atPath: path) else {
                return Listing(scenarios: scenarios, suitesFile: nil, suites: [:])
            }
            let file = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
            let suites = file.suites.mapValues { declarations in
                declarations.map { declaration in
                    Benchmark(
                        name: declaration.name, scenario: declaration.program == nil ? declaration.scenario : nil,
                        program: declaration.program,
                        binExecutables: binExecutables(in: declaration.program ?? []))
                }
            }
            return Listing(scenarios: scenarios, suitesFile: path, suites: suites)
        }

        /// The NAME of every `{bin}/NAME` in the words, sorted, framebench left out (it is always built).
        static func binExecutables(in words: [String]) -> [String] {
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
            var names = Set<String>()
            for word in words {
                var rest = Substring(word)
                while let marker = rest.range(of: "{bin}/") {
                    let name = rest[marker.upperBound...].prefix { allowed.contains($0) }
                    if !name.isEmpty { names.insert(String(name)) }
                    rest = rest[marker.upperBound...]
                }
            }
            names.remove("framebench")
            return names.sorted()
        }
    }
}

extension OptionDeclaration {
    /// `list --format` (kept here, beside `ListCommand`, and added to `all`).
    static let listFormat: [OptionDeclaration] = [
        OptionDeclaration(
            name: "format", value: "text|json", help: "json: the scenarios and suites as data, for scripts",
            defaultValue: "text", commands: [.list])
    ]
}
