import FrameGrid
import Harness

/// Command-line arguments split into positionals, `--name value` options and
/// `--flag` switches, checked against what a command accepts.
public struct ParsedArguments {
    public private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments`; `valued` are the options that take a value, `switches` those that do not.
    public init(_ arguments: [String], valued: Set<String>, switches: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var inlineValue: String?
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if valued.contains(name) {
                    if let inlineValue {
                        options[name] = inlineValue
                    } else {
                        guard index + 1 < arguments.count else { throw UsageError("--\(name) needs a value") }
                        index += 1
                        options[name] = arguments[index]
                    }
                } else if switches.contains(name), inlineValue == nil {
                    flags.insert(name)
                } else {
                    let known = (valued.union(switches)).sorted().map { "--" + $0 }.joined(separator: ", ")
                    throw UsageError("unknown option \(argument) (this command takes: \(known))")
                }
            } else {
                positionals.append(argument)
            }
            index += 1
        }
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func string(_ name: String) -> String? { options[name] }

    /// A whole number in `range`, or `defaultValue` when the option is absent.
    public func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
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
}

extension ParsedArguments {
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
