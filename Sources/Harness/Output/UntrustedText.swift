/// Text that came from a file a user gave (benchmark names, machine fields,
/// paths), made safe for each output format.
///
/// A benchmark name is data, not terminal input: an ESC sequence in one must
/// not clear the screen, and a `|` must not split a Markdown table cell.
/// JSON (`JSONEncoder`, `JSONString.quote`) and JUnit (`JUnitReport.escape`) escape
/// on their own.
public enum UntrustedText {
    /// `text` with control characters (C0, DEL, C1) and bidirectional
    /// overrides shown as `\u{..}`, so a terminal prints them instead of
    /// obeying them. Newlines and tabs too, unless `keepsLineBreaks` (for
    /// multi-line messages).
    public static func terminal(_ text: String, keepsLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepsLineBreaks) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepsLineBreaks) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` for a Markdown table cell or paragraph: controls as in
    /// `terminal`, Markdown and HTML punctuation backslash-escaped or as
    /// entities, so it shows as written.
    public static func markdown(_ text: String) -> String {
        var out = ""
        for character in terminal(text) {
            switch character {
            case "|", "\\", "`", "*", "_", "[", "]", "#", "~", "!": out += "\\" + String(character)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: out.append(character)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepsLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepsLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidi embeddings, overrides and isolates: they reorder what follows on the line.
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
