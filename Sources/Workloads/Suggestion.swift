/// "Did you mean": the known name closest to a mistyped one, when it is close
/// enough to be a typo (an edit distance of at most a third of the name, at
/// least 1 but less than its length, letters compared case-insensitively),
/// else nil. Used by every
/// "unknown ..." message: commands, options, scenarios, suite entries.
public enum Suggestion {
    /// The closest of `known` to `typed`, or nil; ties go to the first in `known`.
    public static func closest(to typed: String, in known: [String]) -> String? {
        let typedLetters = Array(typed.lowercased())
        guard !typedLetters.isEmpty else { return nil }
        // Less than the whole name: a one-letter suite 't' is not a typo of 's'.
        let limit = min(max(1, typedLetters.count / 3), typedLetters.count - 1)
        var best: (name: String, distance: Int)?
        for name in known {
            let distance = editDistance(typedLetters, Array(name.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        return best?.name
    }

    /// " (did you mean 'x'?)" or "".
    public static func clause(for typed: String, in known: [String], quote: String = "'") -> String {
        closest(to: typed, in: known).map { " (did you mean \(quote)\($0)\(quote)?)" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit
    /// (optimal string alignment): `framebench rnu` is one edit from `run`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
