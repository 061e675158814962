/// A key script: what `framebench program` types into a program, and when.
///
/// The format is text, one step per line or several separated by `;`;
/// `#` outside quotes starts a comment (`"a#b"` types `a#b`). Each step is one of:
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
///     End noframe        a key (or resize) that should change nothing: the
///                        step expects no frame, and a frame in reply is
///                        reported as a doubt instead of being timed
///
/// Every number is range-checked as it is read (`KeyScript.limits`), so a
/// script that parses can run: counts x1...x1000000, at most 10000000
/// inputs in all, durations at most 1 hour. An empty string `""` and an
/// unclosed quote are errors naming their line.
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

    /// Where a step came from and what it expects, parallel to `steps`.
    public struct StepInfo: Equatable, Sendable {
        /// The key script line (1-based) the step was written on.
        public var line: Int
        /// False for a `noframe` step: a key that should change nothing.
        public var expectsFrame: Bool

        public init(line: Int, expectsFrame: Bool = true) {
            self.line = line
            self.expectsFrame = expectsFrame
        }
    }

    public var steps: [Step]
    /// One per step: its line and whether it expects a frame.
    public var info: [StepInfo]
    /// The script as written (results record it).
    public var source: String

    /// The largest `xN`, the most inputs a script may send, the longest `wait` or `every`.
    public static let maxRepeat = 1_000_000
    public static let maxInputs = 10_000_000
    public static let maxDuration = Duration.seconds(3600)

    public init(steps: [Step], source: String, info: [StepInfo]? = nil) {
        self.steps = steps
        self.info = info ?? steps.indices.map { StepInfo(line: $0 + 1) }
        self.source = source
    }

    /// The script on one line, comments dropped, in the words it was parsed
    /// from (`wait 1500ms; j x200; PageDown x10`): how results name it, so
    /// two scripts that differ only in comments and layout compare.
    public var oneLine: String {
        zip(steps, info).map { step, info in
            let noframe = info.expectsFrame ? "" : " noframe"
            switch step {
            case .wait(let duration): return "wait \(Self.format(duration))"
            case .resize(let cols, let rows): return "resize \(cols)x\(rows)" + noframe
            case .key(let key, let count, let interval):
                var words = [Self.format(key)]
                if count != 1 { words.append("x\(count)") }
                if let interval { words.append("every \(Self.format(interval))") }
                return words.joined(separator: " ") + noframe
            }
        }.joined(separator: "; ")
    }

    /// Step `index` in the words `oneLine` uses (the frame log names inputs by it).
    public func text(ofStep index: Int) -> String {
        KeyScript(steps: [steps[index]], source: "", info: [info[index]]).oneLine
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
        var info: [StepInfo] = []
        var inputs = 0
        for (lineIndex, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = lineIndex + 1
            for part in try Self.splitSteps(String(rawLine), line: line) {
                var words = Self.words(part)
                if words.isEmpty { continue }
                var expectsFrame = true
                if words.count > 1 && words.last == "noframe" {
                    expectsFrame = false
                    words.removeLast()
                }
                let step = try Self.step(words, line: line)
                if case .wait = step, !expectsFrame {
                    throw KeyScriptError(line: line, message: "'noframe' is for keys and resizes, not 'wait'")
                }
                switch step {
                case .key(_, let count, _): inputs += count
                case .resize: inputs += 1
                case .wait: break
                }
                guard inputs <= Self.maxInputs else {
                    throw KeyScriptError(line: line, message: "the script sends more than \(Self.maxInputs) inputs")
                }
                steps.append(step)
                info.append(StepInfo(line: line, expectsFrame: expectsFrame))
            }
        }
        self.init(steps: steps, source: source, info: info)
    }

    /// Splits a line at `;` outside quotes and drops its comment (`#`
    /// outside quotes); an unclosed quote is an error.
    private static func splitSteps(_ line: String, line number: Int) throws(KeyScriptError) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if character == "#" && !quoted { break }
            if character == ";" && !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if quoted { throw KeyScriptError(line: number, message: "a quote is not closed") }
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
            guard words.count == 2 else {
                throw KeyScriptError(line: line, message: "'wait' takes one duration such as 500ms")
            }
            return .wait(try duration(words[1], after: "wait", line: line))
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
            if word.hasPrefix("x"), word.count > 1, word.dropFirst().allSatisfy(\.isASCIIDigit) {
                guard let repeats = Int(word.dropFirst()), (1...maxRepeat).contains(repeats) else {
                    throw KeyScriptError(line: line, message: "repeat count '\(word)' must be x1...x\(maxRepeat)")
                }
                count = repeats
                index += 1
            } else if word == "every" {
                guard index + 1 < words.count else {
                    throw KeyScriptError(line: line, message: "'every' takes a duration such as 16ms")
                }
                interval = try duration(words[index + 1], after: "every", line: line)
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
            let text = String(word.dropFirst().dropLast())
            guard !text.isEmpty else {
                throw KeyScriptError(line: line, message: "an empty string \"\" types nothing")
            }
            return .text(text)
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

    /// A duration after `wait` or `every`, at most `maxDuration`.
    private static func duration(_ word: String, after: String, line: Int) throws(KeyScriptError) -> Duration {
        guard let duration = parseDuration(word) else {
            if word.first?.isASCIIDigit == true, (word.hasSuffix("s")) {
                throw KeyScriptError(line: line, message: "'\(after) \(word)': durations are at most 3600s")
            }
            throw KeyScriptError(line: line, message: "'\(after)' takes a duration such as \(after == "wait" ? "500ms" : "16ms")")
        }
        return duration
    }

    /// `16ms`, `2s`, `500us`: whole numbers from 0 to one hour (nil past it,
    /// so no later arithmetic on it can overflow).
    static func parseDuration(_ word: String) -> Duration? {
        let units: [(String, Int)] = [("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000)]
        for (suffix, scale) in units where word.hasSuffix(suffix) {
            let digits = word.dropLast(suffix.count)
            guard !digits.isEmpty, digits.count <= 13, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits)
            else { return nil }
            let nanoseconds = value.multipliedReportingOverflow(by: scale)
            guard !nanoseconds.overflow, nanoseconds.partialValue <= 3_600_000_000_000 else { return nil }
            return .nanoseconds(nanoseconds.partialValue)
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

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
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
