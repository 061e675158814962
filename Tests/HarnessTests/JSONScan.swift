@testable import Harness

/// One pass over JSON text in memory that checks it as strictly as RFC 8259
/// does and, at the first problem, says where: the key path
/// (`scenarios[0].settings.frames`), the text found there, and the line and
/// column.
///
/// The reference `JSONStreamParser` is tested against: files are read by
/// the streaming parser, which must find the same problems as this scan of
/// the whole text (`JSONStreamParserTests`, `HostileInputTests`). It was the
/// harness' reader before the streaming one; only tests use it, so it lives
/// here. `JSONProblem` is the vocabulary both share.
///
/// What it refuses beyond a syntax error: `NaN`, `Infinity` and other bare
/// words; numbers outside JSON's grammar (`+1`, `0x10`, `01`, `1.`) or beyond
/// a Double (`1e400`); a key given twice in one object (decoders keep one of
/// them silently); text after the top-level value.
///
/// - Complexity: O(n) in the bytes, O(depth + open keys) memory.
struct JSONScan {
    typealias Problem = JSONProblem
    typealias Step = JSONProblem.Step

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var path: [Step] = []

    /// Scans `bytes`; throws the first `Problem`.
    static func check(_ bytes: UnsafeRawBufferPointer) throws(Problem) -> JSONScan {
        var scan = JSONScan(bytes: bytes)
        scan.skipSpace()
        guard scan.position < bytes.count else { throw scan.problem("the file is empty: no JSON value") }
        try scan.value()
        scan.skipSpace()
        guard scan.position == bytes.count else {
            throw scan.problem("text after the end of the JSON value: '\(scan.excerpt(at: scan.position))'", at: [])
        }
        return scan
    }

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// What the scan finds wrong with `text`, or nil when it is JSON.
    static func problem(in text: String) -> Problem? {
        Array(text.utf8).withUnsafeBytes { bytes -> Problem? in
            do {
                _ = try check(bytes)
                return nil
            } catch let problem as Problem {
                return problem
            } catch {
                return nil
            }
        }
    }

    // MARK: - Values

    private mutating func value() throws(Problem) {
        guard position < bytes.count else { throw problem("the file ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string(keepsText: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: try word()
        }
    }

    private mutating func object() throws(Problem) {
        position += 1  // {
        var keys = Set<String>()
        skipSpace()
        if peek == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else {
                throw problem("expected a key in quotes, found \(foundText)")
            }
            let key = try string(keepsText: true)
            path.append(.key(key))
            guard keys.insert(key).inserted else { throw problem("the key \"\(key)\" appears twice in one object", syntax: false) }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw problem("expected ':' after the key, found \(foundText)") }
            position += 1
            skipSpace()
            try value()
            path.removeLast()
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return
            default: throw problem("expected ',' or '}' after a member of an object, found \(foundText)")
            }
        }
    }

    private mutating func array() throws(Problem) {
        position += 1  // [
        skipSpace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return
        }
        var index = 0
        while true {
            skipSpace()
            path.append(.index(index))
            try value()
            path.removeLast()
            index += 1
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return
            default: throw problem("expected ',' or ']' after an element of a list, found \(foundText)")
            }
        }
    }

    /// A string; its text (escapes decoded) when `keepsText`, for keys.
    private mutating func string(keepsText: Bool) throws(Problem) -> String {
        let start = position
        position += 1  // "
        var text = keepsText ? [UInt8]() : []
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return keepsText ? String(decoding: text, as: UTF8.self) : ""
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count else { break }
                let escaped = bytes[position + 1]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    if keepsText { text.append(escaped) }
                    position += 2
                case UInt8(ascii: "u"):
                    guard position + 5 < bytes.count, (2...5).allSatisfy({ isHexDigit(bytes[position + $0]) }) else {
                        throw problem("a \\u escape needs four hexadecimal digits")
                    }
                    if keepsText { text += Array(bytes[position..<position + 6]) }
                    position += 6
                default:
                    throw problem("unknown escape '\\\(String(decoding: [escaped], as: UTF8.self))' in a string")
                }
            case 0x00...0x1F:
                throw problem("a control character (0x\(String(byte, radix: 16))) inside a string: it must be escaped")
            default:
                if keepsText { text.append(byte) }
                position += 1
            }
        }
        position = start
        throw problem("a string that never ends (no closing quote)")
    }

    private mutating func number() throws(Problem) {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else {
            position = start
            return try word()  // -Infinity, or a stray '-'
        }
        position += 1
        if first == UInt8(ascii: "0"), let next = peek, isDigit(next) || next == UInt8(ascii: "x") || next == UInt8(ascii: "X") {
            throw problem("'\(excerpt(at: start))' is not a JSON number (no leading zeros, no hexadecimal)", at: path, offset: start)
        }
        while let byte = peek, isDigit(byte) { position += 1 }
        var exponent = false
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let byte = peek, isDigit(byte) else {
                throw problem("'\(excerpt(at: start))' is not a JSON number (digits must follow the point)", at: path, offset: start)
            }
            while let byte = peek, isDigit(byte) { position += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            exponent = true
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let byte = peek, isDigit(byte) else {
                throw problem("'\(excerpt(at: start))' is not a JSON number (digits must follow the exponent)", at: path, offset: start)
            }
            while let byte = peek, isDigit(byte) { position += 1 }
        }
        if let byte = peek, isWordByte(byte) {
            while let byte = peek, isWordByte(byte) { position += 1 }
            throw problem("'\(excerpt(from: start, to: position))' is not a JSON number", at: path, offset: start)
        }
        // Only an exponent or more digits than a Double has room for can overflow.
        if exponent || position - start > 308 {
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw problem("the number \(excerpt(from: start, to: position)) is out of range (beyond ±1.8e308)", at: path, offset: start, syntax: false)
            }
        }
    }

    private mutating func word() throws(Problem) {
        let start = position
        while let byte = peek, isWordByte(byte) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        switch text {
        case "true", "false", "null": return
        case "NaN", "Infinity", "-Infinity", "nan", "inf", "-inf", "infinity":
            throw problem("\(text) is not a JSON number: every number must be finite and written in digits", at: path, offset: start, syntax: false)
        case "":
            throw problem("expected a value, found \(foundText)", at: path, offset: start)
        default:
            throw problem("'\(excerpt(from: start, to: position))' is not a JSON value (true, false, null, a number, a string, a list or an object)", at: path, offset: start)
        }
    }

    // MARK: - Bytes

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private var foundText: String {
        position < bytes.count ? "'\(excerpt(at: position))'" : "the end of the file"
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// Bytes that run on in a bare word or a malformed number (`NaN`, `0x10`, `1e5x`).
    private func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    /// Up to 40 bytes from `start` (to the end of the line), for messages.
    private func excerpt(at start: Int) -> String {
        var end = start
        while end < bytes.count && end - start < 40 && bytes[end] != 0x0A { end += 1 }
        return excerpt(from: start, to: max(end, min(start + 1, bytes.count)))
    }

    private func excerpt(from start: Int, to end: Int) -> String {
        let shown = min(end, start + 40)
        return String(decoding: bytes[start..<shown], as: UTF8.self) + (shown < end ? "..." : "")
    }

    private func problem(_ message: String, syntax: Bool = true) -> Problem {
        problem(message, at: path, offset: position, syntax: syntax)
    }

    private func problem(_ message: String, at path: [Step], offset: Int? = nil, syntax: Bool = true) -> Problem {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return Problem(
            path: JSONProblem.pathText(path), message: message, line: line, column: offset - lineStart + 1, isSyntax: syntax)
    }
}
