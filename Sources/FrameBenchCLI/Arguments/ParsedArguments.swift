import FrameGrid
import Harness
import Workloads

/// A command's arguments split into positionals, `--name value` options and
/// `--flag` switches, checked against the options the command declares
/// (`OptionDeclaration.taken(by:)`).
struct ParsedArguments {
    let command: CommandName
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    /// Every value of each option, in order: `--out` may be given once per report.
    private var allValues: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// `--help` or `-h` was given: the command's help is printed instead of running it.
    private(set) var wantsHelp = false
    /// The arguments after a bare `--`, taken as they are (`program -- less -N FILE`); nil without `--`.
    private(set) var trailing: [String]?

    /// Parses `arguments` (after the command's name).
    /// - Throws: `UsageError` naming an unknown option (with the options the
    ///   command takes) or an option without its value.
    init(_ arguments: [String], command: CommandName) throws {
        self.command = command
        let declared = OptionDeclaration.taken(by: command)
        var arguments = arguments
        if let separator = arguments.firstIndex(of: "--") {
            trailing = Array(arguments[(separator + 1)...])
            arguments = Array(arguments[..<separator])
        }
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            wantsHelp = true
            return
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard argument.hasPrefix("--"), let option = declared.first(where: { $0.name == name }),
                option.takesValue || inlineValue == nil
            else {
                throw UsageError(
                    "unknown option \(argument) for \(command.rawValue)"
                        + Suggestion.clause(for: "--" + name, in: declared.filter(\.isListed).map { "--" + $0.name }, quote: "")
                        + " (\(ParsedArguments.optionHint(command)))")
            }
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value (\(option.value!))") }
                    value = arguments[index]
                    index += 1
                }
                options[name] = value  // the last one, for options given once
                allValues[name, default: []].append(value)
            } else {
                flags.insert(name)
            }
        }
    }

    /// Where the options of `command` are: "list takes: --format text|json, ..."
    /// when they are few enough to read in one line, else the help command
    /// that lists them (`run` has some 40: one line of them hides the answer).
    static func optionHint(_ command: CommandName) -> String {
        let listed = OptionDeclaration.taken(by: command).filter(\.isListed).map(\.synopsis)
        guard listed.count > optionsListedInline else {
            return "\(command.rawValue) takes: " + listed.joined(separator: ", ")
        }
        return "\(ProgramName.current) \(command.rawValue) --help lists its \(listed.count) options"
    }

    /// The most options an unknown-option error lists in its line.
    static let optionsListedInline = 6

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func string(_ name: String) -> String? { options[name] }
    /// Every value given for `name`, in order (`--out a.json --out b.html`); empty when absent.
    func strings(_ name: String) -> [String] { allValues[name] ?? [] }

    /// A whole number in `range`, or `defaultValue` when the option is absent.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), range.contains(value) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// A terminal size `COLSxROWS` (see `Size(parsing:what:)`), or `defaultValue` when the option is absent.
    func size(_ name: String, default defaultValue: Size) throws -> Size {
        guard let text = options[name] else { return defaultValue }
        return try Size(parsing: text, what: "--\(name)")
    }

    /// `--shard I/N`, when given; `what` names what it cannot apply to.
    func shard(appliesToSuite usesSuite: Bool, otherwise what: String) throws -> Shard? {
        guard let text = string("shard") else { return nil }
        let shard = try Shard(parsing: text)
        guard usesSuite else {
            throw UsageError("--shard splits a suite run; it does not apply to \(what)")
        }
        return shard
    }
}
