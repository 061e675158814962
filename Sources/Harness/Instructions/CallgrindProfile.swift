import Foundation

/// A callgrind out file reduced to instruction counts (`Ir`) per function:
/// the function's own cost, and the inclusive cost of its calls to each
/// callee. Enough to give any function's inclusive cost, and to exclude
/// chosen callees from it, without keeping positions or file names.
///
/// Reads the format callgrind writes (valgrind's "Callgrind Format
/// Specification"): header lines `key: value` (`events:` names the cost
/// columns, `positions:` the position columns, `summary:`/`totals:` the
/// total); `fn=`/`cfn=` with name compression (`fn=(12) name` defines id 12,
/// `fn=(12)` refers to it; fn and cfn share one table); `ob=`, `fl=`, `fi=`,
/// `fe=`, `cob=`, `cfi=`, `cfl=` context lines (ignored); cost lines of
/// subpositions (`12`, `+3`, `-2`, `*`, `0x1f`) then costs, missing costs
/// being 0; `calls=` lines whose next cost line is the inclusive cost of the
/// call; `jump=`/`jcnd=` lines. Several parts in one file are added up.
///
/// - Complexity: O(size of the file) time; memory O(functions + call edges).
public struct CallgrindProfile: Sendable, Equatable {
    /// Instructions of one function: its own, and per callee its calls'.
    public struct FunctionCost: Sendable, Equatable {
        /// Instructions executed in the function's own code.
        public var selfInstructions: UInt64 = 0
        /// Per callee name: how often it was called from here, and the
        /// inclusive instructions of those calls.
        public var callees: [String: CallCost] = [:]
    }

    /// Calls from one function to another.
    public struct CallCost: Sendable, Equatable {
        public var count: UInt64 = 0
        public var inclusiveInstructions: UInt64 = 0
    }

    /// Functions by name (functions with the same name in different objects
    /// are added together).
    public var functions: [String: FunctionCost] = [:]
    /// The file's `totals:` (or, failing that, `summary:`) for `Ir`, added
    /// over parts; nil when the file has neither.
    public var statedTotalInstructions: UInt64?

    public init() {}

    /// Reads the callgrind out file at `url`.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CallgrindError.outputMissing(path: url.path)
        }
        try self.init(parsing: String(decoding: data, as: UTF8.self), source: url.path)
    }

    /// Parses callgrind out text; `source` names it in errors.
    public init(parsing text: String, source: String = "callgrind output") throws {
        var reader = Reader(source: source)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try reader.read(line, number: index + 1)
        }
        self = try reader.finish()
    }

    /// Instructions of `name` including everything it called, except calls
    /// to the functions in `excluded` (whose cost is counted elsewhere).
    public func inclusiveInstructions(of name: String, excludingCallsTo excluded: Set<String> = []) -> UInt64 {
        guard let function = functions[name] else { return 0 }
        var total = function.selfInstructions
        for (callee, call) in function.callees where !excluded.contains(callee) {
            total += call.inclusiveInstructions
        }
        return total
    }

    /// How many times `name` was called (from anywhere). Callgrind counts
    /// calls even while collection is off, so this includes those.
    public func callCount(of name: String) -> UInt64 {
        functions.values.reduce(0) { $0 + ($1.callees[name]?.count ?? 0) }
    }

    /// The sum of every function's own instructions: what the file counted.
    public var selfInstructionsTotal: UInt64 {
        functions.values.reduce(0) { $0 + $1.selfInstructions }
    }
}

extension CallgrindProfile {
    /// The parser's state: the current function, a pending call, the
    /// column layout, and the name table.
    private struct Reader {
        let source: String
        var profile = CallgrindProfile()
        var names: [Substring: String] = [:]
        var positionColumns = 1
        var instructionColumn: Int?
        var sawEvents = false
        var current: String?
        var calledFunction: String?
        var pendingCall: (callee: String, count: UInt64)?
        var totals: UInt64?
        var summary: UInt64?

        init(source: String) { self.source = source }

        mutating func read(_ line: Substring, number: Int) throws {
            guard let first = line.first else { return }
            if pendingCall != nil, !isCostLineStart(first) {
                throw corrupt(number, "a 'calls=' line must be followed by its cost line")
            }
            if isCostLineStart(first) {
                try readCost(line, number: number)
            } else if first == "#" {
                return
            } else if let equals = line.firstIndex(of: "="), !line[..<equals].contains(":") {
                try readSpecification(key: line[..<equals], value: line[line.index(after: equals)...], number: number)
            } else if let colon = line.firstIndex(of: ":") {
                try readHeader(key: line[..<colon], value: line[line.index(after: colon)...], number: number)
            } else {
                throw corrupt(number, "unrecognised line '\(line.prefix(60))'")
            }
        }

        func isCostLineStart(_ character: Character) -> Bool {
            character.isASCII && (character.isNumber || character == "+" || character == "-" || character == "*")
        }

        mutating func readHeader(key: Substring, value: Substring, number: Int) throws {
            let fields = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch key {
            case "events":
                sawEvents = true
                instructionColumn = fields.firstIndex(of: "Ir")
            case "positions":
                positionColumns = max(1, fields.count)
            case "totals", "summary":
                // Columns follow `events:`; a header before it is malformed.
                guard sawEvents else { throw corrupt(number, "'\(key):' before 'events:'") }
                var value: UInt64 = 0
                if let column = instructionColumn, column < fields.count {
                    guard let parsed = parseNumber(fields[column]) else {
                        throw corrupt(number, "'\(key):' has a malformed count '\(fields[column])'")
                    }
                    value = parsed
                }
                if key == "totals" { totals = (totals ?? 0) + value } else { summary = (summary ?? 0) + value }
            default:
                return  // version, creator, pid, cmd, part, desc, event, thread, ...
            }
        }

        mutating func readSpecification(key: Substring, value: Substring, number: Int) throws {
            switch key {
            case "fn":
                current = try resolveName(value, number: number)
                calledFunction = nil
            case "cfn":
                calledFunction = try resolveName(value, number: number)
            case "calls":
                let fields = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let count = fields.first.flatMap(parseNumber) else {
                    throw corrupt(number, "'calls=' without a call count")
                }
                guard let callee = calledFunction ?? current else {
                    throw corrupt(number, "'calls=' before any 'fn='")
                }
                pendingCall = (callee, count)
                calledFunction = nil
            case "ob", "fl", "fi", "fe", "cob", "cfi", "cfl", "jump", "jcnd":
                return  // context the counts do not need; a jump's next line is a position-only cost line
            default:
                throw corrupt(number, "unknown specification '\(key)='")
            }
        }

        /// `(12) name` defines id 12, `(12)` refers to it, `name` is uncompressed.
        mutating func resolveName(_ value: Substring, number: Int) throws -> String {
            let trimmed = value.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.first == "(" else { return String(trimmed) }
            guard let close = trimmed.firstIndex(of: ")") else {
                throw corrupt(number, "unterminated name id in '\(value.prefix(60))'")
            }
            let id = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let name = trimmed[trimmed.index(after: close)...].drop(while: { $0 == " " || $0 == "\t" })
            if name.isEmpty {
                guard let known = names[id] else { throw corrupt(number, "name id (\(id)) used before it is defined") }
                return known
            }
            let defined = String(name)
            names[id] = defined
            return defined
        }

        mutating func readCost(_ line: Substring, number: Int) throws {
            guard sawEvents else { throw corrupt(number, "cost line before 'events:'") }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            var instructions: UInt64 = 0
            if let column = instructionColumn, positionColumns + column < fields.count {
                let field = fields[positionColumns + column]
                guard let parsed = parseNumber(field) else {
                    throw corrupt(number, "malformed count '\(field)'")
                }
                instructions = parsed
            }
            guard let function = current else {
                if instructions == 0 { return }
                throw corrupt(number, "cost line before any 'fn='")
            }
            if let call = pendingCall {
                var cost = profile.functions[function, default: FunctionCost()].callees[
                    call.callee, default: CallCost()]
                cost.count += call.count
                cost.inclusiveInstructions += instructions
                profile.functions[function, default: FunctionCost()].callees[call.callee] = cost
                pendingCall = nil
            } else {
                profile.functions[function, default: FunctionCost()].selfInstructions += instructions
            }
        }

        func parseNumber(_ text: Substring) -> UInt64? {
            if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
            return UInt64(text)
        }

        func corrupt(_ line: Int, _ reason: String) -> CallgrindError {
            .outputCorrupt(path: source, reason: "line \(line): \(reason)")
        }

        func finish() throws -> CallgrindProfile {
            guard sawEvents else { throw CallgrindError.outputCorrupt(path: source, reason: "no 'events:' line") }
            guard instructionColumn != nil else {
                throw CallgrindError.outputCorrupt(path: source, reason: "no 'Ir' (instructions) event column")
            }
            if pendingCall != nil {
                throw CallgrindError.outputCorrupt(path: source, reason: "ends after a 'calls=' line")
            }
            var result = profile
            result.statedTotalInstructions = totals ?? summary
            return result
        }
    }
}
