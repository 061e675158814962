/// A terminfo string capability compiled once into a flat program, so that
/// producing its bytes for a set of parameters does no parsing and no heap
/// allocation.
///
/// The reference for behaviour is ncurses' `tparm`: the output matches it
/// byte for byte (apart from `$<..>` padding, which is dropped at compile
/// time because no terminal emulator in use needs delays). That includes the
/// corners of ncurses' interpreter that are not in terminfo(5): 32-bit
/// arithmetic, a 20-entry stack that ignores pushes when full and pops 0 when
/// empty, `%c` of 0 written as 0x80, `%i` incrementing only once, printf
/// formats that glibc rejects being echoed literally, and the termcap-style
/// implicit parameters for strings without any `%p`.
///
/// String parameters do not exist here: `%s` consumes a value and writes only
/// its field width in spaces, `%l` replaces a value with 0. Malformed input
/// never traps; unknown `%` codes write nothing.
public struct ParameterizedString: Sendable, Equatable {
    /// The capability text this was compiled from, up to the first NUL.
    public let source: [UInt8]
    let ops: [Op]
    /// Every literal run of the program, back to back; `.literal` ops index into it.
    let literals: [UInt8]
    /// Parameters preloaded on the stack when the string has no `%p` (ncurses'
    /// termcap compatibility), or -1 when it has.
    let implicitParameterCount: Int8
    /// Whether any `%g` runs, i.e. whether variables must start out zeroed.
    let readsVariables: Bool
    /// Whether the program is only literals, `%i` and parameters printed
    /// with a plain `%d` right after they are pushed (every motion, erase
    /// and scroll-region string of the terminals in use): `write` then runs
    /// it without the stack machine (see `writeStraight`).
    let isStraight: Bool

    /// Compiles capability bytes, e.g. those `tigetstr` returned.
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var text: [UInt8] = []
        for byte in bytes {
            if byte == 0 { break }  // a C string ends here, whatever follows
            text.append(byte)
        }
        var compiler = Compiler(text)
        compiler.compile()
        source = text
        ops = compiler.ops
        literals = compiler.literals
        implicitParameterCount = Compiler.implicitParameterCount(text)
        readsVariables = ops.contains { if case .getVariable = $0 { return true } else { return false } }
        isStraight = implicitParameterCount < 0 && Self.isStraight(ops, literalBytes: literals.count)
    }

    /// See `isStraight`; its output is also short enough for `writeStraight`'s buffer.
    private static func isStraight(_ ops: [Op], literalBytes: Int) -> Bool {
        var numbers = 0
        var index = 0
        while index < ops.count {
            switch ops[index] {
            case .literal, .incrementFirstTwo:
                index += 1
            case .pushParameter:
                guard index + 1 < ops.count, case .formatNumber(let format) = ops[index + 1],
                    format == NumberFormat(conversion: .decimal)
                else { return false }
                numbers += 1
                index += 2
            default:
                return false
            }
        }
        // An Int32 prints in at most 11 bytes ("-2147483648").
        return literalBytes + 11 * numbers <= straightCapacity
    }

    static let straightCapacity = 128

    /// Compiles a capability given as text, e.g. `"\u{1B}[%i%p1%d;%p2%dH"`.
    public init(_ string: String) {
        self.init(string.utf8)
    }

    /// False when the string is only literal text, so its bytes are the same
    /// for any parameters and can be produced once and cached.
    public var hasParameters: Bool {
        ops.contains { if case .literal = $0 { return false } else { return true } }
    }

    /// True when nothing was left after compiling (an empty string, only
    /// padding, only no-op codes), so writing it never produces a byte.
    public var isEmpty: Bool { ops.isEmpty }
}

extension ParameterizedString: CustomStringConvertible {
    /// The source with control bytes escaped the way infocmp shows them.
    public var description: String {
        var text = ""
        for byte in source {
            switch byte {
            case 0x1B: text += "\\E"
            case 0x7F...: text += "\\" + String(byte, radix: 8)
            case ..<0x20: text += "^" + String(UnicodeScalar(byte + 0x40))
            default: text.append(Character(UnicodeScalar(byte)))
            }
        }
        return text
    }
}

// MARK: - Program

extension ParameterizedString {
    /// One instruction. Every payload is a plain value so that copying an op
    /// out of the array never touches a reference count.
    enum Op: Sendable, Equatable {
        case literal(start: UInt32, count: UInt32)
        case pushParameter(UInt8)
        case pushConstant(Int32)
        /// Variables 0-25 are `a`-`z`, 26-51 are `A`-`Z`.
        case setVariable(UInt8)
        case getVariable(UInt8)
        case formatNumber(NumberFormat)
        case putCharacter
        case putString(width: UInt16)
        case stringLength
        case drop
        case binary(BinaryOperator)
        case logicalNot
        case bitwiseNot
        case incrementFirstTwo
        /// Targets are op indices; one past the end (or further) stops.
        case jumpIfZero(Int32)
        case jump(Int32)
    }

    enum BinaryOperator: UInt8, Sendable, Equatable {
        case add, subtract, multiply, divide, modulo
        case logicalAnd, logicalOr, bitAnd, bitOr, bitXor
        case equal, less, greater
    }

    /// A printf integer conversion as glibc would read the format ncurses builds.
    struct NumberFormat: Sendable, Equatable {
        enum Conversion: UInt8, Sendable { case decimal, octal, hexLower, hexUpper }
        var conversion: Conversion
        var leftAlign = false
        var zeroPad = false
        var spaceSign = false
        var alternate = false
        var width: UInt16 = 0
        /// -1 when the format has no precision.
        var precision: Int16 = -1
    }
}

// MARK: - Compiler

extension ParameterizedString {
    /// Translates source text to ops.
    ///
    /// ncurses runs the text directly and implements `%t`/`%e` by scanning
    /// raw characters forward for `%e`/`%;`, which on odd input can land
    /// somewhere a left-to-right tokenizer never starts a token. To stay exact
    /// the compiler treats every jump destination as a source position and
    /// tokenizes again from there when it is not already a token start, like
    /// a disassembler following branches; each such stream ends by jumping
    /// into code that already exists. Well-formed strings need only one stream.
    struct Compiler {
        let text: [UInt8]
        var ops: [Op] = []
        var literals: [UInt8] = []
        /// Source position -> index of the op that starts there.
        var opIndex: [Int: Int] = [:]
        var pendingStarts: [Int] = [0]
        var fixups: [(op: Int, target: Int)] = []
        /// Start of the literal run being collected, in `literals`.
        var runStart: Int?

        init(_ text: [UInt8]) { self.text = text }

        mutating func compile() {
            while let start = pendingStarts.popLast() {
                if start < text.count && opIndex[start] == nil { compileStream(from: start) }
            }
            for fixup in fixups {
                let target = fixup.target >= text.count ? Int(Int32.max) : opIndex[fixup.target]!
                ops[fixup.op] = ops[fixup.op].retargeted(Int32(target))
            }
            // A trailing jump to the end is dead weight: running off the end stops too.
            while let last = ops.last, case .jump(let target) = last, Int(target) >= ops.count {
                ops.removeLast()
            }
        }

        private mutating func compileStream(from start: Int) {
            var position = start
            while position < text.count {
                if let existing = opIndex[position] {
                    flushLiteral()
                    ops.append(.jump(Int32(existing)))
                    return
                }
                if text[position] != UInt8(ascii: "%") {
                    if runStart == nil { opIndex[position] = ops.count; runStart = literals.count }
                    if let end = Compiler.paddingEnd(text, at: position) {
                        position = end
                    } else {
                        literals.append(text[position])
                        position += 1
                    }
                    continue
                }
                let token = decode(at: position)
                if case .percent = token.action {
                    if runStart == nil { opIndex[position] = ops.count; runStart = literals.count }
                    literals.append(UInt8(ascii: "%"))
                } else {
                    flushLiteral()
                    opIndex[position] = ops.count
                    emit(token.action)
                }
                position = token.next
            }
            flushLiteral()
            fixups.append((ops.count, text.count))
            ops.append(.jump(0))
        }

        private mutating func flushLiteral() {
            guard let start = runStart else { return }
            runStart = nil
            if literals.count > start {
                ops.append(.literal(start: UInt32(start), count: UInt32(literals.count - start)))
            }
        }

        private mutating func emit(_ action: Action) {
            switch action {
            case .percent, .nothing:
                break
            case .op(let op):
                ops.append(op)
            case .echoFormat(let format):
                // glibc prints a format it cannot parse as is; ncurses has
                // already popped the value by then.
                ops.append(.drop)
                runStart = literals.count
                literals.append(contentsOf: format)
            case .jumpIfZero(let target), .jump(let target):
                fixups.append((ops.count, target))
                pendingStarts.append(target)
                if case .jump = action { ops.append(.jump(0)) } else { ops.append(.jumpIfZero(0)) }
            }
        }

        enum Action {
            case percent, nothing, op(Op), echoFormat([UInt8]), jumpIfZero(Int), jump(Int)
        }

        /// Reads the `%` code at `start`, following ncurses' cursor movement
        /// exactly, including what it skips after `%{..` and `%'.`.
        private func decode(at start: Int) -> (action: Action, next: Int) {
            let n = text.count
            let (spec, code) = Compiler.parseFormat(text, from: start + 1)
            let c = code < n ? text[code] : 0
            let argument: UInt8 = code + 1 < n ? text[code + 1] : 0
            // Position after the code's last character, as ncurses' `cp++` leaves it.
            func after(_ last: Int) -> Int { last < n ? last + 1 : n }
            switch c {
            case UInt8(ascii: "%"):
                return (.percent, code + 1)
            case UInt8(ascii: "d"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"):
                if let format = Compiler.numberFormat(spec, conversion: c) {
                    return (.op(.formatNumber(format)), code + 1)
                }
                return (.echoFormat([UInt8(ascii: "%")] + spec + [c]), code + 1)
            case UInt8(ascii: "s"):
                if let format = Compiler.numberFormat(spec, conversion: UInt8(ascii: "d")) {
                    return (.op(.putString(width: format.width)), code + 1)
                }
                return (.echoFormat([UInt8(ascii: "%")] + spec + [c]), code + 1)
            case UInt8(ascii: "c"): return (.op(.putCharacter), code + 1)
            case UInt8(ascii: "l"): return (.op(.stringLength), code + 1)
            case UInt8(ascii: "p"):
                let digit = Int(argument) - Int(UInt8(ascii: "1"))
                return ((0..<9).contains(digit) ? .op(.pushParameter(UInt8(digit))) : .nothing, after(code + 1))
            case UInt8(ascii: "P"), UInt8(ascii: "g"):
                guard let variable = Compiler.variableIndex(argument) else { return (.nothing, after(code + 1)) }
                let op: Op = c == UInt8(ascii: "P") ? .setVariable(variable) : .getVariable(variable)
                return (.op(op), after(code + 1))
            case UInt8(ascii: "'"):
                return (.op(.pushConstant(Int32(argument))), code + 1 < n ? after(code + 2) : n)
            case UInt8(ascii: "{"):
                var cursor = code + 1
                var number: Int32 = 0
                while cursor < n, let digit = Compiler.digitValue(text[cursor]) {
                    number = number &* 10 &+ Int32(digit)
                    cursor += 1
                }
                return (.op(.pushConstant(number)), after(cursor))
            case UInt8(ascii: "t"):
                return (.jumpIfZero(Compiler.scanForward(text, from: code + 1, stopAtElse: true)), code + 1)
            case UInt8(ascii: "e"):
                return (.jump(Compiler.scanForward(text, from: code + 1, stopAtElse: false)), code + 1)
            case UInt8(ascii: "!"): return (.op(.logicalNot), code + 1)
            case UInt8(ascii: "~"): return (.op(.bitwiseNot), code + 1)
            case UInt8(ascii: "i"): return (.op(.incrementFirstTwo), code + 1)
            default:
                if let binary = Compiler.binaryOperator(c) { return (.op(.binary(binary)), code + 1) }
                return (.nothing, after(code))  // `%?`, `%;`, unknown codes, or the end
            }
        }

        static func digitValue(_ byte: UInt8) -> UInt8? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
        }

        static func variableIndex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A") + 26
            default: return nil
            }
        }

        static func binaryOperator(_ byte: UInt8) -> BinaryOperator? {
            switch byte {
            case UInt8(ascii: "+"): return .add
            case UInt8(ascii: "-"): return .subtract
            case UInt8(ascii: "*"): return .multiply
            case UInt8(ascii: "/"): return .divide
            case UInt8(ascii: "m"): return .modulo
            case UInt8(ascii: "A"): return .logicalAnd
            case UInt8(ascii: "O"): return .logicalOr
            case UInt8(ascii: "&"): return .bitAnd
            case UInt8(ascii: "|"): return .bitOr
            case UInt8(ascii: "^"): return .bitXor
            case UInt8(ascii: "="): return .equal
            case UInt8(ascii: "<"): return .less
            case UInt8(ascii: ">"): return .greater
            default: return nil
            }
        }

        /// Where ncurses resumes after a false `%t` (stopAtElse) or after
        /// `%e`: just past the matching `%e`/`%;` at nesting level zero, found
        /// by looking only at the character after each `%`.
        static func scanForward(_ text: [UInt8], from start: Int, stopAtElse: Bool) -> Int {
            var cursor = start
            var level = 0
            while cursor < text.count {
                if text[cursor] == UInt8(ascii: "%") {
                    cursor += 1
                    if cursor < text.count {
                        switch text[cursor] {
                        case UInt8(ascii: "?"): level += 1
                        case UInt8(ascii: ";"):
                            if level == 0 { return cursor + 1 }
                            level -= 1
                        case UInt8(ascii: "e") where stopAtElse && level == 0:
                            return cursor + 1
                        default: break
                        }
                    }
                }
                if cursor < text.count { cursor += 1 }
            }
            return text.count
        }

        /// The end of a `$<5>`, `$<2.5*/>` style delay starting at `start`.
        static func paddingEnd(_ text: [UInt8], at start: Int) -> Int? {
            guard start + 2 < text.count, text[start] == UInt8(ascii: "$"),
                  text[start + 1] == UInt8(ascii: "<") else { return nil }
            var cursor = start + 2
            guard digitValue(text[cursor]) != nil || text[cursor] == UInt8(ascii: ".") else { return nil }
            while cursor < text.count, digitValue(text[cursor]) != nil { cursor += 1 }
            if cursor < text.count && text[cursor] == UInt8(ascii: ".") {
                cursor += 1
                while cursor < text.count, digitValue(text[cursor]) != nil { cursor += 1 }
            }
            while cursor < text.count && (text[cursor] == UInt8(ascii: "*") || text[cursor] == UInt8(ascii: "/")) {
                cursor += 1
            }
            return cursor < text.count && text[cursor] == UInt8(ascii: ">") ? cursor + 1 : nil
        }
    }
}

extension ParameterizedString.Op {
    func retargeted(_ target: Int32) -> Self {
        switch self {
        case .jump: return .jump(target)
        case .jumpIfZero: return .jumpIfZero(target)
        default: return self
        }
    }
}

extension ParameterizedString {
    /// The byte count `write(to:_:_:)` gives for (`p1`, `p2`, the rest 0),
    /// worked out without writing: for a straight program (`isStraight`),
    /// its literals' bytes and each parameter's decimal digits (after
    /// `%i`); nil for any other program. What the encoder's choice of the
    /// cheapest cursor motion needs: writing every candidate into a scratch
    /// buffer to count it was ~600 instructions a motion (callgrind).
    func straightLength(_ p1: Int, _ p2: Int) -> Int? {
        guard isStraight else { return nil }
        var first = Int32(truncatingIfNeeded: p1)
        var second = Int32(truncatingIfNeeded: p2)
        var incremented = false
        var length = 0
        for op in ops {
            switch op {
            case .literal(_, let count):
                length += Int(count)
            case .incrementFirstTwo:
                if !incremented {
                    incremented = true
                    first &+= 1
                    second &+= 1
                }
            case .pushParameter(let parameter):
                length += ParameterizedString.decimalLength(parameter == 0 ? first : parameter == 1 ? second : 0)
            default:
                break  // the `%d` after each push: counted with it
            }
        }
        return length
    }

    /// Bytes `%d` of `value` takes.
    static func decimalLength(_ value: Int32) -> Int {
        var magnitude = value.magnitude
        var digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        return value < 0 ? digits + 1 : digits
    }
}
