import ProgramDriver

/// Whether a peer did the same work as the reference: after every input,
/// the same list rows on its screen.
///
/// The screen after input k is the last frame answering k (the previous
/// screen when k drew nothing). The list rows are the screen's rows without
/// the first and the last (the chrome rule: every peer draws a header row
/// and a status line there, in its own words), each with trailing spaces
/// removed (a framework may pad a row with spaces or erase it). Colours are
/// not compared: libvterm's text is what both screens are read as.
public enum SameScreenCheck {
    /// The first difference found, or nil when every input's rows match.
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// The input (0-based among the script's inputs) after which the rows differ.
        public var input: Int
        /// The screen row (0-based, the header is row 0).
        public var row: Int
        public var expected: String
        public var found: String
        /// Whether the rows agree again after the next input: the mark of a
        /// frame the quiet gap cut while the program was still writing it (a
        /// stalled writer on a busy machine; the rest of the frame then
        /// counts for the next input). Still not comparable: the check cannot
        /// tell this from a peer that was briefly wrong.
        public var agreesAfterNextInput = false

        public var description: String {
            "after input \(input + 1), row \(row): expected '\(expected)', found '\(found)'"
                + (agreesAfterNextInput
                    ? " (the rows agree again after the next input: likely a frame cut by the quiet gap mid-write)"
                    : "")
        }
    }

    /// The list rows after each of `inputs` inputs (nil before the program drew anything).
    public static func listRows(_ frames: [ProgramFrame], inputs: Int) -> [[String]?] {
        var last: [String]? = frames.last { $0.input == nil && $0.lines != nil }?.lines
        var byInput = [[String]?](repeating: nil, count: inputs)
        var frameIndex = 0
        let answering = frames.filter { $0.input != nil }
        for input in 0..<inputs {
            while frameIndex < answering.count, let answered = answering[frameIndex].input,
                answered <= input
            {
                if let lines = answering[frameIndex].lines { last = lines }
                frameIndex += 1
            }
            byInput[input] = last.map(listRows(ofScreen:))
        }
        return byInput
    }

    /// A screen's list rows by the chrome rule above.
    public static func listRows(ofScreen lines: [String]) -> [String] {
        guard lines.count > 2 else { return [] }
        return lines[1..<(lines.count - 1)].map { line in
            var row = Substring(line)
            while row.last == " " { row = row.dropLast() }
            return String(row)
        }
    }

    /// Compares `frames` (a peer's run) with `reference` (the reference
    /// peer's run of the same script): nil when the list rows agree after
    /// every one of `inputs` inputs.
    public static func compare(_ frames: [ProgramFrame], with reference: [ProgramFrame], inputs: Int)
        -> Mismatch?
    {
        let expected = listRows(reference, inputs: inputs)
        let found = listRows(frames, inputs: inputs)
        for input in 0..<inputs {
            guard var mismatch = firstDifference(expected[input] ?? [], found[input] ?? [], input: input) else {
                continue
            }
            mismatch.agreesAfterNextInput =
                input + 1 < inputs
                && firstDifference(expected[input + 1] ?? [], found[input + 1] ?? [], input: 0) == nil
            return mismatch
        }
        return nil
    }

    private static func firstDifference(_ want: [String], _ have: [String], input: Int) -> Mismatch? {
        for row in 0..<Swift.max(want.count, have.count) {
            let wanted = row < want.count ? want[row] : "(no row)"
            let had = row < have.count ? have[row] : "(no row)"
            if wanted != had { return Mismatch(input: input, row: row + 1, expected: wanted, found: had) }
        }
        return nil
    }
}
