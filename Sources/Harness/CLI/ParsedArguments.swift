import FrameGrid

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

    /// A terminal size `COLSxROWS`, each dimension in 1...`GridLimits.maxDimension`.
    public func size(_ name: String, default defaultValue: Size) throws -> Size {
        guard let text = options[name] else { return defaultValue }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]) else {
            throw UsageError("--\(name) must look like COLSxROWS (for example 200x50), not '\(text)'")
        }
        let limit = GridLimits.maxDimension
        guard cols >= 1, rows >= 1 else {
            throw UsageError("--\(name) \(text): a terminal needs at least 1 column and 1 row")
        }
        guard cols <= limit, rows <= limit, cols * rows <= GridLimits.maxCells else {
            throw UsageError(
                "--\(name) \(text) is too large: at most \(limit) columns or rows and \(GridLimits.maxCells) cells")
        }
        return Size(cols: cols, rows: rows)
    }
}

/// The largest terminal the harness accepts (a sanity bound, far beyond any real screen).
public enum GridLimits {
    public static let maxDimension = 10_000
    public static let maxCells = 4_000_000
}
