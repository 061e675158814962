#if canImport(Glibc)
import Glibc
#endif

/// Reads JSON from a file in 64 KB chunks into a compact `JSONValue`,
/// checking it as strictly as RFC 8259 does and failing at the first
/// problem with a `JSONProblem` (key path, message, line and column); the
/// tests hold it to a whole-file reference scan (`JSONScan`, test target).
///
/// Why: reading a file whole and handing it to Foundation cost about 6.5
/// bytes of memory per byte of file (633 MB for a 100 MB results file).
/// Here memory is the chunk, the open keys, and the values built, where a
/// list of numbers is one packed array (8 bytes a number); the bytes are
/// never held, and the file's digest (`ContentDigest`) is taken as they go by.
///
/// Refused: syntax errors, `NaN`, `Infinity` and other bare
/// words, numbers outside JSON's grammar or beyond a Double, a key given twice
/// in one object, text after the top-level value; and nesting deeper than
/// `maximumDepth` (it would exhaust the stack).
///
/// - Complexity: O(n) in the bytes; memory O(values built + 64 KB).
struct JSONStreamParser {
    /// Lists and objects open at once, at most (Foundation's decoder allows 512 too).
    static let maximumDepth = 512
    static let chunkSize = 65_536

    /// A parsed document and facts about the bytes it was read from.
    struct Parsed {
        var value: JSONValue
        var byteCount: Int
        /// `ContentDigest` of the bytes read.
        var digest: UInt64
    }

    /// Where the value at a key path starts (`locate`).
    struct Location: Error {
        var line: Int
        var column: Int
    }

    /// Reading failed: the system's reason, or the file outgrew `limit` as it was read.
    enum ReadFailure: Error {
        case system(String)
        case tooLarge(Int)
    }

    /// Parses what `read` returns (bytes into the buffer, 0 at the end, -1 on error with `errno` set).
    private let read: (UnsafeMutableRawBufferPointer) -> Int
    private let limit: Int?
    private var buffer: [UInt8]
    private var index = 0
    private var end = 0
    /// Offset in the file of `buffer[0]`.
    private var bufferOffset = 0
    private var atEnd = false
    private var line = 1
    private var lineStart = 0
    private var digest: UInt64 = ContentDigest.seed
    private var path: [JSONProblem.Step] = []
    /// The bytes of the number or word being read.
    private var token: [UInt8] = []
    /// The key path `locate` looks for.
    private var target: [JSONProblem.Step]?

    private init(limit: Int?, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.read = read
        self.limit = limit
        self.buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Parses the open file `descriptor` from where it stands to its end.
    /// - Throws: `JSONProblem` for text that is not JSON (or not allowed),
    ///   `ReadFailure` when reading fails or passes `limit` bytes.
    static func parse(descriptor: Int32, limit: Int?) throws -> Parsed {
        var parser = JSONStreamParser(limit: limit, read: reading(descriptor))
        return try parser.document()
    }

    /// The line and column where the value at `target` starts in the open file
    /// `descriptor`, read from where it stands; nil when the text has no such value.
    /// For messages about a value the decoder refused (only on that path).
    static func locate(_ target: [JSONProblem.Step], descriptor: Int32) -> Location? {
        var parser = JSONStreamParser(limit: nil, read: reading(descriptor))
        parser.target = target
        do { _ = try parser.document() } catch let location as Location { return location } catch {}
        return nil
    }

    /// Reads from `descriptor`, retrying a read a signal interrupted.
    private static func reading(_ descriptor: Int32) -> (UnsafeMutableRawBufferPointer) -> Int {
        { buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
                if count < 0 && errno == EINTR { continue }
                return count
            }
        }
    }

    /// Parses `bytes`, delivered `chunk` bytes at a time (tests use small chunks to cross every boundary).
    static func parse(_ bytes: [UInt8], chunk: Int = chunkSize) throws -> Parsed {
        var offset = 0
        var parser = JSONStreamParser(limit: nil) { buffer in
            let count = min(buffer.count, chunk, bytes.count - offset)
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.withUnsafeBytes { $0 }[offset..<offset + count]))
            offset += count
            return count
        }
        return try parser.document()
    }

    private mutating func document() throws -> Parsed {
        skipSpace()
        guard try peek() != nil else { throw problem("the file is empty: no JSON value") }
        let root = try value()
        skipSpace()
        guard try peek() == nil else {
            throw problem("text after the end of the JSON value: '\(try excerpt(continuing: []))'", at: [])
        }
        let count = bufferOffset + end
        return Parsed(value: root, byteCount: count, digest: ContentDigest.finish(digest, count: count))
    }

    // MARK: - Values

    private mutating func value() throws -> JSONValue {
        try arrive()
        guard let byte = try peek() else { throw problem("the file ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = bufferOffset + index
            guard let number = try number() else { return try word(from: start) }
            return .number(number.text)
        default: return try word(from: bufferOffset + index)
        }
    }

    /// Stops `locate` at its target.
    @inline(__always)
    private func arrive() throws {
        if let target, path == target {
            throw Location(line: line, column: bufferOffset + index - lineStart + 1)
        }
    }

    private mutating func enter() throws {
        guard path.count < Self.maximumDepth else {
            throw problem("lists and objects nested more than \(Self.maximumDepth) deep", syntax: false)
        }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        index += 1  // {
        var members: [String: JSONValue] = [:]
        var order: [String] = []
        skipSpace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members, order: order)
        }
        while true {
            skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw problem("expected a key in quotes, found \(try foundText())") }
            let key = try string()
            path.append(.key(key))
            guard members[key] == nil else { throw problem("the key \"\(key)\" appears twice in one object", syntax: false) }
            skipSpace()
            guard try peek() == UInt8(ascii: ":") else { throw problem("expected ':' after the key, found \(try foundText())") }
            index += 1
            skipSpace()
            members[key] = try value()
            order.append(key)
            path.removeLast()
            skipSpace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members, order: order)
            default: throw problem("expected ',' or '}' after a member of an object, found \(try foundText())")
            }
        }
    }

    /// A list, packed as `integers` or `doubles` while every element allows it.
    private mutating func array() throws -> JSONValue {
        try enter()
        index += 1  // [
        var packed = PackedList()
        skipSpace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return packed.value
        }
        var position = 0
        while true {
            skipSpace()
            path.append(.index(position))
            try arrive()
            let next = try peek()
            if next == UInt8(ascii: "-") || next.map(isDigit) == true {
                let start = bufferOffset + index
                if let number = try number() { packed.append(number) } else { packed.append(try word(from: start)) }
            } else {
                packed.append(try value())
            }
            path.removeLast()
            position += 1
            skipSpace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return packed.value
            default: throw problem("expected ',' or ']' after an element of a list, found \(try foundText())")
            }
        }
    }

    /// A string's text, escapes decoded.
    private mutating func string() throws -> String {
        let start = bufferOffset + index
        index += 1  // "
        var text: [UInt8] = []
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escapeStart = bufferOffset + index
                index += 1
                guard let escaped = try peek() else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var unit = try hexQuad(escapeAt: escapeStart)
                    if (0xD800..<0xDC00).contains(unit), try peek() == UInt8(ascii: "\\") {
                        index += 1
                        guard try peek() == UInt8(ascii: "u") else {
                            throw problem("a \\u escape of a high surrogate must be followed by a \\u escape of a low one")
                        }
                        let lowStart = bufferOffset + index - 1
                        index += 1
                        let low = try hexQuad(escapeAt: lowStart)
                        unit = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                    }
                    text += Array(String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}")).utf8)
                default:
                    throw problem(
                        "unknown escape '\\\(String(decoding: [escaped], as: UTF8.self))' in a string", at: path, offset: escapeStart)
                }
            case 0x00...0x1F:
                throw problem("a control character (0x\(String(byte, radix: 16))) inside a string: it must be escaped")
            default:
                text.append(byte)
                index += 1
            }
        }
        throw problem("a string that never ends (no closing quote)", at: path, offset: start)
    }

    private mutating func hexQuad(escapeAt offset: Int) throws -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = hexValue(byte) else {
                throw problem("a \\u escape needs four hexadecimal digits", at: path, offset: offset)
            }
            unit = unit << 4 | digit
            index += 1
        }
        return unit
    }

    /// A number's text, and whether it is a whole number in digits; nil for
    /// a '-' that no digit follows (`-Infinity`), left in `token` for `word(from:)`.
    private mutating func number() throws -> (text: String, whole: Bool)? {
        let start = bufferOffset + index
        token.removeAll(keepingCapacity: true)
        if try peek() == UInt8(ascii: "-") {
            token.append(UInt8(ascii: "-"))
            index += 1
            guard let first = try peek(), isDigit(first) else { return nil }
        }
        let first = try peek()!
        token.append(first)
        index += 1
        if first == UInt8(ascii: "0"), let next = try peek(), isDigit(next) || next | 0x20 == UInt8(ascii: "x") {
            throw problem("'\(try excerpt(continuing: token))' is not a JSON number (no leading zeros, no hexadecimal)", at: path, offset: start)
        }
        try takeDigits()
        var whole = true
        if try peek() == UInt8(ascii: ".") {
            whole = false
            token.append(UInt8(ascii: "."))
            index += 1
            guard let byte = try peek(), isDigit(byte) else {
                throw problem("'\(try excerpt(continuing: token))' is not a JSON number (digits must follow the point)", at: path, offset: start)
            }
            try takeDigits()
        }
        if let byte = try peek(), byte | 0x20 == UInt8(ascii: "e") {
            whole = false
            token.append(byte)
            index += 1
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                token.append(sign)
                index += 1
            }
            guard let byte = try peek(), isDigit(byte) else {
                throw problem("'\(try excerpt(continuing: token))' is not a JSON number (digits must follow the exponent)", at: path, offset: start)
            }
            try takeDigits()
        }
        if let byte = try peek(), isWordByte(byte) {
            try takeWordBytes()
            throw problem("'\(shortened(token))' is not a JSON number", at: path, offset: start)
        }
        let text = String(decoding: token, as: UTF8.self)
        // Only an exponent or more digits than a Double has room for can overflow.
        if !whole || token.count > 308, !(Double(text)?.isFinite ?? false) {
            throw problem("the number \(shortened(token)) is out of range (beyond ±1.8e308)", at: path, offset: start, syntax: false)
        }
        return (text, whole)
    }

    /// A bare word starting at file offset `start`; `token` holds what `number()` read of it, if anything.
    private mutating func word(from start: Int) throws -> JSONValue {
        if start == bufferOffset + index { token.removeAll(keepingCapacity: true) }
        try takeWordBytes()
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "NaN", "Infinity", "-Infinity", "nan", "inf", "-inf", "infinity":
            throw problem("\(text) is not a JSON number: every number must be finite and written in digits", at: path, offset: start, syntax: false)
        case "":
            throw problem("expected a value, found \(try foundText())", at: path, offset: start)
        default:
            throw problem(
                "'\(shortened(token))' is not a JSON value (true, false, null, a number, a string, a list or an object)", at: path, offset: start)
        }
    }

    // MARK: - Bytes

    /// The byte at the read position, reading the next chunk when this one is used up.
    @inline(__always)
    private mutating func peek() throws -> UInt8? {
        if index < end { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    private mutating func refill() throws -> Bool {
        if atEnd { return false }
        bufferOffset += end
        index = 0
        end = 0
        let count = buffer.withUnsafeMutableBytes { read($0) }
        if count < 0 { throw ReadFailure.system(String(cString: strerror(errno))) }
        if count == 0 {
            atEnd = true
            return false
        }
        end = count
        if let limit, bufferOffset + end > limit { throw ReadFailure.tooLarge(bufferOffset + end) }
        digest = ContentDigest.update(digest, with: buffer[0..<end])
        return true
    }

    private mutating func skipSpace() {
        while let byte = try? peek() {
            switch byte {
            case 0x0A:
                index += 1
                line += 1
                lineStart = bufferOffset + index
            case 0x20, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func takeDigits() throws {
        while let byte = try peek(), isDigit(byte) {
            token.append(byte)
            index += 1
        }
    }

    private mutating func takeWordBytes() throws {
        while let byte = try peek(), isWordByte(byte) {
            token.append(byte)
            index += 1
        }
    }

    /// "'text'" from the read position to the end of the line (at most 40 bytes), or "the end of the file".
    private mutating func foundText() throws -> String {
        try peek() == nil ? "the end of the file" : "'\(try excerpt(continuing: []))'"
    }

    /// `start` and then the bytes from the read position, to 40 bytes or the end of the line
    /// (the reference scan's excerpt of a token and what follows it). Reads on: only for a message.
    private mutating func excerpt(continuing start: [UInt8]) throws -> String {
        var text = start
        while text.count < 40, let byte = try peek(), byte != 0x0A || text.isEmpty {
            text.append(byte)
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func shortened(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(40), as: UTF8.self) + (bytes.count > 40 ? "..." : "")
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
        let lower = byte | 0x20
        return (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lower) ? UInt32(lower - UInt8(ascii: "a") + 10) : nil
    }

    /// Bytes that run on in a bare word or a malformed number (`NaN`, `0x10`, `1e5x`).
    private func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    private func problem(_ message: String, syntax: Bool = true) -> JSONProblem {
        problem(message, at: path, offset: bufferOffset + index, syntax: syntax)
    }

    /// `offset` is on the current line (no token spans lines).
    private func problem(_ message: String, at path: [JSONProblem.Step], offset: Int? = nil, syntax: Bool = true) -> JSONProblem {
        let offset = offset ?? bufferOffset + index
        return JSONProblem(
            path: JSONProblem.pathText(path), message: message, line: line, column: offset - lineStart + 1, isSyntax: syntax)
    }
}

/// A list's elements as they come: whole numbers into `[Int]`, then any
/// fraction turns the list into `[Double]`; anything else (or a number a
/// packed form would change) turns it into `[JSONValue]`.
private struct PackedList {
    private var integers: [Int] = []
    private var doubles: [Double]?
    private var values: [JSONValue]?

    /// Whole numbers a Double holds exactly (±2^53).
    private static let exactInDouble = -(1 << 53)...(1 << 53)

    var value: JSONValue {
        if let values { return .array(values) }
        if let doubles { return .doubles(doubles) }
        return .integers(integers)
    }

    mutating func append(_ number: (text: String, whole: Bool)) {
        if values != nil {
            values!.append(.number(number.text))
        } else if doubles != nil {
            if number.whole, let whole = Int(number.text), Self.exactInDouble.contains(whole) {
                doubles!.append(Double(whole))
            } else if !number.whole, let fraction = Double(number.text), fraction.rounded() != fraction {
                doubles!.append(fraction)
            } else {
                unpack()
                values!.append(.number(number.text))
            }
        } else if number.whole, let whole = Int(number.text) {
            integers.append(whole)
        } else if !number.whole, let fraction = Double(number.text), fraction.rounded() != fraction,
            integers.allSatisfy(Self.exactInDouble.contains)
        {
            doubles = integers.map(Double.init) + [fraction]
            integers = []
        } else {
            unpack()
            values!.append(.number(number.text))
        }
    }

    mutating func append(_ value: JSONValue) {
        unpack()
        values!.append(value)
    }

    /// The elements as values, from here on.
    private mutating func unpack() {
        if values == nil {
            if let doubles {
                values = doubles.map { .number($0 == $0.rounded() ? String(Int($0)) : "\($0)") }
            } else {
                values = integers.map { .number(String($0)) }
            }
            doubles = nil
            integers = []
        }
    }
}
