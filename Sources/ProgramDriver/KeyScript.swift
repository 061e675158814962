/// A key script: what `framebench program` types into a program, and when.
///
/// The format is text, one step per line or several separated by `;`;
/// `#` starts a comment. Each step is one of:
///
///     j                  a character key, sent once
///     j x200             sent 200 times
///     j x200 every 16ms  200 times, one every 16 ms, whether or not the
///                        program has drawn its frame (open loop)
///     PageDown x10       a named key (see `NamedKey`), also `Ctrl-c`, `Alt-x`
///     "hello"            a string, typed as one write
///     wait 500ms         nothing sent for 500 ms (units: us, ms, s)
///     resize 80x24       the terminal becomes 80 columns by 24 rows
///                        (SIGWINCH reaches the program)
///
/// Without `every`, each key waits for the frame it causes (closed loop:
/// the frame is complete at the sync-end marker or after the quiescence
/// gap), up to the frame timeout, before the next key is sent, so each
/// frame's latency belongs to one key.
public struct KeyScript: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        /// A key (or string) sent `count` times; `interval` nil = wait for each frame.
        case key(Key, count: Int, interval: Duration?)
        case wait(Duration)
        case resize(cols: Int, rows: Int)
    }

    /// A key as the terminal sends it: the emulator encodes it for the
    /// program's current modes (cursor keys in application mode, ...).
    public enum Key: Equatable, Sendable {
        case character(Unicode.Scalar, modifiers: KeyModifiers)
        case named(NamedKey, modifiers: KeyModifiers)
        case text(String)
    }

    public var steps: [Step]
    /// The script as written (results record it).
    public var source: String

    public init(steps: [Step], source: String) {
        self.steps = steps
        self.source = source
    }

    /// The script on one line, comments dropped, in the words it was parsed
    /// from (`wait 1500ms; j x200; PageDown x10`): how results name it, so
    /// two scripts that differ only in comments and layout compare.
    public var oneLine: String {
        steps.map { step in
            switch step {
            case .wait(let duration): return "wait \(Self.format(duration))"
            case .resize(let cols, let rows): return "resize \(cols)x\(rows)"
            case .key(let key, let count, let interval):
                var words = [Self.format(key)]
                if count != 1 { words.append("x\(count)") }
                if let interval { words.append("every \(Self.format(interval))") }
                return words.joined(separator: " ")
            }
        }.joined(separator: "; ")
    }

    private static func format(_ duration: Duration) -> String {
        let microseconds = duration.nanoseconds / 1_000
        if microseconds % 1_000_000 == 0 { return "\(microseconds / 1_000_000)s" }
        if microseconds % 1_000 == 0 { return "\(microseconds / 1_000)ms" }
        return "\(microseconds)us"
    }

    private static func format(_ key: Key) -> String {
        func prefix(_ modifiers: KeyModifiers) -> String {
            (modifiers.contains(.control) ? "Ctrl-" : "") + (modifiers.contains(.alt) ? "Alt-" : "")
                + (modifiers.contains(.shift) ? "Shift-" : "")
        }
        switch key {
        case .character(let scalar, let modifiers): return prefix(modifiers) + String(Character(scalar))
        case .named(let named, let modifiers): return prefix(modifiers) + named.name
        case .text(let text): return "\"\(text)\""
        }
    }

    /// Inputs sent over the whole script: keys and resizes.
    public var inputCount: Int {
        steps.reduce(0) { total, step in
            switch step {
            case .key(_, let count, _): return total + count
            case .resize: return total + 1
            case .wait: return total
            }
        }
    }

    /// Parses a script; errors name the line and the token that is wrong.
    public init(parsing source: String) throws(KeyScriptError) {
        var steps: [Step] = []
        for (lineIndex, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for part in Self.splitSteps(String(line)) {
                let words = Self.words(part)
                if words.isEmpty { continue }
                steps.append(try Self.step(words, line: lineIndex + 1))
            }
        }
        self.init(steps: steps, source: source)
    }

    /// Splits a line at `;` outside quotes.
    private static func splitSteps(_ line: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// Words separated by spaces; a quoted string is one word (quotes kept).
    private static func words(_ part: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in part {
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func step(_ words: [String], line: Int) throws(KeyScriptError) -> Step {
        let head = words[0]
        if head == "wait" {
            guard words.count == 2, let duration = parseDuration(words[1]) else {
                throw KeyScriptError(line: line, message: "'wait' takes one duration such as 500ms")
            }
            return .wait(duration)
        }
        if head == "resize" {
            guard words.count == 2, let size = parseSize(words[1]) else {
                throw KeyScriptError(line: line, message: "'resize' takes COLSxROWS such as 80x24")
            }
            return .resize(cols: size.cols, rows: size.rows)
        }
        let key = try parseKey(head, line: line)
        var count = 1
        var interval: Duration? = nil
        var index = 1
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("x"), let repeats = Int(word.dropFirst()) {
                guard repeats > 0 else {
                    throw KeyScriptError(line: line, message: "repeat count '\(word)' must be at least x1")
                }
                count = repeats
                index += 1
            } else if word == "every" {
                guard index + 1 < words.count, let duration = parseDuration(words[index + 1]) else {
                    throw KeyScriptError(line: line, message: "'every' takes a duration such as 16ms")
                }
                interval = duration
                index += 2
            } else {
                throw KeyScriptError(
                    line: line, message: "unexpected '\(word)' after key '\(head)' (expected xN or every T)")
            }
        }
        return .key(key, count: count, interval: interval)
    }

    private static func parseKey(_ word: String, line: Int) throws(KeyScriptError) -> Key {
        if word.count >= 2 && word.hasPrefix("\"") && word.hasSuffix("\"") {
            return .text(String(word.dropFirst().dropLast()))
        }
        var modifiers = KeyModifiers()
        var name = Substring(word)
        while true {
            if let rest = name.dropPrefix("Ctrl-") ?? name.dropPrefix("C-") {
                modifiers.insert(.control)
                name = rest
            } else if let rest = name.dropPrefix("Alt-") ?? name.dropPrefix("M-") {
                modifiers.insert(.alt)
                name = rest
            } else if let rest = name.dropPrefix("Shift-") ?? name.dropPrefix("S-") {
                modifiers.insert(.shift)
                name = rest
            } else {
                break
            }
        }
        if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first, scalar.value >= 0x21,
            scalar.value != 0x7F
        {
            return .character(scalar, modifiers: modifiers)
        }
        if let named = NamedKey(name: String(name)) { return .named(named, modifiers: modifiers) }
        throw KeyScriptError(
            line: line,
            message:
                "unknown key '\(word)' (a character, a quoted string, or one of: \(NamedKey.allCases.map(\.name).joined(separator: ", ")))"
        )
    }

    /// `16ms`, `2s`, `500us`.
    static func parseDuration(_ word: String) -> Duration? {
        let units: [(String, (Int) -> Duration)] = [
            ("us", { .microseconds($0) }), ("ms", { .milliseconds($0) }), ("s", { .seconds($0) }),
        ]
        for (suffix, make) in units where word.hasSuffix(suffix) {
            guard let value = Int(word.dropLast(suffix.count)), value >= 0 else { return nil }
            return make(value)
        }
        return nil
    }

    /// `80x24`, both at least 1 and at most 1000.
    public static func parseSize(_ word: String) -> (cols: Int, rows: Int)? {
        let parts = word.split(separator: "x")
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]), (1...1000).contains(cols),
            (1...1000).contains(rows)
        else { return nil }
        return (cols, rows)
    }
}

extension Substring {
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) && count > prefix.count ? dropFirst(prefix.count) : nil
    }
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Equatable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
}

/// Keys a script names (case-insensitive): `Enter`, `PageDown`, `F5`...
public enum NamedKey: String, CaseIterable, Equatable, Sendable {
    case enter, tab, backspace, escape, space
    case up, down, left, right
    case insert, delete, home, end, pageUp, pageDown
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12

    /// The name scripts use.
    public var name: String {
        switch self {
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12: return rawValue.uppercased()
        default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    public init?(name: String) {
        let aliases: [String: NamedKey] = [
            "esc": .escape, "return": .enter, "pgup": .pageUp, "pgdn": .pageDown, "del": .delete,
        ]
        let lowered = name.lowercased()
        if let alias = aliases[lowered] {
            self = alias
            return
        }
        guard let key = NamedKey.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = key
    }
}

/// A key script that cannot be read: the line and what is wrong.
public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "key script line \(line): \(message)" }
}
