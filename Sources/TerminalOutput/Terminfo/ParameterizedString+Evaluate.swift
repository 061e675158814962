// Evaluation of a compiled ParameterizedString, and the ncurses run-time rules
// (printf format parsing, termcap parameter analysis) that the compiler
// reproduces ahead of time.

extension ParameterizedString {
    /// Appends the capability's output for the given parameters to `out`.
    ///
    /// Allocation-free apart from growing `out`: the stack, variables and
    /// parameters live in one small stack-allocated block, and literal runs
    /// are copied straight from the compiled storage. Parameters are
    /// truncated to 32 bits as ncurses does. `out` is a `[UInt8]` or, in the
    /// encoder, its `OutputBuffer`.
    public func write<Output: ByteOutput>(
        to out: inout Output,
        _ p1: Int = 0, _ p2: Int = 0, _ p3: Int = 0, _ p4: Int = 0, _ p5: Int = 0,
        _ p6: Int = 0, _ p7: Int = 0, _ p8: Int = 0, _ p9: Int = 0
    ) {
        if ops.isEmpty { return }
        if ops.count == 1, case .literal(let start, let count) = ops[0] {
            appendLiteral(start, count, to: &out)
            return
        }
        if isStraight {
            writeStraight(to: &out, p1, p2, p3, p4, p5, p6, p7, p8, p9)
            return
        }
        withUnsafeTemporaryAllocation(byteCount: Machine.byteCount, alignment: MemoryLayout<Int>.alignment) { memory in
            let machine = Machine(memory.baseAddress!, zeroVariables: readsVariables)
            let p = machine.parameters
            p[0] = p1; p[1] = p2; p[2] = p3; p[3] = p4; p[4] = p5
            p[5] = p6; p[6] = p7; p[7] = p8; p[8] = p9
            run(machine, &out)
        }
    }

    /// The output for `params` (missing ones are 0, extra ones ignored) as a
    /// new array. Allocates; meant for tests and one-off setup strings.
    public func bytes(_ params: Int...) -> [UInt8] {
        var p = [Int](repeating: 0, count: 9)
        for (index, value) in params.prefix(9).enumerated() { p[index] = value }
        var out: [UInt8] = []
        write(to: &out, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8])
        return out
    }

    /// `write` for a straight program (`isStraight`): literals and plain
    /// decimal parameters laid out at once (in `out`'s spare room, or a stack
    /// buffer appended in one go), where the machine appended each piece (a cursor motion cost some
    /// 800 instructions that way, measured with callgrind). Same bytes as
    /// `run`: parameters truncated to 32 bits, `%i` adding one to the first
    /// two only the first time, for the pushes after it. Not inlined: inlined
    /// into `write`, it made the encoder's paint loop stop inlining its
    /// glyph writer (more instructions than it saved, callgrind).
    @inline(never)
    private func writeStraight<Output: ByteOutput>(
        to out: inout Output, _ p1: Int, _ p2: Int, _ p3: Int, _ p4: Int, _ p5: Int,
        _ p6: Int, _ p7: Int, _ p8: Int, _ p9: Int
    ) {
        var first = Int32(truncatingIfNeeded: p1)
        var second = Int32(truncatingIfNeeded: p2)
        var incremented = false
        out.append(atMost: ParameterizedString.straightCapacity) { base in
            var count = 0
            literals.withUnsafeBufferPointer { storage in
                ops.withUnsafeBufferPointer { program in
                    var pc = 0
                    while pc < program.count {
                        switch program[pc] {
                        case .literal(let start, let length):
                            var index = Int(start)
                            let end = index + Int(length)
                            while index < end {
                                base[count] = storage[index]
                                count += 1
                                index += 1
                            }
                            pc += 1
                        case .incrementFirstTwo:
                            if !incremented {
                                incremented = true
                                first &+= 1
                                second &+= 1
                            }
                            pc += 1
                        case .pushParameter(let parameter):
                            let value: Int32
                            switch parameter {
                            case 0: value = first
                            case 1: value = second
                            case 2: value = Int32(truncatingIfNeeded: p3)
                            case 3: value = Int32(truncatingIfNeeded: p4)
                            case 4: value = Int32(truncatingIfNeeded: p5)
                            case 5: value = Int32(truncatingIfNeeded: p6)
                            case 6: value = Int32(truncatingIfNeeded: p7)
                            case 7: value = Int32(truncatingIfNeeded: p8)
                            default: value = Int32(truncatingIfNeeded: p9)
                            }
                            count += ParameterizedString.printDecimal(value, into: base + count)
                            pc += 2  // the `%d` that prints it
                        default:
                            preconditionFailure("not a straight program")
                        }
                    }
                }
            }
            return count
        }
    }

    /// `%d` of `value` written at `target` (at most 11 bytes); the byte count.
    @inline(__always)
    private static func printDecimal(_ value: Int32, into target: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var count = 0
        if value < 0 {
            target[0] = UInt8(ascii: "-")
            count = 1
        }
        let digits = magnitude < 10 ? 1 : magnitude < 100 ? 2 : magnitude < 1000 ? 3 : countDigits(magnitude, .decimal)
        var index = count + digits - 1
        repeat {
            target[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
        return count + digits
    }

    private func appendLiteral<Output: ByteOutput>(_ start: UInt32, _ count: UInt32, to out: inout Output) {
        literals.withUnsafeBufferPointer { storage in
            let first = Int(start)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: storage[first..<(first + Int(count))]))
        }
    }

    /// Registers of one evaluation, carved out of one block that
    /// `withUnsafeTemporaryAllocation` keeps on the stack (it is well under
    /// the 1 KiB it allows). Only trivial types live there, and the stack is
    /// never read above its depth, so only the variables need zeroing, and
    /// only if they are read.
    private struct Machine {
        static let stackSize = 20  // ncurses' STACKSIZE; pushes beyond it are dropped
        static let variableCount = 52
        static let byteCount = 9 * MemoryLayout<Int>.stride + (variableCount + stackSize) * MemoryLayout<Int32>.stride
        let parameters: UnsafeMutablePointer<Int>
        let variables: UnsafeMutablePointer<Int32>
        let stack: UnsafeMutablePointer<Int32>
        var depth = 0

        init(_ base: UnsafeMutableRawPointer, zeroVariables: Bool) {
            parameters = base.bindMemory(to: Int.self, capacity: 9)
            let variableBase = base + 9 * MemoryLayout<Int>.stride
            variables = variableBase.bindMemory(to: Int32.self, capacity: Machine.variableCount + Machine.stackSize)
            stack = variables + Machine.variableCount
            if zeroVariables { variables.initialize(repeating: 0, count: Machine.variableCount) }
        }

        mutating func push(_ value: Int32) {
            guard depth < Machine.stackSize else { return }
            stack[depth] = value
            depth += 1
        }

        mutating func pop() -> Int32 {
            guard depth > 0 else { return 0 }
            depth -= 1
            return stack[depth]
        }

        func parameter(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: parameters[index]) }
    }

    private func run<Output: ByteOutput>(_ initial: Machine, _ out: inout Output) {
        var machine = initial
        let termcapStyle = implicitParameterCount >= 0
        if termcapStyle {
            // ncurses reads only the parameters it expects; the rest are 0.
            let count = Int(implicitParameterCount)
            for index in count..<9 { machine.parameters[index] = 0 }
            for index in stride(from: count - 1, through: 0, by: -1) { machine.push(machine.parameter(index)) }
        }
        var incremented = false
        var pc = 0
        while pc < ops.count {
            switch ops[pc] {
            case .literal(let start, let count):
                appendLiteral(start, count, to: &out)
            case .pushParameter(let index):
                machine.push(machine.parameter(Int(index)))
            case .pushConstant(let value):
                machine.push(value)
            case .setVariable(let index):
                machine.variables[Int(index)] = machine.pop()
            case .getVariable(let index):
                machine.push(machine.variables[Int(index)])
            case .formatNumber(let format):
                ParameterizedString.appendNumber(machine.pop(), format, to: &out)
            case .putCharacter:
                let value = machine.pop()
                // ncurses builds a C string, so it cannot emit NUL and substitutes 0x80.
                out.append(value == 0 ? 0x80 : UInt8(truncatingIfNeeded: value))
            case .putString(let width):
                _ = machine.pop()
                appendRepeated(UInt8(ascii: " "), count: Int(width), to: &out)
            case .stringLength:
                _ = machine.pop()
                machine.push(0)
            case .drop:
                _ = machine.pop()
            case .binary(let operation):
                let y = machine.pop()
                let x = machine.pop()
                machine.push(ParameterizedString.apply(operation, x, y))
            case .logicalNot:
                machine.push(machine.pop() == 0 ? 1 : 0)
            case .bitwiseNot:
                machine.push(~machine.pop())
            case .incrementFirstTwo:
                guard !incremented else { break }
                incremented = true
                machine.parameters[0] &+= 1
                machine.parameters[1] &+= 1
                if termcapStyle {
                    // The preloaded copies are patched in place, wherever the stack is now.
                    machine.stack[0] = machine.parameter(0)
                    machine.stack[1] = machine.parameter(1)
                }
            case .jumpIfZero(let target):
                if machine.pop() == 0 {
                    pc = Int(target)
                    continue
                }
            case .jump(let target):
                pc = Int(target)
                continue
            }
            pc += 1
        }
    }

    private static func apply(_ operation: BinaryOperator, _ x: Int32, _ y: Int32) -> Int32 {
        switch operation {
        case .add: return x &+ y
        case .subtract: return x &- y
        case .multiply: return x &* y
        case .divide: return y == 0 ? 0 : x.dividedReportingOverflow(by: y).partialValue
        case .modulo: return y == 0 ? 0 : x.remainderReportingOverflow(dividingBy: y).partialValue
        case .logicalAnd: return x != 0 && y != 0 ? 1 : 0
        case .logicalOr: return x != 0 || y != 0 ? 1 : 0
        case .bitAnd: return x & y
        case .bitOr: return x | y
        case .bitXor: return x ^ y
        case .equal: return x == y ? 1 : 0
        case .less: return x < y ? 1 : 0
        case .greater: return x > y ? 1 : 0
        }
    }

    /// printf's `%d %o %x %X` for one int. The text is laid out right to
    /// left in room made at the end of `out`, so `out` is touched once.
    static func appendNumber<Output: ByteOutput>(_ value: Int32, _ format: NumberFormat, to out: inout Output) {
        var magnitude = UInt32(bitPattern: value)
        var sign: UInt8 = 0
        if format.conversion == .decimal {
            magnitude = value.magnitude
            if value < 0 { sign = UInt8(ascii: "-") } else if format.spaceSign { sign = UInt8(ascii: " ") }
        }
        let digitCount = format.precision == 0 && magnitude == 0 ? 0 : countDigits(magnitude, format.conversion)
        var zeros = max(Int(format.precision) - digitCount, 0)
        var prefix: UInt8 = 0  // the x of "0x"
        if format.alternate {
            switch format.conversion {
            case .octal where zeros == 0 && (digitCount == 0 || magnitude != 0): zeros = 1
            case .hexLower where magnitude != 0: prefix = UInt8(ascii: "x")
            case .hexUpper where magnitude != 0: prefix = UInt8(ascii: "X")
            default: break
            }
        }
        let bodyCount = (sign == 0 ? 0 : 1) + (prefix == 0 ? 0 : 2) + zeros + digitCount
        let padding = max(Int(format.width) - bodyCount, 0)
        let layout = NumberLayout(
            magnitude: magnitude, conversion: format.conversion, sign: sign, prefix: prefix,
            zeros: zeros, digitCount: digitCount, padding: padding,
            leftAlign: format.leftAlign, padWithZeros: format.zeroPad && !format.leftAlign && format.precision < 0
        )
        let total = bodyCount + padding
        out.append(uninitializedCount: total) { layout.render(into: $0, count: total) }
    }

    private struct NumberLayout {
        var magnitude: UInt32
        var conversion: NumberFormat.Conversion
        var sign: UInt8, prefix: UInt8
        var zeros: Int, digitCount: Int, padding: Int
        var leftAlign: Bool, padWithZeros: Bool

        /// Fills `count` bytes, right to left: trailing spaces, digits (each
        /// divisor a constant), precision zeros, prefix, sign, leading padding.
        func render(into buffer: UnsafeMutablePointer<UInt8>, count: Int) {
            var index = count
            if leftAlign {
                for _ in 0..<padding { index -= 1; buffer[index] = UInt8(ascii: " ") }
            }
            var rest = magnitude
            switch conversion {
            case .decimal:
                for _ in 0..<digitCount { index -= 1; buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10); rest /= 10 }
            case .octal:
                for _ in 0..<digitCount { index -= 1; buffer[index] = UInt8(ascii: "0") + UInt8(rest & 7); rest >>= 3 }
            case .hexLower, .hexUpper:
                let letterBase = conversion == .hexUpper ? UInt8(ascii: "A") : UInt8(ascii: "a")
                for _ in 0..<digitCount {
                    let digit = UInt8(rest & 15)
                    index -= 1
                    buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : letterBase + digit - 10
                    rest >>= 4
                }
            }
            for _ in 0..<(zeros + (padWithZeros ? padding : 0)) { index -= 1; buffer[index] = UInt8(ascii: "0") }
            if prefix != 0 {
                index -= 2
                buffer[index] = UInt8(ascii: "0")
                buffer[index + 1] = prefix
            }
            if sign != 0 { index -= 1; buffer[index] = sign }
            while index > 0 { index -= 1; buffer[index] = UInt8(ascii: " ") }
        }
    }

    private static func countDigits(_ magnitude: UInt32, _ conversion: NumberFormat.Conversion) -> Int {
        switch conversion {
        case .decimal:
            var count = 1
            var rest = magnitude
            while rest >= 10 { rest /= 10; count += 1 }
            return count
        case .octal:
            return magnitude == 0 ? 1 : (32 - magnitude.leadingZeroBitCount + 2) / 3
        case .hexLower, .hexUpper:
            return magnitude == 0 ? 1 : (32 - magnitude.leadingZeroBitCount + 3) / 4
        }
    }
}

// MARK: - ncurses' lexical rules

extension ParameterizedString.Compiler {
    /// ncurses' `parse_format`: the flag characters it copies into the
    /// printf format (all dropped when the width is absurd or has two
    /// dots) and the position of the code character after them.
    static func parseFormat(_ text: [UInt8], from start: Int) -> (spec: [UInt8], code: Int) {
        var spec: [UInt8] = []
        var cursor = start
        var allowMinus = false, dot = false, error = false
        var value = 0
        scan: while cursor < text.count {
            let byte = text[cursor]
            switch byte {
            case UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "o"),
                 UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "s"):
                break scan
            case UInt8(ascii: "."):
                if dot { error = true }
                dot = true
                value = 0
            case UInt8(ascii: "#"), UInt8(ascii: " "):
                break
            case UInt8(ascii: ":"):
                allowMinus = true
                cursor += 1
                continue scan
            case UInt8(ascii: "-"):
                if !allowMinus { break scan }
            default:
                guard let digit = digitValue(byte) else { break scan }
                value = min(value * 10 + Int(digit), 100_000)
                if value > 10_000 { error = true }
            }
            spec.append(byte)
            cursor += 1
        }
        return (error ? [] : spec, cursor)
    }

    /// Reads `%<spec>d` the way glibc's printf does; nil when glibc would
    /// reject it (a flag after the width, say) and echo it instead.
    static func numberFormat(_ spec: [UInt8], conversion: UInt8) -> ParameterizedString.NumberFormat? {
        let kind: ParameterizedString.NumberFormat.Conversion
        switch conversion {
        case UInt8(ascii: "o"): kind = .octal
        case UInt8(ascii: "x"): kind = .hexLower
        case UInt8(ascii: "X"): kind = .hexUpper
        default: kind = .decimal
        }
        var format = ParameterizedString.NumberFormat(conversion: kind)
        var index = 0
        flags: while index < spec.count {
            switch spec[index] {
            case UInt8(ascii: "-"): format.leftAlign = true
            case UInt8(ascii: "0"): format.zeroPad = true
            case UInt8(ascii: " "): format.spaceSign = true
            case UInt8(ascii: "#"): format.alternate = true
            default: break flags
            }
            index += 1
        }
        var width = 0
        while index < spec.count, let digit = digitValue(spec[index]) {
            width = width * 10 + Int(digit)
            index += 1
        }
        var precision = -1
        if index < spec.count && spec[index] == UInt8(ascii: ".") {
            index += 1
            precision = 0
            while index < spec.count, let digit = digitValue(spec[index]) {
                precision = precision * 10 + Int(digit)
                index += 1
            }
        }
        // parseFormat caps both numbers at 10000, so they fit.
        guard index == spec.count, width <= 10_000, precision <= 10_000 else { return nil }
        format.width = UInt16(width)
        format.precision = Int16(precision)
        return format
    }

    /// ncurses' `_nc_tparm_analyze`: a string with no `%p1`..`%p9` gets up
    /// to two parameters pushed before it runs (termcap's `%d;%d` style).
    /// The count follows ncurses' rough stack-depth estimate, quirks included
    /// (an operator counts once, however many operands it lacks); it was
    /// pinned down against tparm on thousands of random strings.
    static func implicitParameterCount(_ text: [UInt8]) -> Int8 {
        var lastPop = -1, number = 0, level = -1, highestParameter = 0
        func bump() { if level < 0 && number < 2 { number += 1 } }
        var cursor = 0
        while cursor < text.count {
            if text[cursor] == UInt8(ascii: "%") {
                cursor = parseFormat(text, from: cursor + 1).code
                let code = cursor < text.count ? text[cursor] : 0
                switch code {
                case UInt8(ascii: "d"), UInt8(ascii: "o"), UInt8(ascii: "x"),
                     UInt8(ascii: "X"), UInt8(ascii: "c"):
                    if lastPop <= 0 { bump() }
                    level -= 1
                    lastPop = -1
                case UInt8(ascii: "l"), UInt8(ascii: "s"):
                    if lastPop > 0 { level -= 1 }
                    bump()
                case UInt8(ascii: "p"):
                    cursor += 1
                    if cursor < text.count, let digit = digitValue(text[cursor]) {
                        level += 1
                        lastPop = Int(digit)
                        highestParameter = max(highestParameter, lastPop)
                    }
                case UInt8(ascii: "P"): cursor += 1
                case UInt8(ascii: "g"): level += 1; cursor += 1
                case UInt8(ascii: "'"): level += 1; cursor += 2; lastPop = -1
                case UInt8(ascii: "{"):
                    level += 1
                    cursor += 1
                    while cursor < text.count, digitValue(text[cursor]) != nil { cursor += 1 }
                case UInt8(ascii: "!"), UInt8(ascii: "~"):
                    bump()
                    lastPop = -1
                default:
                    if binaryOperator(code) != nil {
                        bump()
                        level -= 1
                        lastPop = -1
                    }
                }
            }
            if cursor < text.count { cursor += 1 }
        }
        return highestParameter == 0 ? Int8(number) : -1
    }
}

/// One byte at a time on purpose: appending a `repeatElement` collection goes
/// through unspecialized generic code in debug builds and allocates.
private func appendRepeated<Output: ByteOutput>(_ byte: UInt8, count: Int, to out: inout Output) {
    var remaining = count
    while remaining > 0 {
        out.append(byte)
        remaining -= 1
    }
}
